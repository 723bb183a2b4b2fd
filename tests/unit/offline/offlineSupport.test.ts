import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOfflineSupport } from '../../../src/offline';
import { memoryDeviceStore } from '../../../src/offline/deviceStore';
import { networkStatus, watchedFetch } from '../../../src/offline/online';

/**
 * On a captive or weak network the browser never says it went offline, so it never says it is back: the
 * app learns it from its requests. Writes queued meanwhile go with the next answer of the server (a light
 * request every 3 s while requests fail), not at the queue's 30-second retry.
 */
describe('the device’s offline support on a network that fails while the browser says online', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is offline from the first request that gets no answer, and sends the queue at the first answer after', async () => {
    let up = true;
    const server = watchedFetch(async (_input: string) => {
      if (!up) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 204 });
    });
    const sent: string[] = [];
    const support = createOfflineSupport({
      client: new QueryClient(),
      store: memoryDeviceStore(),
      send: async (write) => {
        await server('/api/report-updates');
        sent.push(write.label);
      },
      probe: () => server('/_health'),
    });
    await support.queue.ready;
    expect(networkStatus.get()).toBe(true);

    up = false;
    await expect(server('/api/reports')).rejects.toThrow();
    expect(networkStatus.get()).toBe(false);
    await support.queue.enqueue({ key: 'k1', record: 'rep1', label: 'Note interne', request: { kind: 'send', method: 'POST', path: '/api/report-updates', body: { data: { report: 'rep1', text: 'Vu' } } } });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sent).toEqual([]);
    expect(networkStatus.get()).toBe(false);

    // The server answers again: the next light request says so and the queue goes, long before 30 s.
    up = true;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(networkStatus.get()).toBe(true);
    expect(sent).toEqual(['Note interne']);
    expect(support.queue.items()).toEqual([]);
  });

  it('an aborted request says nothing about the network', async () => {
    createOfflineSupport({ client: new QueryClient(), store: memoryDeviceStore(), send: async () => undefined });
    const controller = new AbortController();
    controller.abort();
    const server = watchedFetch(async (_input: string, init?: RequestInit) => {
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return new Response(null);
    });
    await expect(server('/api/reports', { signal: controller.signal })).rejects.toThrow();
    expect(networkStatus.get()).toBe(true);
  });

  it('a list put back from the device at start stays shown when its request then gets no answer, whatever comes first', async () => {
    vi.useRealTimers();
    const store = memoryDeviceStore();
    const key = ['signalements', 'getList', {}];
    const kept = { data: [{ id: 'rep1', title: 'Lampadaire éteint' }], total: 1 };
    // What an earlier visit kept on the device.
    const earlier = new QueryClient();
    const before = createOfflineSupport({ client: earlier, store, send: async () => undefined });
    await earlier.fetchQuery({ queryKey: key, queryFn: async () => kept });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    before.reads.stop();

    // The next visit: the browser says online, every request fails.
    const server = watchedFetch(async (_input: string) => {
      throw new TypeError('Failed to fetch');
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    createOfflineSupport({ client, store, send: async () => undefined, sessionOpen: true });
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual(kept));
    await client.fetchQuery({ queryKey: key, queryFn: () => server('/api/reports').then(() => kept) }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(networkStatus.get()).toBe(false);
    expect(client.getQueryState(key)).toMatchObject({ status: 'success', error: null, data: kept });
    expect(client.getQueryCache().find({ queryKey: key })!.isStale()).toBe(true);
  });

  it('with nobody logged in as the app starts online, the last person’s lists are not put back', async () => {
    vi.useRealTimers();
    const store = memoryDeviceStore();
    const key = ['signalements', 'getList', {}];
    const earlier = new QueryClient();
    const before = createOfflineSupport({ client: earlier, store, send: async () => undefined, sessionOpen: true });
    await earlier.fetchQuery({ queryKey: key, queryFn: async () => ({ data: [{ id: 'rep1' }], total: 1 }) });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    before.reads.stop();

    const client = new QueryClient();
    createOfflineSupport({ client, store, send: async () => undefined, sessionOpen: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(networkStatus.get()).toBe(true);
    expect(client.getQueryData(key)).toBeUndefined();
  });
});
