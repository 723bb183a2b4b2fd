import { useState } from 'react';
import { useCanAccess, useGetIdentity, useLogout } from 'ra-core';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import PersonIcon from '@mui/icons-material/PersonOutline';
import NotificationsIcon from '@mui/icons-material/NotificationsActiveOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import type { Identity } from '../../providers/authProvider';
import { fr } from '../../i18n/fr';
import { useToast } from '../../common/toast';
import { PreferencesDialog } from '../../resources/notifications/PreferencesDialog';
import { visuallyHidden } from '@mui/utils';

function initials(name: string) {
  return name
    .split(/[\s._@-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** Mon profil, Préférences de notifications, Se déconnecter (with its toast). */
export function UserMenu() {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  // Only roles with the notifications module receive notifications (specification section 6).
  const { canAccess: canNotify } = useCanAccess({ resource: 'notifications', action: 'list' });
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
        sx={{ gap: 1, minWidth: 0, px: 0.5 }}
      >
        <Avatar aria-hidden sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {initials(user.fullName)}
        </Avatar>
        {/* The accessible name holds the visible name (WCAG 2.5.3). */}
        <Box component="span" sx={visuallyHidden}>
          {fr.header.userMenu}{' '}
        </Box>
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          {user.fullName}
        </Box>
      </Button>
      <Menu id="user-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
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
            setProfileOpen(true);
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
        <Divider />
        <MenuItem
          onClick={async () => {
            setAnchor(null);
            await logout();
            toast({ title: fr.auth.logoutTitle, description: fr.auth.logoutMessage, variant: 'success' });
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{fr.header.logout}</ListItemText>
        </MenuItem>
      </Menu>
      <Dialog open={profileOpen} onClose={() => setProfileOpen(false)} aria-labelledby="profile-title">
        <DialogTitle id="profile-title">{fr.profile.title}</DialogTitle>
        <DialogContent>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
            <Typography component="dt" color="text.secondary">{fr.profile.username}</Typography>
            <Typography component="dd" sx={{ m: 0 }}>{user.fullName}</Typography>
            <Typography component="dt" color="text.secondary">{fr.profile.email}</Typography>
            <Typography component="dd" sx={{ m: 0 }}>{user.email}</Typography>
            <Typography component="dt" color="text.secondary">{fr.profile.role}</Typography>
            <Typography component="dd" sx={{ m: 0 }}>{user.roleLabel}</Typography>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setProfileOpen(false)}>{fr.profile.close}</Button>
        </DialogActions>
      </Dialog>
      <PreferencesDialog open={preferencesOpen} onClose={() => setPreferencesOpen(false)} />
    </>
  );
}
