import { useGetList, useUpdate, type RaRecord } from 'ra-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_NOTIFICATION_PREFERENCES, preferencesOf, type NotificationPreferences } from '@mamoudzou/domain/notifications';
import { useCustomCalls } from '../../providers/customCalls';

/**
 * The current user's notifications as the bell, the page and the preferences dialog use them. Every
 * query and mutation key starts with the resource's name, so the query client refreshes them all after
 * a write (src/providers/queryClient.ts) and the real-time sync after a new notification.
 */
export const RESOURCE = 'notifications';
/** Where the preferences are cached in the browser (localStorage); the backend keeps the real ones. */
export const PREFERENCES_KEY = 'notificationPreferences';

export function useUnreadCount(enabled = true) {
  const calls = useCustomCalls();
  return useQuery({
    queryKey: [RESOURCE, 'unreadCount'],
    queryFn: ({ signal }) => calls.get<{ count: number }>('/api/notifications/unread-count', {}, signal).then((body) => body?.count ?? 0),
    enabled,
    staleTime: 0,
  });
}

/** The 10 most recent, for the bell. */
export function useRecentNotifications(enabled = true) {
  return useGetList(RESOURCE, { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} }, { enabled });
}

/** Opening a notification (the bell's item, the page's « Ouvrir ») reads it: an unread one is marked read. */
export function useMarkOpened() {
  const [update] = useUpdate();
  return (notification: RaRecord) => {
    if (!notification.read) update(RESOURCE, { id: notification.id, data: { read: true }, previousData: { id: notification.id } }, { mutationMode: 'pessimistic' });
  };
}

/** A write of the notifications resource through a route of its own (the query client then refreshes the resource). */
function useCommand(name: string, path: string) {
  const calls = useCustomCalls();
  return useMutation({ mutationKey: [RESOURCE, name], mutationFn: () => calls.send<{ count: number }>('POST', path) });
}

/** Mark all read, delete all, send the test notifications. */
export function useNotificationCommands() {
  return {
    markAllRead: useCommand('readAll', '/api/notifications/read-all'),
    clearAll: useCommand('clear', '/api/notifications/clear'),
    sendTest: useCommand('test', '/api/notifications/test'),
  };
}

function cachedPreferences(): NotificationPreferences | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(PREFERENCES_KEY);
    return raw ? preferencesOf(JSON.parse(raw)) : undefined;
  } catch {
    return undefined;
  }
}

function cachePreferences(preferences: NotificationPreferences) {
  try {
    globalThis.localStorage?.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
  } catch {
    /* a full or refused storage only loses the cache */
  }
}

/** The user's preferences, stored by the backend and cached in local storage for the first paint. */
export function useNotificationPreferences(enabled = true) {
  const calls = useCustomCalls();
  return useQuery<NotificationPreferences>({
    queryKey: [RESOURCE, 'preferences'],
    queryFn: async ({ signal }) => {
      const preferences = preferencesOf((await calls.get<{ data: unknown }>('/api/notifications/preferences', {}, signal))?.data);
      cachePreferences(preferences);
      return preferences;
    },
    placeholderData: cachedPreferences() ?? DEFAULT_NOTIFICATION_PREFERENCES,
    enabled,
  });
}

export function useSavePreferences() {
  const calls = useCustomCalls();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [RESOURCE, 'savePreferences'],
    mutationFn: (preferences: NotificationPreferences) => calls.send<{ data: unknown }>('PUT', '/api/notifications/preferences', { data: preferences }),
    onSuccess: (body) => {
      const saved = preferencesOf(body?.data);
      cachePreferences(saved);
      queryClient.setQueryData([RESOURCE, 'preferences'], saved);
    },
  });
}

/** The preferences last known, outside React (the real-time toast rule). */
export const knownPreferences = () => cachedPreferences() ?? DEFAULT_NOTIFICATION_PREFERENCES;
