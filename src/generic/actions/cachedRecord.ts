import type { QueryClient } from '@tanstack/react-query';
import type { RaRecord } from 'ra-core';

type Changes = Record<string, unknown>;

const isRecord = (id: string) => (value: unknown) => !!value && typeof value === 'object' && String((value as RaRecord).id) === id;

/** Gives one record `changes` wherever react-query's cache holds it for `resource`: its details, the lists' rows, getMany. */
export function patchCachedRecord(client: QueryClient, resource: string, id: string, changes: Changes) {
  const matches = isRecord(id);
  const apply = (value: unknown) => (matches(value) ? { ...(value as RaRecord), ...changes } : value);
  for (const query of client.getQueryCache().findAll({ queryKey: [resource] })) {
    const data = query.state.data as { data?: unknown } | unknown[] | undefined;
    if (!data) continue;
    if (Array.isArray(data)) {
      if (data.some(matches)) client.setQueryData(query.queryKey, data.map(apply));
    } else if (Array.isArray(data.data)) {
      if (data.data.some(matches)) client.setQueryData(query.queryKey, { ...data, data: data.data.map(apply) });
    } else if (matches(data)) client.setQueryData(query.queryKey, apply(data));
  }
}

/**
 * Shows `changes` on the record at once and keeps them shown over every answer that lands meanwhile (a detail
 * that was still loading, a list refreshed by the real-time events), until the returned function is called.
 */
export function holdCachedChanges(client: QueryClient, resource: string, id: string, changes: Changes): () => void {
  patchCachedRecord(client, resource, id, changes);
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (event.query.queryKey[0] !== resource) return;
    patchCachedRecord(client, resource, id, changes);
  });
  return stop;
}
