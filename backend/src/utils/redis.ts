import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/**
 * The Redis connection of this process for what several instances count together (rate limits), from REDIS_URL;
 * none without it. Made on first use and connected in the background: nothing waits for Redis. Commands fail at
 * once while it is away (no offline queue: a request must not wait for Redis to come back), and each caller then
 * counts in memory on its own; the client reconnects by itself.
 */
let client: RedisClient | undefined;
let lastWarning = 0;

export function sharedRedis(url = process.env.REDIS_URL): RedisClient | undefined {
  if (!url) return undefined;
  if (client) return client;
  client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries: number) => Math.min(100 * (retries + 1), 1_000) },
  });
  client.on('error', (error: Error) => {
    // Every reconnection attempt fails the same way while Redis is away: one line every 10 s is enough.
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    console.warn(`[redis] ${error.message} : les limites de débit sont comptées par instance jusqu'à son retour.`);
  });
  connecting = client.connect().then(
    () => undefined,
    () => undefined,
  );
  return client;
}

let connecting: Promise<void> | undefined;

/**
 * Bootstrap: connects now, so that the first requests count in Redis rather than in memory; waits `timeoutMs` at
 * most (a Redis away at start does not hold the start: counts stay in memory until it answers).
 */
export async function connectSharedRedis(timeoutMs = 5_000) {
  if (!sharedRedis()) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([connecting, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

/** destroy(): lets the process end. */
export async function closeSharedRedis() {
  const current = client;
  client = undefined;
  if (current?.isOpen) await current.quit().catch(() => current.disconnect().catch(() => undefined));
}
