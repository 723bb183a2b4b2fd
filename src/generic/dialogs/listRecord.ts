import type { QueryClient } from '@tanstack/react-query';
import type { RaRecord } from 'ra-core';

/**
 * The record as a list already holds it in react-query's cache (its columns' fields only), so that a detail
 * opened from a row or a card shows at once, before its own request answers.
 */
export function listRecordOf(queryClient: QueryClient, resource: string, id: string): RaRecord | undefined {
  for (const [, answer] of queryClient.getQueriesData<{ data?: RaRecord[] }>({ queryKey: [resource, 'getList'] })) {
    const found = answer?.data?.find((record) => String(record.id) === id);
    if (found) return found;
  }
  return undefined;
}
