import { useState } from 'react';
import { useGetList, useRefresh } from 'ra-core';
import Button from '@mui/material/Button';
import RefreshIcon from '@mui/icons-material/Refresh';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweepOutlined';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { useRealtime } from '../../providers/RealtimeContext';
import { fr } from '../../i18n/fr';
import { ClearAllDialog } from './ClearAllDialog';
import { messages as l } from './messages';
import { RESOURCE, useNotificationCommands } from './useNotifications';
import { useAccess } from '../../common/access/useAccess';

const n = fr.notifications;

/** The page's header buttons: Test, Actualiser, "Tout marquer comme lu" (when unread exist), "Tout supprimer" (when any exist). */
export default function NotificationsHeader() {
  const toast = useToast();
  const refresh = useRefresh();
  const realtime = useRealtime();
  const { markAllRead, sendTest } = useNotificationCommands();
  const { canAccess: canTest } = useAccess({ resource: RESOURCE, action: 'create' });
  const { canAccess: canEdit } = useAccess({ resource: RESOURCE, action: 'edit' });
  const { canAccess: canDelete } = useAccess({ resource: RESOURCE, action: 'delete' });
  const one = { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' as const }, meta: { fields: ['documentId'] } };
  const { total: unread } = useGetList(RESOURCE, { ...one, filter: { read: false } });
  const { total: all } = useGetList(RESOURCE, { ...one, filter: {} });
  const [confirming, setConfirming] = useState(false);

  const failed = (error: unknown) => toast({ title: n.errorTitle, description: `${n.errorMessage} ${frenchErrorMessage(error)}`, variant: 'destructive' });

  return (
    <>
      {canTest && (
        <Button
          variant="outlined"
          startIcon={<ScienceIcon />}
          disabled={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(undefined, {
              onSuccess: () => toast({ title: l.testSent, description: l.testSentMessage, variant: 'info' }),
              onError: failed,
            })
          }
        >
          {l.test}
        </Button>
      )}
      <Button
        variant="outlined"
        startIcon={<RefreshIcon />}
        onClick={() => {
          // Reconnects the real-time connection and reloads every list.
          realtime.disconnect();
          realtime.connect();
          refresh();
        }}
      >
        {l.refresh}
      </Button>
      {canEdit && (unread ?? 0) > 0 && (
        <Button
          variant="outlined"
          startIcon={<DoneAllIcon />}
          disabled={markAllRead.isPending}
          onClick={() => markAllRead.mutate(undefined, { onSuccess: () => toast({ title: n.markAllRead, description: l.allRead, variant: 'success' }), onError: failed })}
        >
          {n.markAllRead}
        </Button>
      )}
      {canDelete && (all ?? 0) > 0 && (
        <Button variant="outlined" color="error" startIcon={<DeleteSweepIcon />} onClick={() => setConfirming(true)}>
          {n.deleteAll}
        </Button>
      )}
      <ClearAllDialog open={confirming} title={n.deleteAll} onClose={() => setConfirming(false)} />
    </>
  );
}
