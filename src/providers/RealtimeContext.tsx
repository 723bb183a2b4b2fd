import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Realtime, RealtimeState } from './realtime';

const RealtimeContext = createContext<Realtime | null>(null);

export const RealtimeProvider = RealtimeContext.Provider;

/** The app's real-time connection (App.tsx provides it). */
export function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('useRealtime: pas de connexion temps réel fournie');
  return realtime;
}

/** The connection's state (connected, connection count), re-rendering when it changes. */
export function useRealtimeState(): RealtimeState {
  const realtime = useRealtime();
  return useSyncExternalStore(realtime.subscribe, realtime.getState, realtime.getState);
}
