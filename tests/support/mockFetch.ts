/**
 * A fetch double for provider tests: records every call (decoded URL, method, headers, body) and
 * answers from a list of handlers matched in order on method and path.
 */
export interface RecordedCall {
  url: string;
  /** The URL with percent-escapes decoded, for readable assertions. */
  decodedUrl: string;
  path: string;
  query: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  rawBody: BodyInit | null | undefined;
  signal?: AbortSignal | null;
}

export type Reply = { status?: number; statusText?: string; body?: unknown; text?: string };
type Handler = { method: string; path: string | RegExp; reply: Reply | ((call: RecordedCall) => Reply) };

export function mockFetch(baseUrl = 'http://api.test') {
  const calls: RecordedCall[] = [];
  const handlers: Handler[] = [];
  const fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const url = String(input);
    const withoutBase = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url;
    const [path, query = ''] = withoutBase.split('?');
    const rawBody = init.body;
    let body: unknown = rawBody;
    if (typeof rawBody === 'string') {
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = rawBody;
      }
    }
    const call: RecordedCall = {
      url,
      decodedUrl: decodeURIComponent(withoutBase),
      path,
      query: decodeURIComponent(query),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body,
      rawBody,
      signal: init.signal,
    };
    calls.push(call);
    const handler = handlers.find(
      (h) => h.method === call.method && (typeof h.path === 'string' ? h.path === path : h.path.test(path)),
    );
    if (!handler) return new Response(JSON.stringify({ error: { status: 404, message: 'Not Found' } }), { status: 404, statusText: 'Not Found' });
    const reply = typeof handler.reply === 'function' ? handler.reply(call) : handler.reply;
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
    return new Response(status === 204 ? null : text, { status, statusText: reply.statusText ?? '' });
  };
  const api = {
    fetch,
    calls,
    on(method: string, path: string | RegExp, reply: Handler['reply']) {
      handlers.unshift({ method, path, reply });
      return api;
    },
    last: () => calls[calls.length - 1],
    reset: () => {
      calls.length = 0;
    },
  };
  return api;
}

/** The query string's parameters as [key, value] pairs, decoded. */
export function queryPairs(call: RecordedCall): [string, string][] {
  const query = call.url.split('?')[1] ?? '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k, v = ''] = pair.split('=');
      return [decodeURIComponent(k), decodeURIComponent(v)];
    });
}

export function queryObject(call: RecordedCall): Record<string, string> {
  return Object.fromEntries(queryPairs(call));
}
