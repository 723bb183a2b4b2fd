import { useDataProvider } from 'ra-core';

/** The data provider's calls beyond react-admin's (aggregates, custom routes). */
export interface CustomCalls {
  get<T = unknown>(apiPath: string, query?: Record<string, unknown>, signal?: AbortSignal): Promise<T>;
  send<T = unknown>(method: string, apiPath: string, body?: unknown): Promise<T>;
  download(apiPath: string): Promise<Blob>;
}

export function useCustomCalls(): CustomCalls {
  return useDataProvider() as unknown as CustomCalls;
}
