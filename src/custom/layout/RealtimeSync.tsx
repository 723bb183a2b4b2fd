import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isShown } from '@mamoudzou/domain/notifications';
import { useToast } from '../../common/toast';
import { useRealtime } from '../../providers/RealtimeContext';
import { knownPreferences, RESOURCE as NOTIFICATIONS } from '../../resources/notifications/useNotifications';

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
 * preferences show it (specification section 5, display rule). Renders nothing.
 */
export function RealtimeSync() {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    realtime.connect();
    const offs = Object.entries(EVENT_RESOURCE).map(([event, resource]) =>
      realtime.on(event as keyof typeof EVENT_RESOURCE as never, () => void queryClient.invalidateQueries({ queryKey: [resource] })),
    );
    offs.push(
      realtime.on('notification', (notification: { title?: string; message?: string; category: string; priority: string; type?: string }) => {
        void queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS] });
        if (!isShown(knownPreferences(), notification)) return;
        const variant = notification.type === 'error' ? 'destructive' : notification.type === 'warning' ? 'warning' : notification.type === 'success' ? 'success' : 'info';
        toast({ title: notification.title ?? '', description: notification.message, variant });
      }),
    );
    return () => offs.forEach((off) => off());
  }, [queryClient, realtime, toast]);

  return null;
}
