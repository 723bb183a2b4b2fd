import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, logIn, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { seededCopy } from '../support/prepared-backend';
import { open311 } from '../open311/client';

/**
 * The backend's log says which requests came and how they ended, never what their query carried: an Open311 client's
 * key, a staff search for a citizen's name. This file's backend is its own, to read its whole output.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-request-log-'));
let backend: RunningBackend;

beforeAll(async () => {
  backend = await startBackend({ build: false, ...seededCopy(), sqliteFile: path.join(dir, 'data.db') });
});
afterAll(async () => {
  await backend?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the request log', () => {
  it('names each request, its parameters and its status, without the values of its query', async () => {
    const admin = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: backend.url });
    const client = await call('POST', '/api/open311-clients', { token: admin, baseUrl: backend.url, body: { data: { name: unique('Application citoyenne') } } });
    expect(client.status).toBe(201);
    const key = client.body.data.apiKey as string;
    const services = await open311('GET', 'services.json', { api_key: key }, backend.url);
    expect(services.status).toBe(200);
    const searched = unique('Attoumani rue Mgombani');
    const search = await call('GET', `/api/reports?search=${encodeURIComponent(searched)}&pagination[pageSize]=5`, { token: admin, baseUrl: backend.url });
    expect(search.status).toBe(200);

    await expect.poll(() => backend.output(), { timeout: 10_000 }).toMatch(/GET \/api\/reports\?search=…&pagination\[pageSize\]=… \(\d+ ms\) 200/);
    const output = backend.output();
    expect(output).toMatch(/GET \/open311\/v2\/services\.json\?api_key=… \(\d+ ms\) 200/);
    expect(output).not.toContain(key);
    expect(output).not.toContain('Attoumani');
    expect(output).not.toContain('Mgombani');
  });
});
