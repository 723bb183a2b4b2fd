import type { ReactNode } from 'react';
import { useLogout } from 'ra-core';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { can } from '@mamoudzou/domain/permissions';
import { AuthChecking } from '../../common/access/AuthChecking';
import { useToast } from '../../common/toast';
import { fr } from '../../i18n/fr';
import { PUBLIC_SETTINGS_KEY, usePublicSettings } from '../../providers/settings';
import { AuthPageFrame } from '../login/AuthPageFrame';
import { usePermissionsNow } from '../../common/access/useAccess';

const t = fr.maintenance;

/** Maintenance mode as the signed-in user meets it: whether it is on and whether they are an administrator. */
function useMaintenance() {
  const settings = usePublicSettings();
  const { permissions, isPending } = usePermissionsNow();
  return { on: settings.maintenanceMode, message: settings.maintenanceMessage, isPending, admin: can(permissions?.role, 'maintenance', 'edit') };
}

/** What non-administrators see while maintenance is on: the administrators' message, retry and logout. */
export function MaintenanceScreen({ message }: { message: string }) {
  const queryClient = useQueryClient();
  const logout = useLogout();
  const toast = useToast();
  return (
    <AuthPageFrame>
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <ConstructionIcon color="warning" sx={{ fontSize: 48 }} aria-hidden />
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, my: 1 }}>
          {t.title}
        </Typography>
        <Typography sx={{ mb: 1 }}>{message || t.intro}</Typography>
        {message && message !== t.intro && (
          <Typography variant="body2" color="text.secondary">
            {t.intro}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mt: 3 }}>
          <Button variant="contained" onClick={() => void queryClient.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY })}>
            {t.retry}
          </Button>
          <Button
            onClick={async () => {
              await logout();
              toast({ title: fr.auth.logoutTitle, description: fr.auth.logoutMessage, variant: 'success' });
            }}
          >
            {t.logout}
          </Button>
        </Stack>
      </Paper>
    </AuthPageFrame>
  );
}

/** While maintenance is on, non-administrators get the maintenance screen instead of the back-office. */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { on, message, isPending, admin } = useMaintenance();
  if (!on) return <>{children}</>;
  if (isPending) return <AuthChecking fullPage />;
  return admin ? <>{children}</> : <MaintenanceScreen message={message} />;
}

/** Administrators keep working during maintenance, reminded by a banner. */
export function MaintenanceBanner() {
  const { on, message, admin } = useMaintenance();
  if (!on || !admin) return null;
  return (
    <Alert severity="warning" sx={{ borderRadius: 0 }} role="status">
      <strong>{t.banner}</strong>
      {message ? ` ${message}` : ''}
    </Alert>
  );
}
