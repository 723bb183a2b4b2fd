import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A titled group of settings with its help text (the heading level under the page's h1 and the tab). */
export function SettingsSection({ id, title, help, children }: { id: string; title: string; help: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`settings-${id}`} sx={{ mb: 3, width: '100%', maxWidth: 760 }}>
      <Typography id={`settings-${id}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {help}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>{children}</Box>
    </Box>
  );
}
