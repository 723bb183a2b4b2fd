import type { AccessRule } from './authProvider';
import { createAuthProvider } from './authProvider';
import type { EndpointOptions } from './dataProvider';
import { createStrapiDataProvider } from './dataProvider';
import type { FetchLike } from './http';
import { createOfflineSupport } from '../offline';
import { watchedFetch } from '../offline/online';
import { browserFetch } from './browserFetch';
import { sendQueued, withOfflineWrites, type OfflineWritesOptions, type WithSend } from './offlineWrites';
import { createQueryClient } from './queryClient';
import { createRealtime, type SocketFactory } from './realtime';
import { createSession } from './session';
import { createStore } from './store';

export interface ProvidersOptions {
  apiUrl: string;
  /** Per resource: endpoint, populate, search fields... (from the registry, handed over by App.tsx). */
  endpoints: Record<string, EndpointOptions>;
  /** Per resource and page: its permission module and the action that opens it (from the registry and the pages). */
  accessRules: Record<string, AccessRule>;
  fetch?: FetchLike;
  storage?: Storage;
  /** The real-time server (VITE_SOCKET_URL, else the API's address) and, for tests, the socket factory. */
  socketUrl?: string;
  socket?: SocketFactory;
  /** What the agent may change without a network (queued on the device, sent when it returns). */
  offlineWrites?: OfflineWritesOptions;
}

/** Every provider the app runs on, wired together: one session, the token refresh shared, the socket closed at logout. */
export function createProviders(options: ProvidersOptions) {
  const session = createSession(options.storage);
  // Every call to the backend tells whether the server answers: failing requests mean offline, whatever the browser says.
  const fetch = watchedFetch(options.fetch ?? browserFetch);
  const realtime = createRealtime({ url: options.socketUrl ?? options.apiUrl, getToken: session.getToken, io: options.socket });
  const authProvider = createAuthProvider({
    apiUrl: options.apiUrl,
    session,
    fetch,
    accessRules: options.accessRules,
    onLogout: () => {
      realtime.disconnect();
      // Nothing personal stays on the device: kept reads, queued writes, photos.
      void offline.clear();
    },
  });
  const online = createStrapiDataProvider({
    apiUrl: options.apiUrl,
    resources: options.endpoints,
    getToken: session.getToken,
    refreshToken: authProvider.refresh,
    fetch,
  }) as WithSend; // its calls beyond react-admin's (customCalls.ts) include send
  const queryClient = createQueryClient();
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const offline = createOfflineSupport({
    client: queryClient,
    send: sendQueued(online),
    probe: () => fetch(`${apiUrl}/_health`, { cache: 'no-store' }),
    sessionOpen: !!session.getToken(),
  });
  const dataProvider = options.offlineWrites ? withOfflineWrites(online, offline.queue, options.offlineWrites) : online;
  return { session, authProvider, dataProvider, realtime, offline, queryClient, store: createStore() };
}
