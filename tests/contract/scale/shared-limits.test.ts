import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedCounter, sharedRateLimiter } from '../../../backend/src/utils/rate-limit';
import { freePort } from '../support/backend-server';
import { startTemporaryRedis } from '../support/redis';

/**
 * The limits' counts in a real Redis, as several instances share them (backend/src/utils/rate-limit.ts): two
 * limiters stand for two instances, each with its own connection to the same Redis.
 */
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
const { createClient } = createRequire(path.join(backendDir, 'package.json'))('redis');

let redis: Awaited<ReturnType<typeof startTemporaryRedis>>;
const clients: any[] = [];
async function connection() {
  const client = createClient({ url: redis.url, disableOfflineQueue: true });
  client.on('error', () => undefined);
  await client.connect();
  clients.push(client);
  return client;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  redis = await startTemporaryRedis(await freePort());
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.disconnect().catch(() => undefined)));
  await redis?.stop();
});

describe('a sliding window counted in Redis by two instances', () => {
  it('serves N over any window whichever instance asks, does not count the refused, and serves again once the oldest leaves', { timeout: 30_000 }, async () => {
    const [a, b] = [await connection(), await connection()];
    const name = `fenetre-${Date.now()}`;
    const first = sharedRateLimiter(name, 2_000, { redis: () => a });
    const second = sharedRateLimiter(name, 2_000, { redis: () => b });
    const served = [];
    for (let i = 0; i < 6; i++) served.push(await (i % 2 ? second : first).take('client-1', 3));
    expect(served).toEqual([true, true, true, false, false, false]);
    // Another key has its own count.
    expect(await second.take('client-2', 3)).toBe(true);
    // The refused ones did not push the window: once the first three are two seconds old, three more.
    await sleep(2_100);
    expect([await first.take('client-1', 3), await second.take('client-1', 3), await first.take('client-1', 3), await second.take('client-1', 3)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('counts work in progress across instances, and takes it back once', async () => {
    const [a, b] = [await connection(), await connection()];
    const name = `en-cours-${Date.now()}`;
    const one = sharedCounter(name, { forgetAfterMs: 60_000, redis: () => a });
    const other = sharedCounter(name, { forgetAfterMs: 60_000, redis: () => b });
    const x = await one.add(7, 2);
    const y = await other.add(7, 3);
    expect([x.total, y.total]).toEqual([2, 5]);
    await x.takeBack();
    await x.takeBack();
    expect((await other.add(7, 0)).total).toBe(3);
  });

  it('while Redis is away, each instance counts on its own instead of failing', async () => {
    const client = await connection();
    const limiter = sharedRateLimiter(`sans-redis-${Date.now()}`, 60_000, { redis: () => client });
    expect(await limiter.take('client', 2)).toBe(true);
    await redis.stop();
    try {
      // This instance's own count, from zero: the limit still holds, for this instance.
      expect([await limiter.take('client', 2), await limiter.take('client', 2), await limiter.take('client', 2)]).toEqual([true, true, false]);
    } finally {
      const restarted = await startTemporaryRedis(Number(new URL(redis.url).port));
      redis = restarted;
    }
  });
});
