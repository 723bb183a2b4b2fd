import type { QueryClient } from '@tanstack/react-query';
import { createDeviceStore, type DeviceStore } from './deviceStore';
import { networkStatus, syncQueryOnlineState } from './online';
import { errorStatus } from '../common/serverErrors';
import { persistReads, settleNetworkFailures, type PersistedReads } from './persistence';
import { createWriteQueue, type QueuedWrite, type WriteQueue } from './queue';

export interface OfflineSupport {
  queue: WriteQueue;
  reads: PersistedReads;
  /** Sends what waits, if the network is there; the screens are refreshed after. */
  sync(): Promise<void>;
  /** Logout: the queue, the kept reads and the photos leave the device. */
  clear(): Promise<void>;
}

const WRITES_KEY = 'ecritures';
const RETRY_MS = 30_000;
/** While requests get no answer, how often the server is asked whether it is back. */
const PROBE_MS = 3_000;

/**
 * The device's part of the app: reads kept for offline use, writes queued while offline and sent
 * as soon as the server answers again (a light request every 3 s tells, and the browser's « online »
 * at once; then every 30 s while some wait; also at the next start, if the app was closed before),
 * and all of it forgotten at logout. Offline is the browser saying so or requests failing (online.ts).
 */
export function createOfflineSupport(options: {
  client: QueryClient;
  send: (write: QueuedWrite) => Promise<string | void>;
  /** A light request to the server, through the watched fetch (its answer says the server is back). */
  probe?: () => Promise<unknown>;
  store?: DeviceStore;
  /**
   * Whether a session is open on the device as the app starts: only then is what the device kept shown online (it is
   * that person's, the device forgets it at every logout); with nobody logged in, the next person to log in must not
   * see the last one's lists.
   */
  sessionOpen?: boolean;
}): OfflineSupport {
  const { client } = options;
  const store = options.store ?? createDeviceStore();
  networkStatus.reset();
  syncQueryOnlineState();
  const reads = persistReads(client, store);
  const queue = createWriteQueue({
    store: { load: async () => (await store.get<QueuedWrite[]>(WRITES_KEY)) ?? [], save: (items) => store.set(WRITES_KEY, items) },
    send: options.send,
  });

  let retry: ReturnType<typeof setTimeout> | undefined;
  const sync = async () => {
    clearTimeout(retry);
    if (!networkStatus.get()) return;
    const { sent, waiting } = await queue.flush();
    if (sent) await client.invalidateQueries();
    if (waiting) retry = setTimeout(() => void sync(), RETRY_MS);
  };

  // While the network is known gone, a request that gets no answer leaves the data already shown in place (put back
  // from the device at start), not its failure: settled before the screens are told of it (they are, a task later).
  const settle = () => settleNetworkFailures(client, errorStatus);
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && !networkStatus.get()) queueMicrotask(settle);
  });

  let probing: ReturnType<typeof setInterval> | undefined;
  const probe = () => {
    if (networkStatus.browserOnline()) void options.probe?.().catch(() => undefined);
  };
  let online = networkStatus.get();
  networkStatus.subscribe(() => {
    const now = networkStatus.get();
    // The browser says the network is back but requests failed before: ask the server now.
    if (!now && networkStatus.browserOnline()) probe();
    if (now === online) return;
    online = now;
    if (now) {
      clearInterval(probing);
      probing = undefined;
      void sync();
    } else {
      // What the device kept was put back at start: the requests that failed since show it again, not their failure.
      settle();
      void reads.restore().then(settle);
      if (options.probe) probing ??= setInterval(probe, PROBE_MS);
    }
  });
  // At start, what the device kept is shown at once, online too when a session is open, and the screens' own
  // requests refresh it (a restore never goes over a newer answer): an agent opening the app sees the last list
  // before the network answers.
  if (!online || options.sessionOpen) void reads.restore();
  void queue.ready.then(sync);

  return {
    queue,
    reads,
    sync,
    async clear() {
      clearTimeout(retry);
      clearInterval(probing);
      await Promise.all([
        queue.clear().then(() => store.del(WRITES_KEY)),
        reads.clear(),
        typeof caches === 'undefined' ? undefined : caches.delete('photos').catch(() => false),
      ]);
    },
  };
}

export type { QueuedWrite, WriteQueue } from './queue';
