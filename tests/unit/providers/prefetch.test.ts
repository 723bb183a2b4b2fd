import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../src/providers/http';
import { EARLY_ANSWER_WAIT_MS, prefetchGet } from '../../../src/providers/prefetch';

/** A fetch that records its calls and answers each GET with the number of the call. */
function countingFetch() {
  const calls: { url: string; method: string; authorization?: string }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ url, method: init?.method ?? 'GET', authorization: headers.Authorization });
    return new Response(JSON.stringify({ call: calls.length }), { status: 200 });
  };
  return { calls, fetch };
}

describe('early calls of a cold load', () => {
  it('the client takes the early answer of the same GET with the same token, once, instead of sending it again', async () => {
    const { calls, fetch } = countingFetch();
    prefetchGet('http://api.test/api/users/me?populate=role', 'jwt-1', fetch);
    expect(calls).toEqual([{ url: 'http://api.test/api/users/me?populate=role', method: 'GET', authorization: 'Bearer jwt-1' }]);
    const http = createHttpClient({ apiUrl: 'http://api.test', getToken: () => 'jwt-1', fetch });
    expect(await http.request('/api/users/me?populate=role')).toEqual({ call: 1 });
    expect(calls).toHaveLength(1);
    // Taken once: the next call is a call of its own.
    expect(await http.request('/api/users/me?populate=role')).toEqual({ call: 2 });
    expect(calls).toHaveLength(2);
  });

  it('another address, another token or a write is never answered early', async () => {
    const { calls, fetch } = countingFetch();
    prefetchGet('http://api.test/api/reports?pagination[page]=1', 'jwt-old', fetch);
    const http = createHttpClient({ apiUrl: 'http://api.test', getToken: () => 'jwt-new', fetch });
    expect(await http.request('/api/reports?pagination[page]=1')).toEqual({ call: 2 });
    expect(await http.request('/api/reports?pagination[page]=2')).toEqual({ call: 3 });
    prefetchGet('http://api.test/api/setting', 'jwt-new', fetch);
    expect(await http.request('/api/setting', { method: 'PUT', body: { data: {} } })).toEqual({ call: 5 });
    expect(calls.map((c) => `${c.method} ${c.url} ${c.authorization}`)).toEqual([
      'GET http://api.test/api/reports?pagination[page]=1 Bearer jwt-old',
      'GET http://api.test/api/reports?pagination[page]=1 Bearer jwt-new',
      'GET http://api.test/api/reports?pagination[page]=2 Bearer jwt-new',
      'GET http://api.test/api/setting Bearer jwt-new',
      'PUT http://api.test/api/setting Bearer jwt-new',
    ]);
  });

  it('a failed early call leaves the client to send its own', async () => {
    const calls: string[] = [];
    const fetch = async (url: string) => {
      calls.push(url);
      if (calls.length === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ ok: true }), { status: 200 });
    };
    prefetchGet('http://api.test/api/setting/public', 'jwt', fetch);
    const http = createHttpClient({ apiUrl: 'http://api.test', getToken: () => 'jwt', fetch });
    expect(await http.request('/api/setting/public')).toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });
});

describe('an early call that does not answer', () => {
  /** A fetch whose first call never answers; the others answer at once. */
  function firstCallHangs() {
    const calls: string[] = [];
    const fetch = (url: string) => {
      calls.push(url);
      if (calls.length === 1) return new Promise<Response>(() => undefined);
      return Promise.resolve(new Response(JSON.stringify({ call: calls.length }), { status: 200 }));
    };
    return { calls, fetch };
  }

  it('the request stops waiting for it when its own signal aborts, as fetch would', async () => {
    const { calls, fetch } = firstCallHangs();
    prefetchGet('http://api.test/api/events?pagination[page]=1', 'jwt', fetch);
    const http = createHttpClient({ apiUrl: 'http://api.test', getToken: () => 'jwt', fetch });
    const controller = new AbortController();
    const pending = http.request('/api/events?pagination[page]=1', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
  });

  it('after a while the request sends its own call, and the page loads', async () => {
    vi.useFakeTimers();
    try {
      const { calls, fetch } = firstCallHangs();
      prefetchGet('http://api.test/api/events?pagination[page]=1', 'jwt', fetch);
      const http = createHttpClient({ apiUrl: 'http://api.test', getToken: () => 'jwt', fetch });
      const pending = http.request('/api/events?pagination[page]=1');
      await vi.advanceTimersByTimeAsync(EARLY_ANSWER_WAIT_MS);
      expect(await pending).toEqual({ call: 2 });
      expect(calls).toEqual(['http://api.test/api/events?pagination[page]=1', 'http://api.test/api/events?pagination[page]=1']);
    } finally {
      vi.useRealTimers();
    }
  });
});
