import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { sharedRedis, type RedisClient } from './redis';

const PREFIX = 'backoffice:rate';

/**
 * Requests per key (an Open311 client, a client address) over a sliding window: the times of the requests served
 * in the last `windowMs`, so that « at most N per window » holds over any such span (a window per calendar minute
 * let 2 × N through across its turn). Refused requests are not counted: a key that keeps asking is served again
 * once its oldest request has left the window. In memory, on this instance; past `maxKeys` keys it starts over (a
 * public form may be asked from any address).
 */
export function createRateLimiter<Key>(windowMs: number, maxKeys = 10_000) {
  const served = new Map<Key, number[]>();
  return {
    /** Whether `key` may be served at `at` (ms) under `limit` per window; if so, the request is counted. */
    take(key: Key, limit: number, at: number): boolean {
      const recent = (served.get(key) ?? []).filter((time) => time > at - windowMs);
      if (recent.length >= limit) {
        served.set(key, recent);
        return false;
      }
      if (served.size > maxKeys) served.clear();
      recent.push(at);
      served.set(key, recent);
      return true;
    },
  };
}

/**
 * The same sliding window kept in Redis for every instance at once, as the script rate-limiter-flexible runs for
 * each request (its arguments: the points asked, the window in seconds, the limit). One sorted set per key holds
 * the times of the requests served; the time is Redis's own, one clock for every instance whatever theirs say.
 * A refused request adds nothing and answers the limit plus one (the library's « over the limit ») with the time
 * until the oldest request leaves the window.
 */
export const SLIDING_WINDOW_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2]) * 1000
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  local wait = window
  if oldest[2] then wait = tonumber(oldest[2]) + window - now end
  return {limit + 1, wait}
end
redis.call('ZADD', KEYS[1], now, t[1] .. string.format('%06d', tonumber(t[2])) .. ':' .. count)
redis.call('PEXPIRE', KEYS[1], window)
return {count + 1, window}
`;

export interface SharedRateLimiter {
  /** Whether `key` may be served now under `limit` per window; if so, the request is counted (by every instance). */
  take(key: string | number, limit: number, at?: number): Promise<boolean>;
}

/**
 * A sliding window that every instance counts together when REDIS_URL is set (through rate-limiter-flexible on
 * Redis), else this instance's own (createRateLimiter). While Redis is away, each instance counts in memory: a
 * limit then holds per instance, never not at all. `at` is the time the in-memory window reads (the backend's
 * clock, which tests move); Redis reads its own.
 */
export function sharedRateLimiter(name: string, windowMs: number, options: { maxKeys?: number; redis?: () => RedisClient | undefined } = {}): SharedRateLimiter {
  const memory = createRateLimiter<string>(windowMs, options.maxKeys);
  const redisOf = options.redis ?? sharedRedis;
  // The library reads the limit from its limiter: one per limit met (a setting changes it rarely).
  const limiters = new Map<number, RateLimiterRedis>();
  const limiterFor = (client: RedisClient, limit: number) => {
    let limiter = limiters.get(limit);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        keyPrefix: `${PREFIX}:${name}`,
        points: limit,
        duration: Math.ceil(windowMs / 1000),
        customIncrTtlLuaScript: SLIDING_WINDOW_SCRIPT,
      });
      limiters.set(limit, limiter);
    }
    return limiter;
  };
  return {
    async take(key, limit, at = Date.now()) {
      const client = redisOf();
      if (client) {
        try {
          await limiterFor(client, limit).consume(String(key));
          return true;
        } catch (outcome) {
          if (outcome instanceof RateLimiterRes) return false;
          // Redis away or failing: this instance's own count, until it is back.
        }
      }
      return memory.take(String(key), limit, at);
    },
  };
}

/**
 * A fixed window per key (requests counted from the first one, refused ones too), counted by every instance in
 * Redis when REDIS_URL is set, in this instance's memory otherwise, and in memory while Redis is away: the
 * rate-limiter-flexible limiter with its in-memory insurance. Answers whether the request may go on.
 */
export function sharedFixedWindow(name: string, options: { points: number; durationMs: number; redis?: () => RedisClient | undefined }) {
  const duration = Math.max(1, Math.ceil(options.durationMs / 1000));
  const memory = new RateLimiterMemory({ keyPrefix: `${PREFIX}:${name}`, points: options.points, duration });
  let shared: RateLimiterRedis | undefined;
  const redisOf = options.redis ?? sharedRedis;
  return {
    async take(key: string): Promise<boolean> {
      const client = redisOf();
      if (client && !shared) {
        shared = new RateLimiterRedis({
          storeClient: client,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          keyPrefix: `${PREFIX}:${name}`,
          points: options.points,
          duration,
          insuranceLimiter: memory,
        });
      }
      try {
        await (shared ?? memory).consume(key);
        return true;
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return false;
        throw outcome;
      }
    },
  };
}

/**
 * rate-limiter-flexible's script for a counter of work in progress: added to and taken from (its reward), never
 * below zero, kept while it moves and forgotten `ARGV[2]` seconds after its last change (what an instance killed
 * mid-way counted is let go then).
 */
export const COUNTER_SCRIPT = `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
if value < 0 then
  redis.call('SET', KEYS[1], 0)
  value = 0
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return {value, tonumber(ARGV[2]) * 1000}
`;

/**
 * Amounts in progress per key (the files a person is sending now), added by every instance in Redis when REDIS_URL
 * is set, else in this instance's memory, and in memory while Redis is away. `add` answers the total with this
 * amount, and a function that takes the amount back, once, where it was added.
 */
export function sharedCounter(name: string, options: { forgetAfterMs: number; redis?: () => RedisClient | undefined }) {
  const local = new Map<string, number>();
  const redisOf = options.redis ?? sharedRedis;
  let shared: RateLimiterRedis | undefined;
  const addLocally = (key: string, amount: number) => {
    const total = Math.max(0, (local.get(key) ?? 0) + amount);
    if (total === 0) local.delete(key);
    else local.set(key, total);
    return total;
  };
  return {
    async add(key: string | number, amount: number): Promise<{ total: number; takeBack: () => Promise<void> }> {
      const id = String(key);
      const client = redisOf();
      if (client) {
        shared ??= new RateLimiterRedis({
          storeClient: client,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          keyPrefix: `${PREFIX}:${name}`,
          points: Number.MAX_SAFE_INTEGER,
          duration: Math.max(1, Math.ceil(options.forgetAfterMs / 1000)),
          customIncrTtlLuaScript: COUNTER_SCRIPT,
        });
        const limiter = shared;
        try {
          const { consumedPoints } = await limiter.consume(id, amount);
          let taken = false;
          return {
            total: consumedPoints,
            takeBack: async () => {
              if (taken) return;
              taken = true;
              // Redis gone meanwhile: the amount is forgotten with its key.
              await limiter.reward(id, amount).catch(() => undefined);
            },
          };
        } catch {
          // Redis away: counted here until it is back.
        }
      }
      const total = addLocally(id, amount);
      let taken = false;
      return {
        total,
        takeBack: async () => {
          if (taken) return;
          taken = true;
          addLocally(id, -amount);
        },
      };
    },
  };
}
