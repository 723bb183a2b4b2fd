import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { backendUrl, call, reportData, tokenOf, unique } from '../support/api';

/** Notifications kept per user by the backend, delivered live to their owner. */

const sockets: Socket[] = [];
afterEach(() => {
  sockets.splice(0).forEach((s) => s.disconnect());
});

async function connected(token: string) {
  const socket = io(backendUrl(), { auth: { token }, transports: ['polling', 'websocket'], timeout: 10_000, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const received = (socket: Socket, accept: (n: any) => boolean) => {
  const seen: any[] = [];
  socket.on('notification', (n) => {
    if (accept(n)) seen.push(n);
  });
  return seen;
};

async function mine(account: 'admin' | 'editor', query = '') {
  const res = await call('GET', `/api/notifications?pagination[pageSize]=100&sort[0]=createdAt:desc${query}`, { token: await tokenOf(account) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as any[];
}

// Notifications are made in the background, two at a time, after the writes' answers: the files before this one
// (bursts of reports on the one shared backend) may leave a queue that takes seconds to drain on PostgreSQL.
async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function createReport(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/reports', { token: await tokenOf('operator'), body: { data: reportData(overrides) } });
  expect(res.status).toBe(201);
  return res.body.data as { documentId: string; title: string };
}

describe('notifications of content events', () => {
  it('a new report notifies administrators and editors ("Signalement {reference} : {title}", never the internal id; urgent for critique), live on their own sockets only', async () => {
    const adminSocket = await connected(await tokenOf('admin'));
    const editorSocket = await connected(await tokenOf('editor'));
    const title = `Fuite d'eau ${unique()}`;
    const adminSeen = received(adminSocket, (n) => n.title?.includes(title));
    const editorSeen = received(editorSocket, (n) => n.title?.includes(title));
    const report = await createReport({ title, priority: 'critique' });

    const adminList = await waitFor(() => mine('admin'), (list) => list.some((n) => n.title.includes(title)));
    const notification = adminList.find((n) => n.title.includes(title))!;
    expect(notification).toMatchObject({ title: `Signalement ${report.reference} : ${title}`, category: 'signalement', priority: 'urgent', read: false, data: { url: `/signalements/${report.documentId}` } });
    expect((await mine('editor')).some((n) => n.title.includes(title))).toBe(true);
    await waitFor(async () => adminSeen.length + editorSeen.length, (n) => n >= 2);
    expect(adminSeen).toHaveLength(1);
    expect(editorSeen).toHaveLength(1);
    // Each socket got its owner's copy, never the other's.
    expect(adminSeen[0].userId).not.toBe(editorSeen[0].userId);

    // Resolving it says so.
    const token = await tokenOf('operator');
    expect((await call('PUT', `/api/reports/${report.documentId}`, { token, body: { data: { report_status: 'resolu' } } })).status).toBe(200);
    const resolved = await waitFor(() => mine('admin'), (list) => list.some((n) => n.title === 'Signalement résolu' && n.data?.entityId === report.documentId));
    expect(resolved.find((n) => n.data?.entityId === report.documentId && n.title === 'Signalement résolu')).toMatchObject({ type: 'success' });
  });

  it('who made the change is not notified of it: an event an administrator creates notifies the Editor, not the administrator', async () => {
    const title = `Concert ${unique()}`;
    const res = await call('POST', '/api/events', {
      token: await tokenOf('admin'),
      body: { data: { title, slug: unique('concert'), description: [{ type: 'paragraph', children: [{ type: 'text', text: 'Sur la place.' }] }], date: '2026-12-20', time: '18:30:00.000', location: 'Place Mariage', category: 'Culture' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const editorList = await waitFor(() => mine('editor'), (list) => list.some((n) => n.message?.includes(title)));
    expect(editorList.find((n) => n.message.includes(title))).toMatchObject({ title: 'Nouvel événement', message: `« ${title} » le 20/12/2026 à 18:30, Place Mariage.` });
    expect((await mine('admin')).some((n) => n.message?.includes(title))).toBe(false);
  });

  it('a role without the notifications module (Author) has no notifications routes; an Operator, whom reminders reach, has them', async () => {
    expect((await call('GET', '/api/notifications', { token: await tokenOf('author') })).status).toBe(403);
    expect((await call('GET', '/api/notifications/unread-count', { token: await tokenOf('author') })).status).toBe(403);
    const operator = await tokenOf('operator');
    expect((await call('GET', '/api/notifications', { token: operator })).status).toBe(200);
    expect((await call('GET', '/api/notifications/preferences', { token: operator })).status).toBe(200);
    expect((await call('PUT', '/api/notifications/preferences', { token: operator, body: { data: { email: true } } })).status).toBe(200);
  });
});

describe('a user reads and changes only their own notifications', () => {
  it('marks read (readAt), counts unread, marks all read, deletes and clears; another user gets 404', async () => {
    const admin = await tokenOf('admin');
    const editor = await tokenOf('editor');
    const title = `Propriété ${unique()}`;
    await createReport({ title });
    const list = await waitFor(() => mine('admin'), (l) => l.some((n) => n.title.includes(title)));
    const target = list.find((n) => n.title.includes(title))!;

    // Someone else's: invisible and untouchable.
    for (const [method, body] of [['GET', undefined], ['PUT', { data: { read: true } }], ['DELETE', undefined]] as const) {
      expect((await call(method, `/api/notifications/${target.documentId}`, { token: editor, body })).status).toBe(404);
    }
    expect((await call('GET', `/api/notifications?filters[userId][$eq]=${target.userId}`, { token: editor })).body.data.every((n: any) => n.userId !== target.userId)).toBe(true);

    const before = (await call('GET', '/api/notifications/unread-count', { token: admin })).body.count as number;
    const read = await call('PUT', `/api/notifications/${target.documentId}`, { token: admin, body: { data: { read: true, title: 'changé', userId: 999 } } });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ read: true, title: target.title, userId: target.userId });
    expect(read.body.data.readAt).toBeTruthy();
    expect((await call('GET', '/api/notifications/unread-count', { token: admin })).body.count).toBe(before - 1);
    expect((await call('PUT', `/api/notifications/${target.documentId}`, { token: admin, body: { data: { read: 'oui' } } })).status).toBe(400);

    expect((await call('POST', '/api/notifications/read-all', { token: admin })).status).toBe(200);
    expect((await call('GET', '/api/notifications/unread-count', { token: admin })).body.count).toBe(0);
    expect((await call('DELETE', `/api/notifications/${target.documentId}`, { token: admin })).status).toBe(204);
    expect((await mine('admin')).some((n) => n.documentId === target.documentId)).toBe(false);

    const editorCount = (await mine('editor')).length;
    expect((await call('POST', '/api/notifications/clear', { token: admin })).status).toBe(200);
    expect(await mine('admin')).toEqual([]);
    expect((await mine('editor')).length).toBe(editorCount);
  });

  it('preferences: all on by default, stored per user, checked, and a disabled category is not notified', async () => {
    const editor = await tokenOf('editor');
    const defaults = await call('GET', '/api/notifications/preferences', { token: editor });
    expect(defaults.body.data).toMatchObject({ email: true, push: true, inApp: true, categories: { signalement: true, event: true }, priorities: { urgent: true, low: true } });
    expect((await call('PUT', '/api/notifications/preferences', { token: editor, body: { data: { inApp: 'non' } } })).status).toBe(400);
    expect((await call('PUT', '/api/notifications/preferences', { token: editor, body: { data: { categories: { inconnue: true } } } })).status).toBe(400);
    const saved = await call('PUT', '/api/notifications/preferences', { token: editor, body: { data: { categories: { signalement: false } } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.categories).toMatchObject({ signalement: false, event: true });
    try {
      const title = `Muet ${unique()}`;
      await createReport({ title });
      await waitFor(() => mine('admin'), (l) => l.some((n) => n.title.includes(title)));
      expect((await mine('editor')).some((n) => n.title.includes(title))).toBe(false);
      // Preferences are not sent with the user.
      expect((await call('GET', '/api/users/me', { token: editor })).body).not.toHaveProperty('notificationPreferences');
    } finally {
      await call('PUT', '/api/notifications/preferences', { token: editor, body: { data: { categories: { signalement: true } } } });
    }
  });

  it('the Test button sends one notification, live: an information of normal priority', async () => {
    const admin = await tokenOf('admin');
    const socket = await connected(admin);
    const seen = received(socket, (n) => n.category === 'system');
    const tests = async () => (await mine('admin')).filter((n) => n.title.startsWith('Notification de test'));
    const before = (await tests()).length;
    expect((await call('POST', '/api/notifications/test', { token: admin })).status).toBe(202);
    await waitFor(async () => seen.length, (n) => n >= 1, 8000);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ title: 'Notification de test', type: 'info', priority: 'medium' });
    // Asking for more changes nothing: one press, one notification.
    expect((await call('POST', '/api/notifications/test', { token: admin, body: { count: 5 } })).status).toBe(202);
    await waitFor(tests, (l) => l.length >= before + 2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await tests()).toHaveLength(before + 2);
  });
});
