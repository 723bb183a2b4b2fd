import { describe, expect, it } from 'vitest';
import { createQueryClient, GC_TIME_MS, STALE_TIME_MS } from '../../../src/providers/queryClient';

describe('query cache', () => {
  it('keeps data fresh for 5 minutes and in cache for 10', () => {
    const client = createQueryClient();
    expect(STALE_TIME_MS).toBe(300_000);
    expect(GC_TIME_MS).toBe(600_000);
    expect(client.getDefaultOptions().queries).toMatchObject({ staleTime: 300_000, gcTime: 600_000 });
  });

  it('marks the mutated resource lists stale after a successful mutation, and only those', async () => {
    const client = createQueryClient();
    client.setQueryData(['signalements', 'getList', { page: 1 }], { data: [] });
    client.setQueryData(['signalements', 'getOne', { id: 'a' }], { id: 'a' });
    client.setQueryData(['actualites', 'getList', { page: 1 }], { data: [] });
    await client
      .getMutationCache()
      .build(client, { mutationKey: ['signalements', 'update', {}], mutationFn: async () => ({ id: 'a' }) })
      .execute(undefined);
    const state = (key: unknown[]) => client.getQueryCache().find({ queryKey: key })!.state.isInvalidated;
    expect(state(['signalements', 'getList', { page: 1 }])).toBe(true);
    expect(state(['signalements', 'getOne', { id: 'a' }])).toBe(false);
    expect(state(['actualites', 'getList', { page: 1 }])).toBe(false);
  });
});
