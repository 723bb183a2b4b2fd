import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { io } from 'socket.io-client';
import { launch, openPage } from './browser';

/**
 * `npm start`'s back-office server passes the backend's routes through on its own address (vite.config.ts,
 * `preview.proxy`): the API, the health checks, the citizens' channel and socket.io (polling and websocket). A
 * back-office built for its own address (VITE_API_URL=/, `npm start`'s default) then makes no CORS preflight.
 */

const spaUrl = inject('spaUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function logInThroughSpa() {
  const res = await fetch(`${spaUrl}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: 'operateur@mairie.test', password: 'Operateur123!' }) });
  expect(res.status).toBe(200);
  return (await res.json()).jwt as string;
}

describe('the back-office’s address serves the backend’s routes too', () => {
  it('answers the API, the health checks and the citizens’ channel as the backend does', async () => {
    expect((await fetch(`${spaUrl}/_health`)).status).toBe(204);
    expect((await fetch(`${spaUrl}/_ready`)).status).toBe(200);
    const settings = await fetch(`${spaUrl}/api/setting/public`);
    expect(settings.status).toBe(200);
    expect((await settings.json()).data).toHaveProperty('siteName');
    const token = await logInThroughSpa();
    const me = await fetch(`${spaUrl}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await me.json()).email).toBe('operateur@mairie.test');
    expect((await fetch(`${spaUrl}/open311/v2/services.json`)).status).toBe(200);
    // The SPA's own pages are still its own.
    expect((await fetch(`${spaUrl}/signalements`)).headers.get('content-type')).toContain('text/html');
  });

  it('passes socket.io through, websocket included', async () => {
    const token = await logInThroughSpa();
    const socket = io(spaUrl, { auth: { token }, transports: ['websocket'], reconnection: false, timeout: 15_000 });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      expect(socket.connected).toBe(true);
    } finally {
      socket.disconnect();
    }
  });

  it('a page on that address calls the API without a CORS preflight', async () => {
    const token = await logInThroughSpa();
    const { page } = await openPage(browser);
    await page.goto(`${spaUrl}/login`);
    await page.waitForLoadState('networkidle');
    const methods: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${spaUrl}/api/`)) methods.push(request.method());
    });
    // What the data provider sends: a token, and on a write Idempotency-Key and If-Match (each a preflight across origins).
    const statuses = await page.evaluate(async (jwt) => {
      const headers = { Authorization: `Bearer ${jwt}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() };
      const list = await fetch('/api/reports?pagination[pageSize]=1', { headers });
      const id = (await list.json()).data[0].documentId as string;
      const write = await fetch(`/api/reports/${id}`, { method: 'PUT', headers: { ...headers, 'If-Match': '"1970-01-01T00:00:00.000Z"' }, body: JSON.stringify({ data: { priority: 'haute' } }) });
      return [list.status, write.status];
    }, token);
    // The list answers; the write over an old version is refused (412) by the backend itself, not by CORS.
    expect(statuses).toEqual([200, 412]);
    expect(methods).toEqual(['GET', 'PUT']);
    await page.context().close();
  });
});
