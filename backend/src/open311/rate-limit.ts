/**
 * Each Open311 client's requests over the last minute, on this instance: a sliding window (the times of the
 * requests served in the last 60 s), so that « au plus N par minute » holds over any minute. A window per
 * calendar minute let a client send 2 × N across a minute's turn, and its counter restarted mid-burst.
 * Refused requests are not counted: a client that keeps asking is served again 60 s after its oldest request.
 */
export const RATE_WINDOW_MS = 60_000;

export function createRateLimiter() {
  const served = new Map<number, number[]>();
  return {
    /** Whether client `id` may be served at `at` (ms) under `limit` per minute; if so, the request is counted. */
    take(id: number, limit: number, at: number): boolean {
      const recent = (served.get(id) ?? []).filter((time) => time > at - RATE_WINDOW_MS);
      const allowed = recent.length < limit;
      if (allowed) recent.push(at);
      if (recent.length) served.set(id, recent);
      else served.delete(id);
      return allowed;
    },
  };
}
