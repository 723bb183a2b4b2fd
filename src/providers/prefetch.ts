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

/** The early answer to GET `url` with `token`, once; undefined when none was sent (or it failed). */
export function takePrefetched(url: string, token: string): Promise<Response> | undefined {
  const key = keyOf(url, token);
  const response = early.get(key);
  early.delete(key);
  return response;
}
