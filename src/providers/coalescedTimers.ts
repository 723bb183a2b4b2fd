import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/**
 * react-query's timers, the long ones sharing the platform's: each query sets a timer for when it may be forgotten
 * (10 min) and each observer one for when its data go stale (5 min), and clears one as an observer comes or goes —
 * a list of 25 reports makes hundreds of them as it loads. The browser's setTimeout and clearTimeout are not free
 * (on a phone at 4× slowdown, ~80 ms of a cold load went to them), and react-query says so itself: its timeout
 * manager takes a provider that coalesces them. A delay of LONG_MS or more is due within a second of its time,
 * one platform timer per second; cancelling it is forgetting it. Shorter delays (retries, the cache's batching)
 * are the platform's own.
 */
export const LONG_MS = 10_000;
const SLOT_MS = 1_000;

type Coalesced = { readonly slot: number; readonly callback: TimeoutCallback };

export function coalescedTimers(now: () => number = () => Date.now()): TimeoutProvider {
  const pending = new Map<number, Coalesced>();
  const slots = new Map<number, Set<number>>();
  // Negative ids, never the platform's (a positive integer in browsers).
  let nextId = -1;

  const runSlot = (slot: number) => {
    const ids = slots.get(slot);
    slots.delete(slot);
    for (const id of ids ?? []) {
      const timer = pending.get(id);
      if (!timer) continue;
      pending.delete(id);
      timer.callback();
    }
  };

  return {
    setTimeout: (callback, delay) => {
      if (!(delay >= LONG_MS)) return setTimeout(callback, delay) as unknown as number;
      const slot = Math.ceil((now() + delay) / SLOT_MS) * SLOT_MS;
      const id = nextId--;
      pending.set(id, { slot, callback });
      let ids = slots.get(slot);
      if (!ids) {
        slots.set(slot, (ids = new Set()));
        setTimeout(() => runSlot(slot), Math.max(0, slot - now()));
      }
      ids.add(id);
      return id;
    },
    clearTimeout: (id) => {
      if (typeof id !== 'number' || id >= 0) return clearTimeout(id as Parameters<typeof clearTimeout>[0]);
      const timer = pending.get(id);
      if (!timer) return;
      pending.delete(id);
      slots.get(timer.slot)?.delete(id);
    },
    setInterval: (callback, delay) => setInterval(callback, delay) as unknown as number,
    clearInterval: (id) => clearInterval(id as Parameters<typeof clearInterval>[0]),
  };
}
