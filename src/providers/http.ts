import { HttpError } from 'ra-core';
import { strapiFieldErrors } from '../common/serverErrors';
import { takePrefetched } from './prefetch';
import type { FetchLike } from './browserFetch';

/**
 * The HTTP client every provider goes through: the logged-in user's bearer token (never a fixed
 * one), JSON bodies except for multipart uploads, AbortSignal passed on, one retry after a token
 * refresh on 401, and errors as react-admin HttpError "Strapi {status}: {message}" whose body
 * gains `errors: { field: French message }` when Strapi names the fields at fault (react-admin's
 * forms show each under its input).
 */

export type { FetchLike };

export interface HttpClientOptions {
  apiUrl: string;
  /** The current JWT, or null when logged out. */
  getToken?: () => string | null;
  /** Called once when a call answers 401 with a token: resolves to a new token, or null to give up. */
  refreshToken?: () => Promise<string | null>;
  fetch?: FetchLike;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the Authorization header (login, registration). */
  anonymous?: boolean;
  /** Answer the body as a Blob (a file download) instead of parsed JSON. */
  blob?: boolean;
  /** Headers of this call (a queued write's Idempotency-Key and If-Match). */
  headers?: Record<string, string>;
}

export interface LinesOptions extends RequestOptions {
  /** The number of items the answer announces (X-Total-Count), before they come. */
  onTotal?: (total: number) => void;
}

/** The message of a refused call: body error.message, then message, then status text, else the raw text. */
export function strapiErrorMessage(status: number, statusText: string, rawText: string): string {
  let body: unknown = undefined;
  try {
    body = rawText ? JSON.parse(rawText) : undefined;
  } catch {
    body = undefined;
  }
  const b = body as { error?: { message?: unknown }; message?: unknown } | undefined;
  const fromBody =
    (typeof b?.error?.message === 'string' && b.error.message) ||
    (typeof b?.message === 'string' && b.message) ||
    '';
  const message = fromBody || statusText || rawText;
  return `Strapi ${status}: ${message}`;
}

export function parseBody(rawText: string): unknown {
  if (!rawText) return undefined;
  try {
    return JSON.parse(rawText);
  } catch {
    return rawText;
  }
}

/** The error body react-admin gets: Strapi's, plus the field errors it names, if any. */
function errorBody(rawText: string): unknown {
  const body = parseBody(rawText);
  const errors = strapiFieldErrors(body);
  return errors ? { ...(body as object), errors } : body;
}

export interface HttpClient {
  apiUrl: string;
  /** Sends a request to `${apiUrl}${path}` and answers the parsed JSON body (null for an empty body). */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * GET of a JSON-lines answer (one JSON value a line), handed to `onItems` a chunk at a time as it
   * arrives: a long answer is never held whole, and the next chunk is read only once `onItems` is done with the
   * previous one (a slow writer slows the reading, nothing piles up). Answers the number of items; `onTotal` gets
   * the answer's X-Total-Count, when it has one, before the first item.
   */
  lines<T = unknown>(path: string, onItems: (items: T[]) => void | Promise<void>, options?: LinesOptions): Promise<number>;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(path: string, req: RequestOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    const isForm = typeof FormData !== 'undefined' && req.body instanceof FormData;
    let body: BodyInit | undefined;
    if (req.body !== undefined) {
      if (isForm) {
        body = req.body as FormData; // the browser sets the multipart boundary itself
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(req.body);
      }
    }
    if (token && !req.anonymous) headers.Authorization = `Bearer ${token}`;
    // A cold load's early call to the same address with the same token (prefetch.ts) answers instead.
    const early = token && !req.anonymous && (req.method ?? 'GET') === 'GET' && body === undefined ? takePrefetched(`${apiUrl}${path}`, token, { signal: req.signal }) : undefined;
    if (early) {
      const response = await early;
      if (response) return response;
    }
    return doFetch(`${apiUrl}${path}`, {
      method: req.method ?? 'GET',
      headers,
      body,
      signal: req.signal,
    });
  }

  /** The response, sent again once with a fresh token after a 401; an HttpError when it is not ok. */
  async function respond(path: string, req: RequestOptions): Promise<Response> {
    const token = req.anonymous ? null : (options.getToken?.() ?? null);
    let response = await send(path, req, token);
    if (response.status === 401 && token && options.refreshToken && !req.anonymous) {
      const fresh = await options.refreshToken().catch(() => null);
      if (fresh) response = await send(path, req, fresh);
    }
    if (!response.ok) {
      const rawText = await response.text();
      throw new HttpError(strapiErrorMessage(response.status, response.statusText, rawText), response.status, errorBody(rawText));
    }
    return response;
  }

  async function request<T>(path: string, req: RequestOptions = {}): Promise<T> {
    const response = await respond(path, req);
    if (req.blob) return (await response.blob()) as T;
    const rawText = response.status === 204 ? '' : await response.text();
    const parsed = parseBody(rawText);
    return (parsed === undefined ? null : parsed) as T;
  }

  async function lines<T>(path: string, onItems: (items: T[]) => void | Promise<void>, req: LinesOptions = {}): Promise<number> {
    const response = await respond(path, req);
    const total = Number(response.headers?.get?.('X-Total-Count') ?? NaN);
    if (Number.isFinite(total)) req.onTotal?.(total);
    let count = 0;
    let rest = '';
    const take = async (text: string, last: boolean) => {
      const parts = (rest + text).split('\n');
      rest = last ? '' : (parts.pop() ?? '');
      const items = parts.filter((line) => line.trim()).map((line) => JSON.parse(line) as T);
      count += items.length;
      if (items.length) await onItems(items);
    };
    const reader = response.body?.getReader();
    if (!reader) {
      await take(await response.text(), true);
      return count;
    }
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await take(decoder.decode(value, { stream: true }), false);
      }
    } catch (error) {
      // The writer gave up (or the reading failed): the rest of the answer is not wanted.
      await reader.cancel().catch(() => undefined);
      throw error;
    }
    await take(decoder.decode(), true);
    return count;
  }

  return { apiUrl, request, lines };
}
