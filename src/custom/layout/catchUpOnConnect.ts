import type { QueryClient } from '@tanstack/react-query';
import type { Realtime } from '../../providers/realtime';

/**
 * Server events are not replayed: one sent before the socket connects (it connects after the first
 * screen is drawn) or while it is down is lost. So each time the connection comes up, first or again,
 * the queries the events would have refreshed are marked stale: what is on screen refetches, the rest
 * on its next view. Returns the unsubscribe.
 */
export function catchUpOnConnect(realtime: Realtime, queryClient: QueryClient, resources: readonly string[]): () => void {
  let connected = realtime.getState().status === 'connected';
  return realtime.subscribe((state) => {
    const now = state.status === 'connected';
    if (now && !connected) for (const resource of resources) void queryClient.invalidateQueries({ queryKey: [resource] });
    connected = now;
  });
}
