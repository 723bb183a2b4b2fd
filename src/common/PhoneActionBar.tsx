import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';

/** Its height, as the page keeps room for it under its content (the bar's padding and a 48 px button). */
const BAR_HEIGHT = 'calc(64px + env(safe-area-inset-bottom, 0px))';

/**
 * A screen's main action on a phone, at the bottom of the screen where the thumb reaches, above the
 * content (which keeps room for it so that nothing ends under it). A region named `label`.
 */
export function PhoneActionBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box aria-hidden sx={{ height: BAR_HEIGHT }} />
      <Paper
        component="section"
        aria-label={label}
        square
        elevation={8}
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: 'appBar',
          display: 'flex',
          gap: 1,
          px: 1.5,
          pt: 1,
          pb: 'calc(8px + env(safe-area-inset-bottom, 0px))',
          '& > *': { flex: 1, minHeight: 48 },
        }}
      >
        {children}
      </Paper>
    </>
  );
}
