import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { backendUrl, call, logIn, newAccount, reportData, roleId, tokenOf, unique } from '../support/api';

const sockets: Socket[] = [];
afterEach(() => {
  sockets.splice(0).forEach((s) => s.disconnect());
});

function connect(token?: string) {
  const socket = io(backendUrl(), {
    auth: token ? { token } : {},
    transports: ['polling', 'websocket'],
    timeout: 10_000,
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const next = <T = any>(socket: Socket, event: string, accept: (payload: T) => boolean = () => true) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 10 s`)), 10_000);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

describe('real-time events over socket.io', () => {
  it('a client with a JWT is told the connection count and receives new-report after a create', async () => {
    const token = await tokenOf('operator');
    const socket = connect(token);
    const count = await next<{ count: number }>(socket, 'connection-count');
    expect(count.count).toBeGreaterThanOrEqual(1);

    const title = `Temps réel ${unique()}`;
    const received = next(socket, 'new-report', (p: any) => p.title === title);
    const created = await call('POST', '/api/reports', { token, body: { data: reportData({ title, priority: 'critique' }) } });
    expect(created.status).toBe(201);
    const payload = await received;
    expect(payload).toMatchObject({ id: created.body.data.documentId, title, type: 'Voirie', priority: 'critique', status: 'nouveau' });

    // The record is committed when the event arrives.
    const fetched = await call('GET', `/api/reports/${payload.id}`, { token });
    expect(fetched.status).toBe(200);
  });

  it('sends report-updated, then report-resolved when report_status becomes resolu', async () => {
    const token = await tokenOf('operator');
    const created = await call('POST', '/api/reports', { token, body: { data: reportData() } });
    const id = created.body.data.documentId;
    const socket = connect(token);
    await next(socket, 'connection-count');

    const updated = next(socket, 'report-updated', (p: any) => p.id === id);
    await call('PUT', `/api/reports/${id}`, { token, body: { data: { report_status: 'en_cours' } } });
    expect((await updated).status).toBe('en_cours');

    const resolved = next(socket, 'report-resolved', (p: any) => p.id === id);
    await call('PUT', `/api/reports/${id}`, { token, body: { data: { report_status: 'resolu' } } });
    expect((await resolved).status).toBe('resolu');
  });

  it('sends new-event and event-updated', async () => {
    const token = await tokenOf('author');
    const socket = connect(token);
    await next(socket, 'connection-count');
    const slug = unique('fete');
    const created = next(socket, 'new-event', (p: any) => p.title === `Fête ${slug}`);
    const res = await call('POST', '/api/events', { token, body: { data: { title: `Fête ${slug}`, slug, date: '2026-12-31', time: '20:00:00.000', location: 'Place Mariage', category: 'Culture' } } });
    expect(res.status).toBe(201);
    expect(await created).toMatchObject({ id: res.body.data.documentId, type: 'Culture', location: 'Place Mariage' });
    const updated = next(socket, 'event-updated', (p: any) => p.id === res.body.data.documentId);
    await call('PUT', `/api/events/${res.body.data.documentId}`, { token, body: { data: { location: 'Stade de Cavani' } } });
    expect((await updated).location).toBe('Stade de Cavani');
  });

  it('refuses an account whose role may not read reports (a self-registered account)', async () => {
    const account = await newAccount('Operator', { role: await roleId('Authenticated') });
    const socket = connect(await logIn(account.email, account.password));
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('Accès refusé : ce rôle ne lit pas les signalements');
  });

  it('sends each role only what it may read: report events to a role without events get no event payload', async () => {
    const admin = await tokenOf('admin');
    const name = `Déclarants ${unique()}`;
    const created = await call('POST', '/api/users-permissions/roles', {
      token: admin,
      body: { name, description: 'Lit des signalements', grants: { signalements: ['read'] } },
    });
    expect(created.status).toBe(201);
    const account = await newAccount('Operator', { role: await roleId(name) });
    const reader = connect(await logIn(account.email, account.password));
    await next(reader, 'connection-count');
    const received: string[] = [];
    reader.on('new-event', () => received.push('new-event'));

    const slug = unique('concert');
    const author = await tokenOf('author');
    const event = await call('POST', '/api/events', { token: author, body: { data: { title: `Concert ${slug}`, slug, date: '2026-12-31', time: '20:00:00.000', location: 'Cavani', category: 'Culture' } } });
    expect(event.status).toBe(201);
    const report = next(reader, 'new-report', (p: any) => p.title.endsWith(slug));
    await call('POST', '/api/reports', { token: await tokenOf('operator'), body: { data: reportData({ title: `Signalement ${slug}` }) } });
    expect((await report).title).toBe(`Signalement ${slug}`);
    expect(received).toEqual([]);
  });

  it('disconnects a socket when its user is blocked or deleted, or logs out', async () => {
    const admin = await tokenOf('admin');
    for (const end of ['block', 'delete', 'logout'] as const) {
      const account = await newAccount('Operator');
      const token = await logIn(account.email, account.password);
      const socket = connect(token);
      await next(socket, 'connection-count');
      const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
      if (end === 'block') await call('PUT', `/api/users/${account.id}`, { token: admin, body: { blocked: true } });
      if (end === 'delete') await call('DELETE', `/api/users/${account.id}`, { token: admin });
      if (end === 'logout') await call('POST', '/api/auth/logout', { token });
      expect(await closed, end).toBe('io server disconnect');
    }
  });

  it('refuses a client without a JWT or with a bad one', async () => {
    for (const [token, message] of [[undefined, 'Authentification requise'], ['not.a.jwt', 'Jeton invalide']]) {
      const socket = connect(token);
      const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
      expect(error.message).toBe(message);
      expect(socket.connected).toBe(false);
    }
  });
});
