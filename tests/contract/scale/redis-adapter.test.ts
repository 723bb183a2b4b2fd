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

    // Both instances read the same base, seeded once: 60 demo reports and this one.
    const stats = await fetch(`${first.url}/api/reports/stats`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await stats.json()).total).toBe(61);
  });
});
