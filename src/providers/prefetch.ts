/**
 * Early GETs of a cold load: while the app's code is still loading, main.tsx starts the
 * session check and AppRoot the settings and the route's list, each exactly as the providers will
 * ask for it. The HTTP client then takes the early answer instead of sending the same GET again
 * (same address, same token, taken once): no request waits on the code, nothing is fetched twice.
 * An answer nobody takes (the list's parameters differed) is forgotten after a while.
 */
import { browserFetch, type FetchLike } from './browserFetch';

const FORGET_AFTER_MS = 20_000;
const early = new Map<string, Promise<Response>>();
const keyOf = (url: string, token: string) => `${token} ${url}`;

/** Sends GET `url` with the session's token now, the headers the HTTP client sends. */
export function prefetchGet(url: string, token: string, doFetch: FetchLike = browserFetch) {
  const key = keyOf(url, token);
  if (early.has(key)) return;
  const response = doFetch(url, { method: 'GET', headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  // A failed early call is no error of its own: the client's own call, sent when it is not there, says it.
  response.catch(() => undefined);
  early.set(key, response);
  setTimeout(() => {
    if (early.get(key) === response) early.delete(key);
  }, FORGET_AFTER_MS);
}

/**
 * How long a request waits for the early answer before sending its own. An early call that never answers (a
 * connection lost during the load, a stalled service worker) would otherwise leave the page loading for ever,
 * since it was sent without the request's signal and no one can abort it.
 */
export const EARLY_ANSWER_WAIT_MS = 10_000;

/**
 * The early answer to GET `url` with `token`, taken once: undefined when none was sent, when it failed or when it
 * did not come within `waitMs` (the caller then sends its own). Rejects as fetch does when `signal` aborts, so a
 * list that changed its parameters stops waiting at once.
 */
export function takePrefetched(url: string, token: string, { signal, waitMs = EARLY_ANSWER_WAIT_MS }: { signal?: AbortSignal; waitMs?: number } = {}): Promise<Response | undefined> | undefined {
  const key = keyOf(url, token);
  const response = early.get(key);
  early.delete(key);
  if (!response) return undefined;
  return new Promise<Response | undefined>((resolve, reject) => {
    const aborted = () => signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    if (signal?.aborted) return reject(aborted());
    const onAbort = () => settle(() => reject(aborted()));
    const timer = setTimeout(() => settle(() => resolve(undefined)), waitMs);
    let settled = false;
    function settle(outcome: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    response.then(
      (answer) => settle(() => resolve(answer)),
      () => settle(() => resolve(undefined)),
    );
  });
}
