import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { memoryDeviceStore } from '../../../src/offline/deviceStore';
import { lastAnswerAt, persistReads, settleNetworkFailures } from '../../../src/offline/persistence';
import { errorStatus } from '../../../src/common/serverErrors';

/** What the agent read is kept on the device and shown again by an app opened offline; logout forgets it. */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const LIST_KEY = ['signalements', 'getList', { filter: {}, pagination: { page: 1, perPage: 25 } }];
const reports = { data: [{ id: 'r1', title: 'Lampadaire éteint' }], total: 1 };

async function answered(client: QueryClient, key: unknown[], data: unknown) {
  await client.fetchQuery({ queryKey: key, queryFn: async () => data });
  await vi.advanceTimersByTimeAsync(1100); // a second after the answer, the device keeps it
}

describe('reads kept on the device', () => {
  it('an app opened later without a network shows what was read, with the time of that answer', async () => {
    const store = memoryDeviceStore();
    const before = new QueryClient();
    persistReads(before, store);
    vi.setSystemTime(new Date('2026-11-25T06:30:00Z'));
    await answered(before, LIST_KEY, reports);

    vi.setSystemTime(new Date('2026-11-25T08:00:00Z'));
    const after = new QueryClient();
    await persistReads(after, store).restore();
    expect(after.getQueryData(LIST_KEY)).toEqual(reports);
    expect(lastAnswerAt(after)).toBe(new Date('2026-11-25T06:30:00Z').getTime());
  });

  it('keeps what earlier pages of the day read, and never puts an older answer over a newer one', async () => {
    const store = memoryDeviceStore();
    const first = new QueryClient();
    persistReads(first, store);
    await answered(first, ['signalements', 'getOne', { id: 'r1' }], { data: { id: 'r1', report_status: 'nouveau' } });
    // Another page load: the cache starts empty and reads something else.
    const second = new QueryClient();
    persistReads(second, store);
    await answered(second, LIST_KEY, reports);
    const third = new QueryClient();
    const reads = persistReads(third, store);
    await answered(third, ['signalements', 'getOne', { id: 'r1' }], { data: { id: 'r1', report_status: 'en_cours' } });
    await reads.restore();
    expect(third.getQueryData(LIST_KEY)).toEqual(reports);
    expect(third.getQueryData(['signalements', 'getOne', { id: 'r1' }])).toEqual({ data: { id: 'r1', report_status: 'en_cours' } });
  });

  it('what is put back is shown, and stale: a screen asks the backend for it as it shows it, even a minute later', async () => {
    const store = memoryDeviceStore();
    const before = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60 * 1000 } } });
    persistReads(before, store);
    await answered(before, LIST_KEY, reports);
    // The app opened again a minute later, within the cache's freshness time.
    vi.advanceTimersByTime(60_000);
    const after = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60 * 1000 } } });
    await persistReads(after, store).restore();
    expect(after.getQueryData(LIST_KEY)).toEqual(reports);
    expect(after.getQueryCache().find({ queryKey: LIST_KEY })!.isStale()).toBe(true);
    // A newer answer already there is neither replaced nor made stale.
    const third = new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60 * 1000 } } });
    const reads = persistReads(third, store);
    const newer = { data: [{ id: 'r1', title: 'Lampadaire réparé' }], total: 1 };
    await third.fetchQuery({ queryKey: LIST_KEY, queryFn: async () => newer });
    await reads.restore();
    expect(third.getQueryData(LIST_KEY)).toEqual(newer);
    expect(third.getQueryCache().find({ queryKey: LIST_KEY })!.isStale()).toBe(false);
  });

  it('forgets answers older than three days', async () => {
    const store = memoryDeviceStore();
    vi.setSystemTime(new Date('2026-11-20T06:00:00Z'));
    const old = new QueryClient();
    persistReads(old, store);
    await answered(old, LIST_KEY, reports);
    vi.setSystemTime(new Date('2026-11-25T06:00:00Z'));
    const now = new QueryClient();
    await persistReads(now, store).restore();
    expect(now.getQueryData(LIST_KEY)).toBeUndefined();
  });

  it('logout forgets everything kept, even a save that was under way', async () => {
    const store = memoryDeviceStore();
    const client = new QueryClient();
    const reads = persistReads(client, store);
    await answered(client, LIST_KEY, reports);
    await client.fetchQuery({ queryKey: ['signalements', 'getOne', { id: 'r2' }], queryFn: async () => ({ data: { id: 'r2' } }) });
    await reads.clear();
    await vi.advanceTimersByTimeAsync(2000);
    const next = new QueryClient();
    await persistReads(next, store).restore();
    expect(next.getQueryCache().getAll()).toEqual([]);
  });

  it('once the network is known gone, a list put back shows again instead of its request that got no answer; a refusal stays', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const refusedKey = ['utilisateurs', 'getList', {}];
    client.setQueryData(LIST_KEY, reports, { updatedAt: 1_000 });
    client.setQueryData(refusedKey, { data: [], total: 0 }, { updatedAt: 1_000 });
    await client.fetchQuery({ queryKey: LIST_KEY, queryFn: async () => Promise.reject(new TypeError('Failed to fetch')), staleTime: 0 }).catch(() => undefined);
    await client.fetchQuery({ queryKey: refusedKey, queryFn: async () => Promise.reject(Object.assign(new Error('Strapi 403: Forbidden'), { status: 403 })), staleTime: 0 }).catch(() => undefined);
    expect(client.getQueryState(LIST_KEY)!.status).toBe('error');

    settleNetworkFailures(client, errorStatus);
    const list = client.getQueryCache().find({ queryKey: LIST_KEY })!;
    expect(list.state).toMatchObject({ status: 'success', error: null, data: reports, dataUpdatedAt: 1_000 });
    expect(list.isStale()).toBe(true);
    expect(client.getQueryState(refusedKey)!.status).toBe('error');
  });
});
