import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { isPushed, isShown } from '@mamoudzou/domain/notifications';
import { useToast } from '../../common/toast';
import { catchUpOnConnect } from './catchUpOnConnect';
import { useRealtime } from '../../providers/RealtimeContext';
import { useSettings } from '../../providers/settings';
import { notifyInBackground } from '../../resources/notifications/browserNotifications';
import { knownPreferences, RESOURCE as NOTIFICATIONS, useMarkOpened } from '../../resources/notifications/useNotifications';

interface LiveNotification {
  id?: number;
  documentId?: string;
  title?: string;
  message?: string;
  category: string;
  priority: string;
  type?: string;
  read?: boolean;
  data?: { url?: string } | null;
}

/** Which resource's queries a server event makes stale: its lists, counts, figures and details refetch. */
export const EVENT_RESOURCE: Record<string, string> = {
  'new-report': 'signalements',
  'report-updated': 'signalements',
  'report-resolved': 'signalements',
  'new-event': 'evenements',
  'event-updated': 'evenements',
};

/**
 * Keeps the logged-in app in step with the backend: connects the socket, refreshes the lists and the
 * dashboard a server event concerns, and shows a new notification (toast, bell) when the user's
 * preferences show it (isShown, domain/notifications.ts); in a hidden tab, also as a browser
 * notification when the settings' « Notifications push » and the person's push channel are on.
 * Renders nothing.
 */
export function RealtimeSync() {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const markOpened = useMarkOpened();
  const { settings } = useSettings();
  // Read when a notification arrives, without reconnecting the listeners each time the settings load.
  const latest = useRef({ push: settings.pushNotifications, navigate, markOpened });
  latest.current = { push: settings.pushNotifications, navigate, markOpened };

  useEffect(() => {
    const offCatchUp = catchUpOnConnect(realtime, queryClient, [...new Set(Object.values(EVENT_RESOURCE)), NOTIFICATIONS], [NOTIFICATIONS]);
    realtime.connect();
    const offs = Object.entries(EVENT_RESOURCE).map(([event, resource]) =>
      realtime.on(event as keyof typeof EVENT_RESOURCE as never, () => void queryClient.invalidateQueries({ queryKey: [resource] })),
    );
    offs.push(
      realtime.on('notification', (notification: LiveNotification) => {
        void queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS] });
        const preferences = knownPreferences();
        if (latest.current.push && isPushed(preferences, notification)) {
          const id = notification.documentId ?? notification.id;
          notifyInBackground({ id, title: notification.title ?? '', message: notification.message }, () => {
            const { navigate: go, markOpened: read } = latest.current;
            if (id !== undefined) read({ id, read: false });
            if (notification.data?.url) go(notification.data.url);
          });
        }
        if (!isShown(preferences, notification)) return;
        const variant = notification.type === 'error' ? 'destructive' : notification.type === 'warning' ? 'warning' : notification.type === 'success' ? 'success' : 'info';
        toast({ title: notification.title ?? '', description: notification.message, variant });
      }),
    );
    return () => {
      offCatchUp();
      offs.forEach((off) => off());
    };
  }, [queryClient, realtime, toast]);

  return null;
}
