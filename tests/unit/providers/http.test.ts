import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { createHttpClient, strapiErrorMessage } from '../../../src/providers/http';
import { mockFetch } from '../../support/mockFetch';

describe('strapiErrorMessage', () => {
  it('reads error.message first', () => {
    expect(strapiErrorMessage(400, 'Bad Request', JSON.stringify({ error: { message: 'Invalid identifier or password' }, message: 'other' }))).toBe(
      'Strapi 400: Invalid identifier or password',
    );
  });
  it('then message', () => {
    expect(strapiErrorMessage(403, 'Forbidden', JSON.stringify({ message: 'Nope' }))).toBe('Strapi 403: Nope');
  });
  it('then the status text', () => {
    expect(strapiErrorMessage(500, 'Internal Server Error', '{}')).toBe('Strapi 500: Internal Server Error');
  });
  it('else the raw text', () => {
    expect(strapiErrorMessage(502, '', '<html>Bad gateway</html>')).toBe('Strapi 502: <html>Bad gateway</html>');
  });
});

describe('createHttpClient', () => {
  it('sends the bearer token and a JSON body', async () => {
    const api = mockFetch().on('POST', '/api/reports', { body: { data: { id: 1 } } });
    const http = createHttpClient({ apiUrl: 'http://api.test/', getToken: () => 'jwt-1', fetch: api.fetch });
    await http.request('/api/reports', { method: 'POST', body: { data: { title: 'x' } } });
    expect(api.last().url).toBe('http://api.test/api/reports');
    expect(api.last().headers).toMatchObject({ Authorization: 'Bearer jwt-1', 'Content-Type': 'application/json' });
    expect(api.last().body).toEqual({ data: { title: 'x' } });
  });

  it('sends no Authorization header when logged out or anonymous', async () => {
    const api = mockFetch().on('GET', '/api/x', { body: {} });
    await createHttpClient({ apiUrl: 'http://api.test', getToken: () => null, fetch: api.fetch }).request('/api/x');
    await createHttpClient({ apiUrl: 'http://api.test', getToken: () => 't', fetch: api.fetch }).request('/api/x', { anonymous: true });
    expect(api.calls.map((c) => c.headers.Authorization)).toEqual([undefined, undefined]);
  });

  it('raises an HttpError "Strapi {status}: {message}" with the status and body', async () => {
    const api = mockFetch().on('GET', '/api/reports', { status: 403, statusText: 'Forbidden', body: { error: { status: 403, message: 'Forbidden' } } });
    const http = createHttpClient({ apiUrl: 'http://api.test', fetch: api.fetch });
    const error = (await http.request('/api/reports').catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Strapi 403: Forbidden');
    expect(error.status).toBe(403);
    expect(error.body).toEqual({ error: { status: 403, message: 'Forbidden' } });
  });

  it('answers null for 204 No Content', async () => {
    const api = mockFetch().on('DELETE', '/api/reports/a', { status: 204 });
    expect(await createHttpClient({ apiUrl: 'http://api.test', fetch: api.fetch }).request('/api/reports/a', { method: 'DELETE' })).toBeNull();
  });

  it('retries once with a refreshed token after a 401', async () => {
    let token = 'old';
    const api = mockFetch().on('GET', '/api/reports', (call) =>
      call.headers.Authorization === 'Bearer new' ? { body: { data: [] } } : { status: 401, body: { error: { message: 'Unauthorized' } } },
    );
    const http = createHttpClient({
      apiUrl: 'http://api.test',
      getToken: () => token,
      refreshToken: async () => (token = 'new'),
      fetch: api.fetch,
    });
    expect(await http.request('/api/reports')).toEqual({ data: [] });
    expect(api.calls.map((c) => c.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('honours an AbortSignal', async () => {
    const api = mockFetch().on('GET', '/api/reports', { body: {} });
    const controller = new AbortController();
    controller.abort();
    const http = createHttpClient({ apiUrl: 'http://api.test', fetch: api.fetch });
    await expect(http.request('/api/reports', { signal: controller.signal })).rejects.toThrow(/abort/i);
  });
});
