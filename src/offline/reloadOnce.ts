/**
 * After a redeploy, a session opened before it may ask for a chunk that no longer exists (without a
 * service worker, or before it took control). The page then reloads once, to the new version; a
 * second failure within a minute shows the error screen instead of reloading in a loop.
 */
const KEY = 'mamoudzou.reloadedForChunk';
const WINDOW_MS = 60_000;

/** Whether an error says a module (a screen's chunk, a preload) could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Failed to load module script/i.test(message);
}

interface ReloadDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  now?: () => number;
}

let reloading = false;

/** Whether this page is already reloading to the new version (the error screen says so instead of offering it). */
export const isReloading = () => reloading;

/** Reloads the page unless it already did within the last minute; answers whether it reloads. */
export function reloadOnce({ storage = globalThis.sessionStorage, reload = () => window.location.reload(), now = Date.now }: ReloadDeps = {}): boolean {
  if (reloading) return true;
  let last = 0;
  try {
    last = Number(storage.getItem(KEY) ?? 0);
  } catch {
    /* storage refused: reload anyway, once per page */
  }
  if (now() - last < WINDOW_MS) return false;
  try {
    storage.setItem(KEY, String(now()));
  } catch {
    /* storage refused */
  }
  reloading = true;
  reload();
  return true;
}

/**
 * Vite's own signal that a chunk's preload failed (also for imports outside a route: an exporter, a
 * dialog): the same remedy. The error still goes on (no preventDefault: the import would then answer
 * undefined and the screen fail on it) to the route's error screen, which says the page is reloading.
 */
export function reloadOnPreloadError(target: Pick<Window, 'addEventListener'> = window) {
  target.addEventListener('vite:preloadError', () => void reloadOnce());
}
