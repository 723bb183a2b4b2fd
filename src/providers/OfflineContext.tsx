import { createContext, useContext, useSyncExternalStore } from 'react';
import type { OfflineSupport, QueuedWrite } from '../offline';
import { networkStatus } from '../offline/online';

const OfflineContext = createContext<OfflineSupport | null>(null);

export const OfflineProvider = OfflineContext.Provider;

/** The device's offline support (App.tsx provides it); null in a screen's test without it. */
export function useOfflineSupport(): OfflineSupport | null {
  return useContext(OfflineContext);
}

const none: QueuedWrite[] = [];
const noSubscription = () => () => undefined;

/** The writes waiting on the device, re-rendering when the queue changes. */
export function useQueuedWrites(): QueuedWrite[] {
  const offline = useOfflineSupport();
  return useSyncExternalStore(offline?.queue.subscribe ?? noSubscription, offline?.queue.items ?? (() => none), () => none);
}

/** Whether the device has a network, re-rendering when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(networkStatus.subscribe, networkStatus.get, () => true);
}
