import type { QueryClient } from '@tanstack/react-query';
import { createDeviceStore, type DeviceStore } from './deviceStore';
import { networkStatus, syncQueryOnlineState } from './online';
import { persistReads, type PersistedReads } from './persistence';
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

/**
 * The device's part of the app: reads kept for offline use, writes queued while offline and sent
 * when the network returns (at once, then every 30 s while some wait; also at the next start, if
 * the app was closed before), and all of it forgotten at logout.
 */
export function createOfflineSupport(options: { client: QueryClient; send: (write: QueuedWrite) => Promise<string | void>; store?: DeviceStore }): OfflineSupport {
  const { client } = options;
  const store = options.store ?? createDeviceStore();
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
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => void sync());
    window.addEventListener('offline', () => void reads.restore());
  }
  if (!networkStatus.get()) void reads.restore();
  void queue.ready.then(sync);

  return {
    queue,
    reads,
    sync,
    async clear() {
      clearTimeout(retry);
      await Promise.all([
        queue.clear().then(() => store.del(WRITES_KEY)),
        reads.clear(),
        typeof caches === 'undefined' ? undefined : caches.delete('photos').catch(() => false),
      ]);
    },
  };
}

export type { QueuedWrite, WriteQueue } from './queue';
