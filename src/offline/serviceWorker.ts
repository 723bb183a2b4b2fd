import { Workbox } from 'workbox-window';

/**
 * The service worker (built by vite-plugin-pwa, Workbox's generateSW) is registered in the
 * production build only: `npm run dev` and the jsdom tests have none. When a new version is
 * installed and waiting, `updateReady` says so (the layout's toast); `applyUpdate` lets it take
 * over and reloads the page once it controls it.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: Workbox | null = null;

export const updateReady = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => waiting !== null,
};

const CHECK_EVERY_MS = 30 * 60 * 1000;

export function registerServiceWorker(url = '/sw.js') {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox(url, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = workbox;
    listeners.forEach((listener) => listener());
  });
  void workbox.register().then((registration) => {
    if (!registration) return;
    // Agents keep the app open all day: look for a new version now and then, and when it comes back to the front.
    const check = () => void registration.update().catch(() => undefined);
    setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
  }).catch(() => undefined);
}

/** The new version takes over; the page reloads when it controls it. */
export function applyUpdate() {
  const workbox = waiting;
  if (!workbox) return window.location.reload();
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
