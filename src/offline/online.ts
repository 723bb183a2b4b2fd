import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the device has a network, as the browser says it (navigator.onLine and its events). React
 * Query is told too: its queries pause offline and keep what they show, instead of failing.
 */
export const networkStatus = {
  subscribe(listener: () => void) {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
  get: () => typeof navigator === 'undefined' || navigator.onLine !== false,
};

/** React Query starts believing it is online; an app opened offline says otherwise at once. */
export function syncQueryOnlineState() {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(networkStatus.get());
}
