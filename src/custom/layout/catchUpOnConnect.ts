import type { QueryClient } from '@tanstack/react-query';
import type { Realtime } from '../../providers/realtime';

/**
 * Server events are not replayed: one sent while the socket is down (a phone losing its network, a backend
 * restarting) is lost. So each time the connection comes back, the queries the events would have refreshed are
 * marked stale: what is on screen refetches, the rest on its next view. The first connection refetches only
 * `firstConnectionToo`: the screens' data has just been asked for, and a cold load would ask it twice; but the
 * socket joins a few seconds after the first answers (socket.io loads after the first paint), and a reminder or
 * an assignment notified in between would leave the bell silent until the next reload, so the bell's counts
 * (one row each) are asked again. Returns the unsubscribe.
 */
export function catchUpOnConnect(realtime: Realtime, queryClient: QueryClient, resources: readonly string[], firstConnectionToo: readonly string[] = []): () => void {
  let connected = realtime.getState().status === 'connected';
  let wasConnected = connected;
  const refresh = (list: readonly string[]) => {
    for (const resource of list) void queryClient.invalidateQueries({ queryKey: [resource] });
  };
  return realtime.subscribe((state) => {
    const now = state.status === 'connected';
    if (now && !connected) refresh(wasConnected ? resources : firstConnectionToo);
    connected = now;
    wasConnected ||= now;
  });
}
