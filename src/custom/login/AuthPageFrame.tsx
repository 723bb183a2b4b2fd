import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import { frShell as fr, format } from '../../i18n/fr-shell';

/**
 * The frame of the login and registration pages: the town's header and copyright footer (the town's
 * name from the public settings). Before a citizen (`citizen`: a link of a citizen's e-mail), the
 * town hall speaks, not the staff's tool.
 */
export function AuthPageFrame({ children, town: siteName, citizen = false }: { children: ReactNode; town?: string; citizen?: boolean }) {
  const town = siteName || fr.app.defaultTownName;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Box sx={{ width: '100%', maxWidth: 440 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, mb: 3 }}>
            <AccountBalanceIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
            <Box>
              <Typography component="p" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
                {citizen ? format(fr.app.townHall, { town }) : fr.app.name}
              </Typography>
              {!citizen && (
                <Typography component="p" variant="body2" color="text.secondary">
                  {town}
                </Typography>
              )}
            </Box>
          </Box>
          {children}
        </Box>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', py: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {format(fr.app.copyright, { year: new Date().getFullYear(), town })}
        </Typography>
      </Box>
    </Box>
  );
}
