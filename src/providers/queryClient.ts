import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * The query cache of the specification's section 7: data fresh for 5 minutes and kept for 10;
 * after each successful mutation the lists of the mutated resource are refetched.
 */
export const STALE_TIME_MS = 5 * 60 * 1000;
export const GC_TIME_MS = 10 * 60 * 1000;

const LIST_QUERIES = new Set(['getList', 'getInfiniteList', 'getManyReference', 'getManyAggregate', 'getMany']);

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, gcTime: GC_TIME_MS, retry: 1, refetchOnWindowFocus: false },
    },
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        const [resource] = (mutation.options.mutationKey ?? []) as unknown[];
        if (typeof resource !== 'string') return;
        return client.invalidateQueries({
          predicate: (query) => query.queryKey[0] === resource && LIST_QUERIES.has(String(query.queryKey[1])),
        });
      },
    }),
  });
  return client;
}
