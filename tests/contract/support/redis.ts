import { startRedis } from '../../../scripts/servers/redis.mjs';

/** A throwaway redis-server (Debian's package redis-server) on loopback, without persistence. */
export async function startTemporaryRedis(port: number) {
  const server = await startRedis({ port });
  return { url: server.url, stop: server.stop };
}
