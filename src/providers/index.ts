import type { AccessRule } from './authProvider';
import { createAuthProvider } from './authProvider';
import type { EndpointOptions } from './dataProvider';
import { createStrapiDataProvider } from './dataProvider';
import type { FetchLike } from './http';
import { createQueryClient } from './queryClient';
import { createSession } from './session';
import { createStore } from './store';

export interface ProvidersOptions {
  apiUrl: string;
  /** Per resource: endpoint, populate, search fields... (from the registry, handed over by App.tsx). */
  endpoints: Record<string, EndpointOptions>;
  /** Per resource: permission module and admin-only flag (from the registry). */
  accessRules: Record<string, AccessRule>;
  fetch?: FetchLike;
  storage?: Storage;
}

/** Every provider the app runs on, wired together: one session, the token refresh shared by both. */
export function createProviders(options: ProvidersOptions) {
  const session = createSession(options.storage);
  const authProvider = createAuthProvider({
    apiUrl: options.apiUrl,
    session,
    fetch: options.fetch,
    accessRules: options.accessRules,
  });
  const dataProvider = createStrapiDataProvider({
    apiUrl: options.apiUrl,
    resources: options.endpoints,
    getToken: session.getToken,
    refreshToken: authProvider.refresh,
    fetch: options.fetch,
  });
  return { session, authProvider, dataProvider, queryClient: createQueryClient(), store: createStore() };
}
