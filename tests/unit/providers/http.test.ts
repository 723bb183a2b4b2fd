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

describe('field-level validation errors', () => {
  const refuse = async (body: unknown): Promise<HttpError> => {
    const api = mockFetch().on('POST', '/api/reports', { status: 400, statusText: 'Bad Request', body });
    const http = createHttpClient({ apiUrl: 'http://api.test', fetch: api.fetch });
    return (await http.request('/api/reports', { method: 'POST', body: {} }).catch((e: unknown) => e)) as HttpError;
  };

  it("maps details.errors to body.errors, one French message per field (the first) by its code, keeping message and status", async () => {
    const body = {
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: '3 errors occurred',
        details: {
          code: 'invalid_fields',
          errors: [
            { path: ['title'], message: 'title must be at most 200 characters', name: 'ValidationError', code: 'too_long', params: { max: '200' } },
            { path: ['priority'], message: 'priority must be one of the following values: basse, normale, haute, critique', name: 'ValidationError', code: 'not_allowed' },
            { path: ['title'], message: 'title must be a `string` type', name: 'ValidationError', code: 'text' },
            { path: ['location', 'lat'], message: 'location.lat must be less than or equal to 90', name: 'ValidationError', code: 'max', params: { max: '90' } },
          ],
        },
      },
    };
    const error = await refuse(body);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Strapi 400: 3 errors occurred');
    expect(error.status).toBe(400);
    expect(error.body).toEqual({
      ...body,
      errors: {
        title: 'Ce champ ne peut pas dépasser 200 caractères',
        priority: 'Valeur non autorisée',
        'location.lat': 'La valeur doit être inférieure ou égale à 90',
      },
    });
  });

  it("maps the backend's own refusal of a field, keeping its French message", async () => {
    const body = {
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: "Le sous-type « Lampadaire éteint » n'appartient pas au type « Voirie »",
        details: { code: 'invalid_value', errors: [{ path: ['subType'], message: "Le sous-type « Lampadaire éteint » n'appartient pas au type « Voirie »", code: 'invalid_value' }] },
      },
    };
    const error = await refuse(body);
    expect(error.message).toBe("Strapi 400: Le sous-type « Lampadaire éteint » n'appartient pas au type « Voirie »");
    expect(error.body).toEqual({ ...body, errors: { subType: "Le sous-type « Lampadaire éteint » n'appartient pas au type « Voirie »" } });
  });

  it('leaves bodies that name no field alone (query errors carry a string path)', async () => {
    const missingData = { data: null, error: { status: 400, name: 'ValidationError', message: 'Missing "data" payload in the request body', details: {} } };
    expect((await refuse(missingData)).body).toEqual(missingData);
    const badKey = { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid key photos', details: { key: 'photos', path: 'photos', source: 'query', param: 'fields' } } };
    expect((await refuse(badKey)).body).toEqual(badKey);
  });
});
