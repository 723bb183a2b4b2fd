import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedTimers, LONG_MS } from '../../../src/providers/coalescedTimers';
// Importing the app's query client installs its timers' provider.
import { GC_TIME_MS } from '../../../src/providers/queryClient';

describe('react-query’s timers, the long ones sharing the platform’s', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-29T10:00:00.250Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('a long delay runs within a second after its time, never before', () => {
    const timers = coalescedTimers();
    const ran = vi.fn();
    timers.setTimeout(ran, LONG_MS);
    vi.advanceTimersByTime(LONG_MS - 1);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(ran).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('many long delays of the same second hold one platform timer, and a cancelled one never runs', () => {
    const timers = coalescedTimers();
    const ran: number[] = [];
    const ids = Array.from({ length: 200 }, (_, i) => timers.setTimeout(() => ran.push(i), 300_000 + (i % 3)));
    expect(vi.getTimerCount()).toBe(1);
    ids.filter((_, i) => i % 2 === 0).forEach((id) => timers.clearTimeout(id));
    vi.advanceTimersByTime(301_000);
    expect(ran).toEqual(Array.from({ length: 100 }, (_, i) => 2 * i + 1));
  });

  it('a short delay is the platform’s own, on time, and can be cancelled', () => {
    const timers = coalescedTimers();
    const ran = vi.fn();
    const cancelled = vi.fn();
    timers.setTimeout(ran, 300);
    timers.clearTimeout(timers.setTimeout(cancelled, 300));
    vi.advanceTimersByTime(300);
    expect(ran).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('the app’s query client uses them: 50 details read at once hold one platform timer, and are forgotten once their time is past', () => {
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: GC_TIME_MS } } });
    for (let id = 1; id <= 50; id++) client.setQueryData(['signalements', 'getOne', { id: String(id) }], { id });
    expect(client.getQueryCache().getAll()).toHaveLength(50);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(GC_TIME_MS - 1);
    expect(client.getQueryCache().getAll()).toHaveLength(50);
    vi.advanceTimersByTime(1_000);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
