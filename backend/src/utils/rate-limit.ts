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
