import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startBackend, type RunningBackend } from '../support/backend-server';
import { startTemporaryPostgres, type TemporaryPostgres } from '../support/postgres';
import { startTemporaryRedis } from '../support/redis';

let postgres: TemporaryPostgres;
let redis: Awaited<ReturnType<typeof startTemporaryRedis>>;
let first: RunningBackend;
let second: RunningBackend;
const sockets: Socket[] = [];

beforeAll(async () => {
  postgres = await startTemporaryPostgres(await freePort());
  redis = await startTemporaryRedis(await freePort());
  const env = { REDIS_URL: redis.url };
  first = await startBackend({ postgresUrl: postgres.url, env });
  // The second instance finds the data seeded and the roles granted: it adds nothing.
  second = await startBackend({ postgresUrl: postgres.url, env, build: false });
});

afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await second?.stop();
  await first?.stop();
  await redis?.stop();
  await postgres?.stop();
});

async function login(url: string) {
  const res = await fetch(`${url}/api/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: 'operateur@mairie.test', password: 'Operateur123!' }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).jwt as string;
}

function waitFor<T = any>(socket: Socket, event: string, accept: (p: T) => boolean) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), 15_000);
    socket.on(event, (payload: T) => {
      if (accept(payload)) {
        clearTimeout(timer);
        resolve(payload);
      }
    });
  });
}

describe('several backend instances behind one PostgreSQL base and Redis', () => {
  it('a client of one instance receives the reports created through the other, and counts every connection', async () => {
    const token = await login(first.url);
    const onFirst = io(first.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(onFirst);
    await waitFor(onFirst, 'connection-count', (p: { count: number }) => p.count >= 1);

    const bothConnected = waitFor(onFirst, 'connection-count', (p: { count: number }) => p.count === 2);
    const onSecond = io(second.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(onSecond);
    await bothConnected;

    const title = `Multi-instance ${Date.now()}`;
    const received = waitFor(onFirst, 'new-report', (p: { title: string }) => p.title === title);
    const created = await fetch(`${second.url}/api/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { title, type: 'Propreté', subType: 'Dépôt sauvage', description: 'Dépôt sauvage derrière le marché couvert.', zone: 'Centre-ville', address: 'Marché couvert, Mamoudzou', priority: 'haute' } }),
    });
    expect(created.status).toBe(201);
    const payload = await received;
    expect(payload).toMatchObject({ id: (await created.json()).data.documentId, title, priority: 'haute' });

    // PostgreSQL can be written: both instances are ready.
    for (const url of [first.url, second.url]) expect(await (await fetch(`${url}/_ready`)).json()).toEqual({ status: 'ready', database: 'postgres' });

    // Both instances read the same base, seeded once: 60 demo reports and this one.
    const stats = await fetch(`${first.url}/api/reports/stats`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await stats.json()).total).toBe(61);
  });
});

