import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../backend/src/utils/rate-limit';

const SECOND = 1000;
/** A minute's turn: 12:00:59 then 12:01:00 of some day. */
const BEFORE_TURN = Date.UTC(2026, 10, 29, 12, 0, 59);

describe('Open311 rate limit: at most N requests per client over any minute', () => {
  it('serves N, refuses the next, and serves again once the oldest is a minute old', () => {
    const limiter = createRateLimiter<number>(60_000);
    const t0 = BEFORE_TURN;
    expect([0, 1, 2, 3].map((i) => limiter.take(1, 3, t0 + i * SECOND))).toEqual([true, true, true, false]);
    expect(limiter.take(1, 3, t0 + 59 * SECOND)).toBe(false);
    expect(limiter.take(1, 3, t0 + 60 * SECOND)).toBe(true);
    expect(limiter.take(1, 3, t0 + 60 * SECOND + 1)).toBe(false);
  });

  it('a burst across a minute’s turn is one burst (a window per calendar minute let 2 × N through)', () => {
    const limiter = createRateLimiter<number>(60_000);
    const served = [0, 200, 400, 1200, 1400, 1600].map((ms) => limiter.take(7, 3, BEFORE_TURN + 500 + ms));
    expect(served).toEqual([true, true, true, false, false, false]);
  });

  it('counts each client apart, and not the requests it refused', () => {
    const limiter = createRateLimiter<number>(60_000);
    const t0 = BEFORE_TURN;
    for (let i = 0; i < 3; i++) limiter.take(1, 3, t0);
    for (let i = 0; i < 10; i++) expect(limiter.take(1, 3, t0 + 30 * SECOND)).toBe(false);
    expect(limiter.take(2, 3, t0 + 30 * SECOND)).toBe(true);
    // Refused requests do not push the client's window: served again a minute after its first three.
    expect(limiter.take(1, 3, t0 + 60 * SECOND + 1)).toBe(true);
  });
});
