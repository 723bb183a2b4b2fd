import type { QueryClient } from '@tanstack/react-query';
import type { Realtime } from '../../providers/realtime';

/**
 * Server events are not replayed: one sent while the socket is down (a phone losing its network, a backend
 * restarting) is lost. So each time the connection comes back, the queries the events would have refreshed are
 * marked stale: what is on screen refetches, the rest on its next view. The first connection refetches nothing:
 * the screens' data has just been asked for, and a cold load would ask it twice. Returns the unsubscribe.
 */
export function catchUpOnConnect(realtime: Realtime, queryClient: QueryClient, resources: readonly string[]): () => void {
  let connected = realtime.getState().status === 'connected';
  let wasConnected = connected;
  return realtime.subscribe((state) => {
    const now = state.status === 'connected';
    if (now && !connected && wasConnected) for (const resource of resources) void queryClient.invalidateQueries({ queryKey: [resource] });
    connected = now;
    wasConnected ||= now;
  });
}