async function api(url: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function logIn(url: string, identifier: string, password: string) {
  const res = await api(url, 'POST', '/api/auth/local', undefined, { identifier, password });
  expect(res.status).toBe(200);
  return res.body.jwt as string;
}

describe('what one instance revokes, the other refuses on the next call', () => {
  async function newOperator(admin: string) {
    const roles = await api(first.url, 'GET', '/api/users-permissions/roles', admin);
    const role = roles.body.roles.find((r: { name: string }) => r.name === 'Operator').id;
    const name = `agent-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    const created = await api(first.url, 'POST', '/api/users', admin, { username: name, email: `${name}@mairie.test`, password: 'Agent123!', role, confirmed: true });
    expect(created.status).toBe(201);
    return { id: created.body.id as number, email: `${name}@mairie.test`, password: 'Agent123!' };
  }

  it('a person suspended through instance A is refused by instance B at once, though B had just let them in', async () => {
    const admin = await logIn(first.url, 'admin@mairie.test', 'Admin123!');
    const agent = await newOperator(admin);
    const token = await logIn(second.url, agent.email, agent.password);
    // B now holds the session and the user in memory (2 s and 5 s without word from A).
    expect((await api(second.url, 'GET', '/api/users/me', token)).status).toBe(200);
    expect((await api(second.url, 'GET', '/api/users/me', token)).status).toBe(200);

    expect((await api(first.url, 'PUT', `/api/users/${agent.id}`, admin, { status: 'suspendu' })).status).toBe(200);
    expect((await api(second.url, 'GET', '/api/users/me', token)).status).toBe(401);
  });

  it('a logout through A ends the session on B at once', async () => {
    const admin = await logIn(first.url, 'admin@mairie.test', 'Admin123!');
    const agent = await newOperator(admin);
    const token = await logIn(second.url, agent.email, agent.password);
    expect((await api(second.url, 'GET', '/api/users/me', token)).status).toBe(200);
    expect((await api(first.url, 'POST', '/api/auth/logout', token)).status).toBeLessThan(300);
    expect((await api(second.url, 'GET', '/api/users/me', token)).status).toBe(401);
  });

  it('a setting saved through A applies on B at once: maintenance refuses the next write there', async () => {
    const admin = await logIn(first.url, 'admin@mairie.test', 'Admin123!');
    const operator = await logIn(second.url, 'operateur@mairie.test', 'Operateur123!');
    const report = { title: `Maintenance ${Date.now()}`, type: 'Voirie', subType: 'Nid-de-poule', description: 'Nid-de-poule devant la pharmacie.', zone: 'Kawéni', address: 'Rue du Commerce', priority: 'normale' };
    // B has read the settings (maintenance off) just before.
    expect((await api(second.url, 'POST', '/api/reports', operator, { data: report })).status).toBe(201);
    expect((await api(first.url, 'PUT', '/api/setting', admin, { data: { maintenanceMode: true } })).status).toBe(200);
    try {
      const refused = await api(second.url, 'POST', '/api/reports', operator, { data: { ...report, title: `${report.title} bis` } });
      expect(refused.status).toBe(503);
    } finally {
      expect((await api(first.url, 'PUT', '/api/setting', admin, { data: { maintenanceMode: false } })).status).toBe(200);
    }
  });
});

describe('« Statistiques » on two instances of one base', () => {
  const today = () => new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10);
  /** The call's answer, which must be a success. */
  const ok = async (url: string, method: string, path: string, token: string, body?: unknown) => {
    const res = await api(url, method, path, token, body);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body;
  };

  it("each instance answers the other's writes at its next call, and one restarted answers the writes made while it was stopped", { timeout: 240_000 }, async () => {
    const token = await login(first.url);
    const admin = await logIn(first.url, 'admin@mairie.test', 'Admin123!');
    // A type of its own: its row of the figures holds only this test's reports.
    const type = `Contrôle chiffres ${Date.now().toString(36)}`;
    const settings = (await ok(first.url, 'GET', '/api/setting', admin)).data;
    await ok(first.url, 'PUT', '/api/setting', admin, { data: { signalementCategories: [...settings.signalementCategories, { name: type, subTypes: [] }] } });
    const rowOn = async (url: string) => (await ok(url, 'GET', `/api/reports/figures?from=${today()}&to=${today()}`, admin)).byType.find((r: { key: string }) => r.key === type);
    const make = async (url: string) =>
      (await ok(url, 'POST', '/api/reports', token, { data: { title: `Chiffres ${type}`, type, description: 'Regard de visite descellé.', zone: 'Kawéni', address: 'Rue du Commerce', priority: 'normale' } })).data.documentId as string;

    const a = await make(first.url);
    expect(await rowOn(second.url)).toMatchObject({ received: 1, closed: 0 });
    await ok(second.url, 'PUT', `/api/reports/${a}`, admin, { data: { report_status: 'resolu' } });
    expect(await rowOn(first.url)).toMatchObject({ received: 1, closed: 1, resolution: { count: 1 } });
    const b = await make(second.url);
    expect(await rowOn(first.url)).toMatchObject({ received: 2, closed: 1 });
    await ok(first.url, 'DELETE', `/api/reports/${b}`, admin);
    expect(await rowOn(second.url)).toMatchObject({ received: 1 });

    // The first instance goes on writing while the second is stopped.
    await second.stop();
    await make(first.url);
    second = await startBackend({ postgresUrl: postgres.url, env: { REDIS_URL: redis.url }, build: false });
    const [restarted, running] = [await rowOn(second.url), await rowOn(first.url)];
    expect(restarted).toEqual(running);
    expect(restarted).toMatchObject({ received: 2, closed: 1 });
  });
});
