import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callsTo, DEMO_ACCOUNTS, logIn, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { HOUR, MINUTE, testClock } from '../support/clock';
import { seededCopy } from '../support/prepared-backend';

/**
 * Sessions end on the server: after the settings' sessionTimeout without activity, at the latest
 * 12 hours after login, at logout, and when the account is blocked or deleted. This file starts its
 * own backend whose clock the tests move forward (CLOCK_OFFSET_FILE), with tokens of 30 minutes
 * (JWT_EXPIRES_IN), so that hours pass in seconds.
 */
const clock = testClock();
let backend: RunningBackend;

beforeAll(async () => {
  backend = await startBackend({
    build: false,
    ...seededCopy(),
    env: { CLOCK_OFFSET_FILE: clock.file, JWT_EXPIRES_IN: '30m', REALTIME_SESSION_CHECK_MS: '200' },
  });
});
afterAll(async () => {
  await backend?.stop();
  clock.remove();
});

const { api, login } = callsTo(() => backend.url);
const me = async (token: string) => (await api('GET', '/api/users/me', { token })).status;
const refresh = (token: string) => api('GET', '/api/auth/refresh-token', { token });
const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

async function newOperator() {
  const admin = await login('admin');
  const roles = await api('GET', '/api/users-permissions/roles', { token: admin });
  const role = roles.body.roles.find((r: { name: string }) => r.name === 'Operator').id;
  const name = unique('agent');
  const account = { username: name, email: `${name}@mairie.test`, password: 'Agent123!' };
  const created = await api('POST', '/api/users', { token: admin, body: { ...account, role, confirmed: true } });
  expect(created.status).toBe(201);
  return { ...account, id: created.body.id as number, admin };
}

describe('idle timeout (settings: sessionTimeout)', () => {
  it('activity keeps a session open; sessionTimeout minutes without any end it on the server', async () => {
    const token = await login('operator');
    expect(await me(token)).toBe(200);
    clock.advance(25 * MINUTE);
    // Within the token's 30 minutes, a refresh (itself activity) gives the next token.
    const { body } = await refresh(token);
    clock.advance(25 * MINUTE);
    expect(await me(body.jwt)).toBe(200);
    clock.advance(61 * MINUTE);
    expect(await me(body.jwt)).toBe(401);
    expect((await refresh(body.jwt)).status).toBe(401);
  });

  it('follows the timeout an administrator sets', async () => {
    const admin = await login('admin');
    expect((await api('PUT', '/api/setting', { token: admin, body: { data: { sessionTimeout: 5 } } })).status).toBe(200);
    try {
      const token = await login('author');
      clock.advance(4 * MINUTE);
      expect(await me(token)).toBe(200);
      clock.advance(4 * MINUTE);
      expect(await me(token)).toBe(200);
      clock.advance(6 * MINUTE);
      expect(await me(token)).toBe(401);
    } finally {
      const again = await login('admin');
      expect((await api('PUT', '/api/setting', { token: again, body: { data: { sessionTimeout: 60 } } })).status).toBe(200);
    }
  });
});

