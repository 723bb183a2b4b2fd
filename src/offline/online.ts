import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the app can reach its server: the browser must say it has a network (navigator.onLine and its
 * events) AND the requests must get answers. On a captive or weak mobile network the browser says « online »
 * while every request fails: the app is then offline all the same (the « Hors ligne » banner, the copy kept on
 * the device, the writes queued), until a request gets an answer again. React Query is told too: its queries
 * pause and keep what they show, instead of failing.
 */
let unanswered = false;
// A new app (a new set of providers) starts believing it is reachable; requests of an older one no longer count.
let generation = 0;
let listeners = new Set<() => void>();

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const changed = () => {
  onlineManager.setOnline(networkStatus.get());
  listeners.forEach((listener) => listener());
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
}

export const networkStatus = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => browserOnline() && !unanswered,
  /** Whether the browser itself says it has a network (whatever the requests met). */
  browserOnline,
  /** A request got an answer (whatever its status): the server is there. */
  answered(of = generation) {
    if (of !== generation || !unanswered) return;
    unanswered = false;
    changed();
  },
  /** A request got no answer at all (not an answer refusing it). */
  failed(of = generation) {
    if (of !== generation || unanswered) return;
    unanswered = true;
    changed();
  },
  /** The generation the requests report for (see reset). */
  generation: () => generation,
  /** A new app starts: reachable as far as it knows, the listeners of the previous one dropped. */
  reset() {
    generation += 1;
    unanswered = false;
    listeners = new Set();
  },
};

/** React Query follows this status only (its own reading of the browser's events would miss failing requests). */
export function syncQueryOnlineState() {
  onlineManager.setEventListener((setOnline) => {
    setOnline(networkStatus.get());
    return () => undefined;
  });
}

const isAbort = (error: unknown, init?: RequestInit) => init?.signal?.aborted === true || (error as { name?: unknown } | null)?.name === 'AbortError';

/** A fetch that tells the status whether its requests got answers (a request the app aborted tells nothing). */
export function watchedFetch<F extends (input: string, init?: RequestInit) => Promise<Response>>(fetch: F): F {
  return (async (input: string, init?: RequestInit) => {
    const of = networkStatus.generation();
    try {
      const response = await fetch(input, init);
      networkStatus.answered(of);
      return response;
    } catch (error) {
      if (!isAbort(error, init)) networkStatus.failed(of);
      throw error;
    }
  }) as F;
}
