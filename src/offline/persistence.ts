import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { DeviceStore } from './deviceStore';

/**
 * What the agent read (lists, reports opened, timelines, settings), kept on the device so that the
 * app opened without a network shows it: react-query's cache, dehydrated into the device store a
 * second after an answer, merged with what was kept before (three days at most, the newest 400
 * queries). Put back into the cache at start (shown until the backend answers, online or not) and when the
 * network goes; an app online asks the backend as ever, and its answers replace what was put back.
 */
const KEY = 'requetes';
const MAX_AGE_MS = 3 * 24 * 3600 * 1000;
const MAX_QUERIES = 400;
const SAVE_DELAY_MS = 1000;

type Saved = { queries: DehydratedState['queries'] };

export interface PersistedReads {
  /** Puts what the device keeps back into the cache (never over a newer answer). */
  restore(): Promise<void>;
  /** Forgets it (logout); nothing is saved again until the next answer of a new session. */
  clear(): Promise<void>;
  stop(): void;
}

export function persistReads(client: QueryClient, store: DeviceStore, now: () => number = Date.now): PersistedReads {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Saves, restores and clears one after the other: a save begun before a logout cannot write back what it forgot.
  let chain: Promise<unknown> = Promise.resolve();
  const queue = (task: () => Promise<void>) => (chain = chain.then(task).catch(() => undefined)) as Promise<void>;
  const fresh = (query: DehydratedState['queries'][number]) => now() - query.state.dataUpdatedAt < MAX_AGE_MS;

  const save = () =>
    queue(async () => {
      const current = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' && typeof q.queryKey[0] === 'string' }).queries;
      if (current.length === 0) return;
      const kept = new Map(((await store.get<Saved>(KEY))?.queries ?? []).filter(fresh).map((q) => [q.queryHash, q]));
      for (const query of current) {
        const before = kept.get(query.queryHash);
        if (!before || before.state.dataUpdatedAt <= query.state.dataUpdatedAt) kept.set(query.queryHash, query);
      }
      const queries = [...kept.values()].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt).slice(0, MAX_QUERIES);
      // A value the device cannot keep (not cloneable) leaves the previous copy as it was.
      await store.set(KEY, { queries } satisfies Saved).catch(() => undefined);
    });

  // One save a second after the first answer not yet saved, taking the answers that land meanwhile: a list's load
  // writes dozens of answers (its records' details too), and putting the timer back at each one was a good part of
  // the app's own work during a cold load on a phone.
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (timer !== undefined || event.type !== 'updated' || event.action.type !== 'success') return;
    timer = setTimeout(() => {
      timer = undefined;
      void save();
    }, SAVE_DELAY_MS);
  });
  const cancelSave = () => {
    clearTimeout(timer);
    timer = undefined;
  };

  return {
    restore: () =>
      queue(async () => {
        const saved = await store.get<Saved>(KEY);
        const restored = saved?.queries?.filter(fresh) ?? [];
        if (restored.length === 0) return;
        hydrate(client, { queries: restored, mutations: [] });
        // What was put back is old by nature: stale, so that each screen asks the backend as it shows it (within the
        // cache's freshness time it would not). Nothing is asked here: the screens' own requests are on their way.
        for (const kept of restored) {
          const query = client.getQueryCache().get(kept.queryHash);
          if (query && query.state.dataUpdatedAt === kept.state.dataUpdatedAt) query.invalidate();
        }
      }),
    clear: () => {
      cancelSave();
      return queue(() => store.del(KEY));
    },
    stop: () => {
      cancelSave();
      unsubscribe();
    },
  };
}

/**
 * Once the network is known to be gone: a query that holds data (put back from the device) and whose last request
 * got no answer at all shows its data again instead of the failure (the « Hors ligne » notice says why), and stays
 * stale for when the network returns. A refusal by the server (a status) is kept as it is.
 */
export function settleNetworkFailures(client: QueryClient, statusOf: (error: unknown) => number | undefined) {
  for (const query of client.getQueryCache().getAll()) {
    const { status, data, error, dataUpdatedAt } = query.state;
    if (status !== 'error' || data === undefined || statusOf(error) !== undefined) continue;
    client.setQueryData(query.queryKey, data, { updatedAt: dataUpdatedAt });
    query.invalidate();
  }
}

/** When the app's data were last answered by the backend (the newest answer in the cache), or null. */
export function lastAnswerAt(client: QueryClient): number | null {
  let latest = 0;
  for (const query of client.getQueryCache().getAll()) if (query.state.status === 'success') latest = Math.max(latest, query.state.dataUpdatedAt);
  return latest || null;
}
