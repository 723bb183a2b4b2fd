import { MutationCache, QueryCache, QueryClient, timeoutManager, type Query } from '@tanstack/react-query';
import { isMaintenance } from '../common/serverErrors';
import { coalescedTimers } from './coalescedTimers';
import { PUBLIC_SETTINGS_KEY } from './settings';

/**
 * The query cache (docs/architecture.md, « Le cache et les adresses du back-office »): data fresh for
 * 5 minutes and kept for 10.
 * After each write (success or failure: a bulk write may have partly gone through) every query of
 * the written resource is refreshed: its lists, counts, figures and details. This is the one place
 * the app invalidates its cache; screens write through react-admin's mutation hooks. A call refused
 * for maintenance refreshes the public settings, so that the layout shows the maintenance screen.
 */
export const STALE_TIME_MS = 5 * 60 * 1000;
export const GC_TIME_MS = 10 * 60 * 1000;

// Before any query exists: react-query's timers of one provider only (another could not cancel them).
timeoutManager.setTimeoutProvider(coalescedTimers());

type Variables = { resource?: string; id?: unknown; ids?: unknown[] } | undefined;

/** The resource and, for a deletion, the ids a react-admin mutation wrote (its variables, else its key). */
export function writtenBy(mutationKey: readonly unknown[] | undefined, variables: unknown): { resource?: string; deleted: Set<string> } {
  const v = variables as Variables;
  const [keyResource, kind] = (mutationKey ?? []) as [unknown, unknown];
  const resource = typeof v?.resource === 'string' ? v.resource : typeof keyResource === 'string' ? keyResource : undefined;
  const deleted = new Set<string>();
  if (kind === 'delete' && v?.id !== undefined) deleted.add(String(v.id));
  if (kind === 'deleteMany') (v?.ids ?? []).forEach((id) => deleted.add(String(id)));
  return { resource, deleted };
}

/** Writes that change what another resource shows: an account written, created or deleted changes its role's count of users. */
const ALSO_REFRESHED: Record<string, readonly string[]> = { utilisateurs: ['roles'] };

const isDetailOf = (query: Query, deleted: Set<string>) =>
  query.queryKey[1] === 'getOne' && deleted.has(String((query.queryKey[2] as { id?: unknown } | undefined)?.id));

export function createQueryClient(): QueryClient {
  /** Details of deleted records still on screen (a closing dialog): dropped once nothing shows them. */
  const gone = new Set<string>();
  const afterWrite = (mutationKey: readonly unknown[] | undefined, variables: unknown) => {
    const { resource, deleted } = writtenBy(mutationKey, variables);
    if (!resource) return;
    // A deleted record's detail is not refetched (it would answer 404).
    for (const query of client.getQueryCache().findAll({ queryKey: [resource, 'getOne'] })) {
      if (!isDetailOf(query, deleted)) continue;
      if (query.getObserversCount() === 0) client.getQueryCache().remove(query);
      else gone.add(query.queryHash);
    }
    const others = ALSO_REFRESHED[resource] ?? [];
    return client.invalidateQueries({
      predicate: (query) => (query.queryKey[0] === resource && !isDetailOf(query, deleted)) || others.includes(query.queryKey[0] as string),
    });
  };
  const onMaintenance = (error: unknown) => {
    if (isMaintenance(error)) void client.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
  };
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, gcTime: GC_TIME_MS, retry: 1, refetchOnWindowFocus: false },
      // Writes are not held while offline: the provider queues those an agent may make on site, the others fail at once and say so.
      mutations: { networkMode: 'always' },
    },
    queryCache: new QueryCache({ onError: onMaintenance }),
    mutationCache: new MutationCache({
      onSuccess: (_data, variables, _context, mutation) => afterWrite(mutation.options.mutationKey, variables),
      onError: (error, variables, _context, mutation) => {
        onMaintenance(error);
        return afterWrite(mutation.options.mutationKey, variables);
      },
    }),
  });
  // react-admin's session checks ('auth' queries) read the stored session and survive a missing network
  // themselves (authProvider.ts): never held while offline, or a login page opened offline would wait forever.
  client.setQueryDefaults(['auth'], { networkMode: 'always' });
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'observerRemoved' && gone.has(event.query.queryHash) && event.query.getObserversCount() === 0) {
      gone.delete(event.query.queryHash);
      client.getQueryCache().remove(event.query);
    }
  });
  return client;
}
