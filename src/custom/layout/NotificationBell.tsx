import { useId, useState } from 'react';
import { useDelete, useUpdate, type RaRecord } from 'ra-core';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import { LazyPopover } from '../../common/LazyOverlays';
import { Hint } from '../../common/Hint';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DoneIcon from '@mui/icons-material/Done';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Badge as Tag } from '../../common/Badge';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { formatDate } from '../../i18n/dates';
import { fr, format } from '../../i18n/fr';
import { CATEGORY_ICONS, PRIORITY_TONES } from '../../resources/notifications/notificationLook';
import { ClearAllDialog } from '../../resources/notifications/ClearAllDialog';
import { RESOURCE, useMarkOpened, useNotificationCommands, useRecentNotifications, useUnreadCount } from '../../resources/notifications/useNotifications';
import { useAccess } from '../../common/access/useAccess';

const n = fr.notifications;

function Item({ notification, onOpen }: { notification: RaRecord; onOpen: (n: RaRecord) => void }) {
  const toast = useToast();
  const [update] = useUpdate();
  const [remove] = useDelete();
  const Icon = CATEGORY_ICONS[notification.category as string] ?? NotificationsIcon;
  const failed = (error: unknown) => toast({ title: n.errorTitle, description: `${n.errorMessage} ${frenchErrorMessage(error)}`, variant: 'destructive' });
  const title = String(notification.title ?? '');
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, px: 2, py: 1, bgcolor: notification.read ? undefined : 'action.hover', alignItems: 'flex-start' }}>
      <Box sx={{ pt: 0.25 }} aria-hidden>
        <Icon fontSize="small" color="action" />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Button
          onClick={() => onOpen(notification)}
          sx={{ p: 0, minWidth: 0, textAlign: 'left', justifyContent: 'flex-start', fontWeight: notification.read ? 400 : 700, color: 'text.primary', display: 'block', width: '100%' }}
        >
          {title}
        </Button>
        {notification.message ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {String(notification.message)}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <Tag label={n.priorities[notification.priority as keyof typeof n.priorities] ?? String(notification.priority)} tone={PRIORITY_TONES[notification.priority as string] ?? 'grey'} />
          <Typography variant="caption" color="text.secondary">
            {formatDate(notification.createdAt)}
          </Typography>
        </Box>
      </Box>
      {!notification.read && (
        <IconButton
          size="small"
          aria-label={format(n.markRead, { title })}
          onClick={() => update(RESOURCE, { id: notification.id, data: { read: true }, previousData: { id: notification.id } }, { mutationMode: 'pessimistic', onError: failed })}
        >
          <DoneIcon fontSize="small" />
        </IconButton>
      )}
      <IconButton size="small" aria-label={format(n.delete, { title })} onClick={() => remove(RESOURCE, { id: notification.id, previousData: notification }, { mutationMode: 'pessimistic', onError: failed })}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/**
 * The bell: the unread badge ("99+" above 99), "Tout marquer
 * comme lu", the 10 most recent with mark-read and delete, a click going where the notification points,
 * "Aucune notification", "Voir toutes les notifications", "Effacer toutes les notifications".
 */
export function NotificationBell() {
  const { canAccess } = useAccess({ resource: RESOURCE, action: 'list' });
  const enabled = canAccess === true;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const { data: unread = 0 } = useUnreadCount(enabled);
  const recent = useRecentNotifications(enabled && !!anchor);
  const { markAllRead } = useNotificationCommands();
  const [clearing, setClearing] = useState(false);
  const markOpened = useMarkOpened();
  if (!enabled) return null;

  const failed = (error: unknown) => toast({ title: n.errorTitle, description: `${n.errorMessage} ${frenchErrorMessage(error)}`, variant: 'destructive' });
  const open = (notification: RaRecord) => {
    const url = (notification.data as { url?: unknown } | null)?.url;
    markOpened(notification);
    if (typeof url === 'string' && url.startsWith('/')) {
      setAnchor(null);
      navigate(url);
    }
  };
  const items = recent.data ?? [];
  const label = unread > 0 ? format(n.bellUnread, { n: unread > 99 ? '99+' : unread }) : n.bell;

  return (
    <>
      <Hint title={n.bell}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="dialog" aria-expanded={anchor ? 'true' : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
          {/* No badge at zero: a hidden "0" would still be text of the button (WCAG 2.5.3). */}
          {unread > 0 ? (
            <Badge badgeContent={unread} max={99} color="error">
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
        </IconButton>
      </Hint>
      <LazyPopover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: 'calc(100vw - 16px)', sm: 380 }, maxHeight: 560, display: 'flex', flexDirection: 'column' } } as never }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {n.title}
          </Typography>
          {unread > 0 && (
            <Button
              size="small"
              disabled={markAllRead.isPending}
              onClick={(e) => {
                // The button goes away (disabled, then nothing unread): focus stays in the dropdown so Escape still closes it.
                e.currentTarget.closest<HTMLElement>('[role="dialog"]')?.focus();
                markAllRead.mutate(undefined, { onError: failed });
              }}
            >
              {n.markAllRead}
            </Button>
          )}
        </Box>
        <Divider />
        <Box sx={{ overflowY: 'auto', flex: 1 }}>
          {recent.isPending ? (
            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
              <CircularProgress size={18} aria-hidden />
              <Typography variant="body2">{n.loading}</Typography>
            </Box>
          ) : items.length === 0 ? (
            <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
              {n.empty}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {items.map((notification) => (
                <Item key={notification.id} notification={notification} onOpen={open} />
              ))}
            </Box>
          )}
        </Box>
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, px: 1, py: 1, flexWrap: 'wrap' }}>
          <Button size="small" component={RouterLink} to="/notifications" onClick={() => setAnchor(null)}>
            {n.seeAll}
          </Button>
          {items.length > 0 && (
            <Button
              size="small"
              color="error"
              onClick={() => {
                setAnchor(null);
                setClearing(true);
              }}
            >
              {n.clearAll}
            </Button>
          )}
        </Box>
      </LazyPopover>
      {/* Asked first, as the page's « Tout supprimer » is: deleted notifications do not come back. */}
      <ClearAllDialog open={clearing} title={n.clearAll} onClose={() => setClearing(false)} />
    </>
  );
}
