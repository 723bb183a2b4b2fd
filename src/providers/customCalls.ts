import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';

/** The data provider's calls beyond react-admin's (aggregates, custom routes). */
export interface CustomCalls {
  get<T = unknown>(apiPath: string, query?: Record<string, unknown>, signal?: AbortSignal): Promise<T>;
  send<T = unknown>(method: string, apiPath: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  download(apiPath: string): Promise<Blob>;
}

export function useCustomCalls(): CustomCalls {
  return useDataProvider() as unknown as CustomCalls;
}

/**
 * A GET of a backend route (an aggregate such as /api/reports/stats) as a react-query query, typed
 * by its answer; keep `queryKey` under the resource's name so writes refresh it (queryClient.ts).
 */
export function useBackendQuery<T>(queryKey: QueryKey, apiPath: string, query: Record<string, unknown> = {}, options: { enabled?: boolean } = {}) {
  const calls = useCustomCalls();
  return useQuery({ queryKey, queryFn: ({ signal }) => calls.get<T>(apiPath, query, signal), ...options });
}