describe('token refresh', () => {
  it('rotates the token: the new one works, the old one stops working at once', async () => {
    const token = await login('editor');
    const first = await refresh(token);
    expect(first.status).toBe(200);
    expect(first.body.user.email).toBe(DEMO_ACCOUNTS.editor.email);
    expect(first.body.user.password).toBeUndefined();
    expect(first.body.jwt).not.toBe(token);
    expect(await me(first.body.jwt)).toBe(200);
    expect(await me(token)).toBe(401);
    expect((await refresh(token)).status).toBe(401);
    // Two refreshes with the same token: one wins.
    const both = await Promise.all([refresh(first.body.jwt), refresh(first.body.jwt)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('cannot extend a session past 12 hours after login, however active', async () => {
    let token = await login('operator');
    const loggedInAt = payloadOf(token).iat;
    for (let elapsed = 0; elapsed + 25 * MINUTE < 12 * HOUR; elapsed += 25 * MINUTE) {
      clock.advance(25 * MINUTE);
      const res = await refresh(token);
      expect(res.status, `after ${elapsed / MINUTE + 25} minutes`).toBe(200);
      token = res.body.jwt;
      expect(payloadOf(token).exp).toBeLessThanOrEqual(loggedInAt + 12 * 3600);
    }
    expect(await me(token)).toBe(200);
    clock.advance(25 * MINUTE);
    expect(await me(token)).toBe(401);
    expect((await refresh(token)).status).toBe(401);
    expect(await me(await login('operator'))).toBe(200);
  });
});

describe('logout', () => {
  it('POST /api/auth/logout revokes the token at once, whatever the path spelling', async () => {
    for (const path of ['/api/auth/logout', '/API/Auth/Logout/']) {
      const token = await login('author');
      const other = await login('author');
      expect((await api('POST', path, { token })).status).toBe(204);
      expect(await me(token)).toBe(401);
      expect((await refresh(token)).status).toBe(401);
      expect((await api('POST', path, { token })).status).toBe(401);
      // Another session of the same account goes on.
      expect(await me(other)).toBe(200);
    }
    expect((await api('POST', '/api/auth/logout')).status).toBe(401);
  });
});

describe('an account that is blocked, suspended or deleted loses its sessions at once', () => {
  it('suspension, blocking and deletion', async () => {
    const account = await newOperator();
    for (const change of [{ status: 'suspendu' }, { blocked: true }]) {
      const token = await logIn(account.email, account.password, { baseUrl: backend.url });
      expect((await api('PUT', `/api/users/${account.id}`, { token: account.admin, body: change })).status).toBe(200);
      expect(await me(token)).toBe(401);
      // The refresh that follows a refused call tells the person why, in French.
      const why = await refresh(token);
      expect(why.status).toBe(401);
      expect(why.body.error).toMatchObject({
        message: 'Votre compte a été suspendu : votre session est terminée. Adressez-vous à un administrateur de la mairie.',
        details: { code: 'account_suspended' },
      });
      // Back in service, the old token still does not work: its session ended.
      expect((await api('PUT', `/api/users/${account.id}`, { token: account.admin, body: { status: 'actif', blocked: false } })).status).toBe(200);
      expect(await me(token)).toBe(401);
    }
    const token = await logIn(account.email, account.password, { baseUrl: backend.url });
    expect((await api('DELETE', `/api/users/${account.id}`, { token: account.admin })).status).toBe(200);
    expect(await me(token)).toBe(401);
    expect((await refresh(token)).status).toBe(401);
  });
});

describe('login lockout over time', () => {
  it('the lock lifts after 15 minutes', async () => {
    const { email, password } = await newOperator();
    const failures = [];
    for (let i = 0; i < 5; i++) failures.push((await api('POST', '/api/auth/local', { body: { identifier: email, password: 'faux' } })).status);
    expect(failures).toEqual([400, 400, 400, 400, 429]);
    clock.advance(14 * MINUTE);
    expect((await api('POST', '/api/auth/local', { body: { identifier: email, password } })).status).toBe(429);
    clock.advance(2 * MINUTE);
    expect((await api('POST', '/api/auth/local', { body: { identifier: email, password } })).status).toBe(200);
  });

  it('failures spread over more than 15 minutes do not add up', async () => {
    const { email, password } = await newOperator();
    for (let i = 0; i < 4; i++) expect((await api('POST', '/api/auth/local', { body: { identifier: email, password: 'faux' } })).status).toBe(400);
    clock.advance(16 * MINUTE);
    expect((await api('POST', '/api/auth/local', { body: { identifier: email, password: 'faux' } })).status).toBe(400);
    expect((await api('POST', '/api/auth/local', { body: { identifier: email, password } })).status).toBe(200);
  });
});

describe('the socket follows its session', () => {
  const sockets: Socket[] = [];
  afterEach(() => {
    sockets.splice(0).forEach((s) => s.disconnect());
  });
  const connect = (token: string) => {
    const socket = io(backend.url, { auth: { token }, transports: ['polling', 'websocket'], reconnection: false, timeout: 10_000 });
    sockets.push(socket);
    return new Promise<Socket>((resolve, reject) => {
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  };
  const ended = (socket: Socket) =>
    new Promise<{ reason: string; why?: string }>((resolve, reject) => {
      let why: string | undefined;
      const timer = setTimeout(() => reject(new Error('still connected after 5 s')), 5000);
      socket.on('session-ended', (payload: { reason: string }) => (why = payload.reason));
      socket.on('disconnect', (reason) => {
        clearTimeout(timer);
        resolve({ reason, why });
      });
    });

  it('is disconnected when its token expires, even while the session is active', async () => {
    const token = await login('operator');
    const socket = await connect(token);
    const closed = ended(socket);
    clock.advance(20 * MINUTE);
    expect(await me(token)).toBe(200);
    expect(socket.connected).toBe(true);
    clock.advance(11 * MINUTE);
    expect(await closed).toEqual({ reason: 'io server disconnect', why: 'Jeton expiré' });
  });

  it('is disconnected when its session goes idle, is logged out, or its user is suspended', async () => {
    const admin = await login('admin');
    expect((await api('PUT', '/api/setting', { token: admin, body: { data: { sessionTimeout: 5 } } })).status).toBe(200);
    try {
      const idle = await connect(await login('editor'));
      const idleEnd = ended(idle);
      clock.advance(4 * MINUTE);
      await new Promise((r) => setTimeout(r, 500));
      expect(idle.connected).toBe(true);
      // The token has 26 minutes left: the session's idleness ends it.
      clock.advance(2 * MINUTE);
      expect(await idleEnd).toEqual({ reason: 'io server disconnect', why: 'Session terminée' });
    } finally {
      expect((await api('PUT', '/api/setting', { token: await login('admin'), body: { data: { sessionTimeout: 60 } } })).status).toBe(200);
    }

    const token = await login('author');
    const loggedOut = await connect(token);
    const logoutEnd = ended(loggedOut);
    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect(await logoutEnd).toEqual({ reason: 'io server disconnect', why: 'Session terminée' });

    const account = await newOperator();
    const suspended = await connect(await logIn(account.email, account.password, { baseUrl: backend.url }));
    const suspendedEnd = ended(suspended);
    expect((await api('PUT', `/api/users/${account.id}`, { token: account.admin, body: { status: 'suspendu' } })).status).toBe(200);
    expect(await suspendedEnd).toEqual({ reason: 'io server disconnect', why: 'Session terminée' });
    // An ended session cannot connect again.
    await expect(connect(await login('editor').then(async (t) => (await api('POST', '/api/auth/logout', { token: t }), t)))).rejects.toThrow('Jeton invalide');
  });
});
