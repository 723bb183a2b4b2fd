import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { fr } from '../../i18n/fr';

/** Shown while the session is being checked. */
export function AuthChecking({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, minHeight: fullPage ? '100vh' : 240 }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{fr.auth.checking}</Typography>
    </Box>
  );
}

export default function AuthCheckingPage() {
  return <AuthChecking fullPage />;
}
