import { serveCollection } from '../../support/collectionBackend';
import { fakeBackend } from '../../support/fakeBackend';

type Row = Record<string, unknown>;

/** n notifications of the current user, newest first: the first `unread` unread. */
export function makeNotifications(n: number, unread = n): Row[] {
  const categories = ['signalement', 'event', 'system', 'article', 'user'];
  const priorities = ['urgent', 'high', 'medium', 'low'];
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    documentId: `n${i + 1}`,
    userId: 1,
    title: `Signalement #rep${i + 1}: Lampadaire ${i + 1}`,
    message: `Message ${i + 1}`,
    category: categories[i % categories.length],
    priority: priorities[i % priorities.length],
    type: 'info',
    read: i >= unread,
    readAt: i >= unread ? '2026-03-02T09:00:00.000Z' : null,
    data: { url: `/signalements/rep${i + 1}`, location: 'Kawéni' },
    createdAt: new Date(Date.UTC(2026, 2, 28 - i, 8, 0)).toISOString(),
  }));
}

/** The fake backend with the notifications routes: list, unread count, read, delete, read-all, clear, test, preferences. */
export function notificationsBackend(rows: Row[], preferences: Row = {}) {
  const backend = serveCollection(fakeBackend({ notifications: rows }), 'notifications', rows);
  backend.on('GET', '/api/notifications/unread-count', () => ({ body: { count: rows.filter((r) => !r.read).length } }));
  backend.on('POST', '/api/notifications/read-all', () => {
    const unread = rows.filter((r) => !r.read);
    unread.forEach((r) => Object.assign(r, { read: true, readAt: new Date().toISOString() }));
    return { body: { count: unread.length } };
  });
  backend.on('POST', '/api/notifications/clear', () => ({ body: { count: rows.splice(0).length } }));
  backend.on('POST', '/api/notifications/test', { status: 202, body: { count: 1 } });
  backend.on('GET', '/api/notifications/preferences', () => ({ body: { data: preferences } }));
  backend.on('PUT', '/api/notifications/preferences', (call) => {
    Object.assign(preferences, (call.body as { data: Row }).data);
    return { body: { data: preferences } };
  });
  return backend;
}
