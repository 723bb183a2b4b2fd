import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { reportBody, until, type TestCluster } from './support';

/** HAProxy in front: the back-office's files and the API on one address, its checks, and what socket.io needs. */
export function balancer(cluster: () => TestCluster) {
  describe('the balancer', () => {
    it('serves the back-office’s files and the API on one address: a screen’s address is the page, an asset is kept a year', async () => {
      const { url } = cluster();
      const page = await fetch(`${url}/signalements/42`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const html = await page.text();
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(asset).toBeTruthy();
      const script = await fetch(`${url}${asset}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(script.status).toBe(200);
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(script.headers.get('content-encoding')).toBe('gzip');
      // Built for the page's own origin: no other backend address is written in it.
      expect(await script.text()).not.toContain('localhost:1337');
      expect((await fetch(`${url}/assets/absent.js`)).status).toBe(404);
      // The citizens' page: /signaler and any address under it (a report's own page) are its entry, not the back-office's.
      for (const address of ['/signaler', '/signaler/MZ-2026-00012']) {
        const citizens = await fetch(`${url}${address}`);
        expect(citizens.status, address).toBe(200);
        const body = await citizens.text();
        expect(body, address).toContain('<title>Signaler un problème · Mairie de Mamoudzou</title>');
        expect(body, address).not.toBe(html);
      }

      const ready = await fetch(`${url}/_ready`);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres' });
      const api = await fetch(`${url}/api/users/me`);
      expect(api.status).toBe(403);
    });

    it('sends requests to every instance, and each checks /_ready', async () => {
      const { cluster: c, served, api } = cluster();
      const before = await served();
      for (let i = 0; i < 9; i++) expect((await api('GET', '/_health')).status).toBe(204);
      const after = await served();
      for (const name of ['b1', 'b2', 'b3']) expect(after[name] - before[name], name).toBe(3);
      const config = (await import('node:fs')).readFileSync(c.balancer.configFile, 'utf8');
      expect(config).toMatch(/option httpchk GET \/_ready/);
    });

    it('keeps a socket.io connection on its instance: the polling transport alone works across three instances', async () => {
      const { url, admin, api } = cluster();
      const token = await admin();
      // Node's client keeps the balancer's cookie only when asked (a browser always does, on its own origin).
      const socket: Socket = io(url, { auth: { token }, transports: ['polling'], withCredentials: true, reconnection: false });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        const titles: string[] = [];
        socket.on('new-report', (payload: { title: string }) => titles.push(payload.title));
        const title = `Polling ${Date.now()}`;
        expect((await api('POST', '/api/reports', { token, body: reportBody(title) })).status).toBe(201);
        expect(await until(async () => titles, (list) => list.includes(title), 15_000)).toContain(title);
        expect(socket.connected).toBe(true);
        expect(socket.io.engine.transport.name).toBe('polling');
      } finally {
        socket.disconnect();
      }
    });
  });
}
