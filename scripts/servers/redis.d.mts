/** Types of redis.mjs, for the TypeScript tests that import it. */
export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}
export function startRedis(options: { port: number; dir?: string }): Promise<RedisServer>;
