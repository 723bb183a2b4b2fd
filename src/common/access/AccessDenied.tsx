import { Link } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import { fr, format } from '../../i18n/fr';
import { useIdentity } from './useAccess';

/** "Accès refusé", the explanation, and the required and current roles. */
export function AccessDenied({ requiredRole }: { requiredRole?: string }) {
  const { identity } = useIdentity();
  const current = (identity as { roleLabel?: string } | undefined)?.roleLabel ?? fr.access.noRole;
  return (
    <Box component="section" role="alert" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <LockIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        {fr.access.deniedTitle}
      </Typography>
      <Typography color="text.secondary">{fr.access.deniedMessage}</Typography>
      <Typography sx={{ mt: 2 }} color="text.secondary">
        {requiredRole
          ? format(fr.access.requiredRole, { required: requiredRole, current })
          : format(fr.access.currentRoleOnly, { current })}
      </Typography>
      <Button component={Link} to="/" variant="contained" sx={{ mt: 3 }}>
        {fr.access.back}
      </Button>
    </Box>
  );
}

/** react-admin's /access-denied page (a refusal from canAccess). */
export default function AccessDeniedPage() {
  return <AccessDenied />;
}
