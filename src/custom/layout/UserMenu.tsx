import { lazy, Suspense, useState } from 'react';
import { useLogout } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { LazyMenu } from '../../common/LazyOverlays';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import PersonIcon from '@mui/icons-material/PersonOutline';
import NotificationsIcon from '@mui/icons-material/NotificationsActiveOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import type { Identity } from '../../providers/authProvider';
import { fr, format } from '../../i18n/fr';
import { useQueuedWrites } from '../../providers/OfflineContext';
import { useToast } from '../../common/toast';
import { PROFILE_PATH } from '../pages';
import { UserAvatar } from '../../common/UserAvatar';
// The warning before a logout that would forget unsent writes. Imported as is: the shell has it already
// (the notification bell's « Tout effacer »), a lazy import of it only made the bundler warn.
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useIsPhone } from '../../common/breakpoints';
import { ThemeMenuItems } from './ThemeMenu';
import { visuallyHidden } from '@mui/utils';
import { useAccess, useIdentity } from '../../common/access/useAccess';

/** The notification preferences: loaded the first time they are opened, not with every screen. */
const PreferencesDialog = lazy(() => import('../../resources/notifications/PreferencesDialog').then((m) => ({ default: m.PreferencesDialog })));

/** Mon profil, Préférences de notifications, Se déconnecter (with its toast). */
export function UserMenu() {
  const { identity } = useIdentity();
  const logout = useLogout();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const phone = useIsPhone();
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  // Mounted from its first opening on, so that it closes with its transition.
  const [preferencesWanted, setPreferencesWanted] = useState(false);
  if (preferencesOpen && !preferencesWanted) setPreferencesWanted(true);
  // Only roles with the notifications module receive notifications (domain/permissions.ts).
  const { canAccess: canNotify } = useAccess({ resource: 'notifications', action: 'list' });
  const unsent = useQueuedWrites().length;
  const [confirmLogout, setConfirmLogout] = useState(false);
  const logOut = async () => {
    await logout();
    toast({ title: fr.auth.logoutTitle, description: fr.auth.logoutMessage, variant: 'success' });
  };
  const user = identity as Identity | undefined;
  if (!user) return null;
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ gap: 1, minWidth: 44, px: 0.5 }}
      >
        <UserAvatar name={user.fullName} />
        {/* The accessible name holds the visible name (WCAG 2.5.3). */}
        <Box component="span" sx={visuallyHidden}>
          {fr.header.userMenu}{' '}
        </Box>
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          {user.fullName}
        </Box>
      </Button>
      <LazyMenu id="user-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{user.fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.roleLabel}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(PROFILE_PATH);
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{fr.header.profile}</ListItemText>
        </MenuItem>
        {canNotify && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setPreferencesOpen(true);
            }}
          >
            <ListItemIcon>
              <NotificationsIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{fr.header.notificationPreferences}</ListItemText>
          </MenuItem>
        )}
        {/* On a phone the header has no room for the theme button: its choices are here. */}
        {phone && <Divider />}
        {phone && <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>{fr.header.theme}</ListSubheader>}
        {phone && <ThemeMenuItems onChosen={() => setAnchor(null)} />}
        <Divider />
        <MenuItem
          onClick={async () => {
            setAnchor(null);
            // Logging out forgets what waits on the device: said first, not lost unseen.
            if (unsent > 0) return setConfirmLogout(true);
            await logOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{fr.header.logout}</ListItemText>
        </MenuItem>
      </LazyMenu>
      {confirmLogout && (
        <ConfirmDialog
          open
          title={fr.offline.logoutTitle}
          message={format(unsent === 1 ? fr.offline.logoutMessageOne : fr.offline.logoutMessage, { count: unsent })}
          confirmLabel={fr.offline.logoutConfirm}
          cancelLabel={fr.offline.logoutCancel}
          destructive
          onClose={() => setConfirmLogout(false)}
          onConfirm={() => {
            setConfirmLogout(false);
            void logOut();
          }}
        />
      )}
      {preferencesWanted && (
        <Suspense fallback={null}>
          <PreferencesDialog open={preferencesOpen} onClose={() => setPreferencesOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
