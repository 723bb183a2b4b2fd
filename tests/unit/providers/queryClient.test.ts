import { QueryObserver } from '@tanstack/react-query';
import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { createQueryClient, GC_TIME_MS, STALE_TIME_MS } from '../../../src/providers/queryClient';

async function mutate(client: ReturnType<typeof createQueryClient>, mutationKey: unknown[], variables: unknown, fail = false) {
  await client
    .getMutationCache()
    .build(client, {
      mutationKey,
      mutationFn: async () => {
        if (fail) throw new Error('Strapi 403: Forbidden');
        return {};
      },
    })
    .execute(variables)
    .catch(() => undefined);
}

const invalidated = (client: ReturnType<typeof createQueryClient>, key: unknown[]) => client.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;

describe('query cache', () => {
  it('keeps data fresh for 5 minutes and in cache for 10', () => {
    const client = createQueryClient();
    expect(STALE_TIME_MS).toBe(300_000);
    expect(GC_TIME_MS).toBe(600_000);
    expect(client.getDefaultOptions().queries).toMatchObject({ staleTime: 300_000, gcTime: 600_000 });
  });

  it('after a write refreshes every query of the written resource (lists, figures, details), and only those', async () => {
    const client = createQueryClient();
    client.setQueryData(['signalements', 'getList', { page: 1 }], { data: [] });
    client.setQueryData(['signalements', 'getOne', { id: 'a' }], { id: 'a' });
    client.setQueryData(['signalements', 'stats'], { total: 3 });
    client.setQueryData(['actualites', 'getList', { page: 1 }], { data: [] });
    // react-admin's useUpdateMany() without a resource puts it in the variables, not the key.
    await mutate(client, [undefined, 'updateMany', {}], { resource: 'signalements', ids: ['a'], data: {} });
    expect(invalidated(client, ['signalements', 'getList', { page: 1 }])).toBe(true);
    expect(invalidated(client, ['signalements', 'getOne', { id: 'a' }])).toBe(true);
    expect(invalidated(client, ['signalements', 'stats'])).toBe(true);
    expect(invalidated(client, ['actualites', 'getList', { page: 1 }])).toBe(false);
  });

  it('an account written refreshes the roles too: their counts of users (« Supprimer » of a role nobody holds any more)', async () => {
    const client = createQueryClient();
    client.setQueryData(['roles', 'matrix'], { roles: [] });
    client.setQueryData(['actualites', 'getList', { page: 1 }], { data: [] });
    await mutate(client, ['utilisateurs', 'delete', {}], { id: 12 });
    expect(invalidated(client, ['roles', 'matrix'])).toBe(true);
    expect(invalidated(client, ['actualites', 'getList', { page: 1 }])).toBe(false);
  });

  it('refreshes after a failed write too (a bulk write may have partly gone through)', async () => {
    const client = createQueryClient();
    client.setQueryData(['signalements', 'getList', { page: 1 }], { data: [] });
    await mutate(client, ['signalements', 'deleteMany', {}], { ids: ['a', 'b'] }, true);
    expect(invalidated(client, ['signalements', 'getList', { page: 1 }])).toBe(true);
  });

  it('does not refetch a deleted record; drops it at once, or when the dialog showing it closes', async () => {
    const client = createQueryClient();
    client.setQueryData(['signalements', 'getOne', { id: 'a' }], { id: 'a' });
    client.setQueryData(['signalements', 'getOne', { id: 'b', meta: { view: 'detail' } }], { id: 'b' });
    client.setQueryData(['signalements', 'getOne', { id: 'c' }], { id: 'c' });
    const shown = new QueryObserver(client, { queryKey: ['signalements', 'getOne', { id: 'b', meta: { view: 'detail' } }], enabled: false });
    const unsubscribe = shown.subscribe(() => {});
    await mutate(client, ['signalements', 'deleteMany', {}], { ids: ['a', 'b'] });
    expect(client.getQueryData(['signalements', 'getOne', { id: 'a' }])).toBeUndefined();
    expect(invalidated(client, ['signalements', 'getOne', { id: 'b', meta: { view: 'detail' } }])).toBe(false);
    expect(invalidated(client, ['signalements', 'getOne', { id: 'c' }])).toBe(true);
    unsubscribe();
    expect(client.getQueryData(['signalements', 'getOne', { id: 'b', meta: { view: 'detail' } }])).toBeUndefined();
  });
});

describe('maintenance', () => {
  it('a write refused for maintenance refreshes the public settings (the layout then shows the maintenance screen); another 503 does not', async () => {
    const client = createQueryClient();
    const refuse = (error: Error) =>
      client
        .getMutationCache()
        .build(client, { mutationKey: ['signalements', 'create'], mutationFn: async () => Promise.reject(error) })
        .execute({ resource: 'signalements' })
        .catch(() => undefined);
    client.setQueryData(['settings', 'public'], { maintenanceMode: false });
    await refuse(new HttpError('Strapi 503: Service Unavailable', 503, '<html>'));
    expect(invalidated(client, ['settings', 'public'])).toBe(false);
    await refuse(new HttpError('Strapi 503: Maintenance', 503, { error: { status: 503, message: 'Maintenance', details: { code: 'maintenance', maintenance: true } } }));
    expect(invalidated(client, ['settings', 'public'])).toBe(true);
  });
});
