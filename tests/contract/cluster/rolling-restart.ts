import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { catchUpOnConnect } from '../../../src/custom/layout/catchUpOnConnect';
import { createRealtime } from '../../../src/providers/realtime';
import { launch, logIn as logInPage, openPage, screenshot } from '../../e2e/browser';
import { reportBody, sleep, until, type TestCluster } from './support';

/**
 * A release: the three instances restarted one after the other (each taken out of the balancer, stopped, started,
 * put back) while a member of staff works: logged in, the back-office's real-time connection open (its own client
 * and its catch-up on reconnection, from src/, and the back-office itself in Chromium), a colleague writing meanwhile.
 */
export function rollingRestart(cluster: () => TestCluster) {
  describe('a rolling restart of the three instances', () => {
    it('logs nobody out, refuses no call, and the socket reconnects and catches up with what was written meanwhile', { timeout: 300_000 }, async () => {
      const { url, api, newAccount, logIn, admin, cluster: c } = cluster();
      const person = await newAccount('Operator');
      const token = await logIn(person.email, person.password);
      const colleague = await admin();
      const marker = `Relève ${Date.now().toString(36)}`;

      // The back-office's client in Node: it keeps the balancer's cookie as a browser does on its own origin.
      const realtime = createRealtime({
        url,
        getToken: () => token,
        io: (address: string, options: Partial<ManagerOptions & SocketOptions>) => io(address, { ...options, withCredentials: true }),
      });
      const known = new Set<string>();
      const refetches: Promise<void>[] = [];
      // What the screen does when the catch-up marks its list stale: it asks for the list again.
      const refetch = async () => {
        const list = await api('GET', `/api/reports?filters[title][$startsWith]=${encodeURIComponent(marker)}&pagination[pageSize]=200`, { token });
        expect(list.status).toBe(200);
        for (const report of list.body.data) known.add(report.documentId);
      };
      const queryClient = { invalidateQueries: ({ queryKey }: { queryKey: string[] }) => void (queryKey[0] === 'signalements' && refetches.push(refetch())) };
      const offCatchUp = catchUpOnConnect(realtime, queryClient as never, ['signalements']);
      realtime.on('new-report', (payload: { id: string }) => known.add(payload.id));
      realtime.connect();
      await until(async () => realtime.getState().status, (status) => status === 'connected', 20_000);

      // The same person in the back-office, through the balancer: the reports of this test, newest first.
      const browser = await launch();
      const { page, errors } = await openPage(browser);
      await logInPage(page, url, person.email, person.password);
      await page.goto(`${url}/signalements?filter=${encodeURIComponent(JSON.stringify({ q: marker }))}&sort=createdAt&order=DESC`);
      // From here on: a logout would turn it « idle ».
      const states: string[] = [];
      const offState = realtime.subscribe((state) => states.push(state.status));

      // The person keeps reading, the colleague keeps writing, until the restart is over.
      let working = true;
      const reads: number[] = [];
      const written: string[] = [];
      const writes: number[] = [];
      const reading = (async () => {
        while (working) {
          reads.push((await api('GET', '/api/users/me', { token })).status);
          await sleep(200);
        }
      })();
      const writing = (async () => {
        for (let i = 0; working; i++) {
          const res = await api('POST', '/api/reports', { token: colleague, body: reportBody(`${marker} n°${i}`) });
          writes.push(res.status);
          if (res.status === 201) written.push(res.body.data.documentId);
          await sleep(300);
        }
      })();
      try {
        // The page shows the colleague's first report as it is written (its socket is up), then the release starts.
        await page.getByText(`${marker} n°0`, { exact: true }).first().waitFor({ timeout: 30_000 });
        await c.rollingRestart();
      } finally {
        working = false;
        await Promise.all([reading, writing]);
      }

      expect(reads.filter((s) => s !== 200)).toEqual([]);
      expect(writes.filter((s) => s !== 201)).toEqual([]);
      expect(written.length).toBeGreaterThan(10);
      // The socket was cut at least once (its instance stopped) and is connected again.
      expect(states.filter((s) => s === 'disconnected').length).toBeGreaterThan(0);
      expect(states).not.toContain('idle');
      expect(await until(async () => realtime.getState().status, (status) => status === 'connected', 20_000)).toBe('connected');
      // Every report written during the restart reached the person: live, or by the catch-up once reconnected.
      await until(async () => written.filter((id) => !known.has(id)), (missing) => missing.length === 0, 15_000);
      await Promise.all(refetches);
      expect(written.filter((id) => !known.has(id))).toEqual([]);
      expect(refetches.length).toBeGreaterThan(0);
      // Still logged in.
      expect((await api('GET', '/api/users/me', { token })).status).toBe(200);
      offState();
      offCatchUp();
      realtime.disconnect();

      // The screen: still the list, never the login page, showing the last report written, without a reload.
      const last = `${marker} n°${writes.length - 1}`;
      await page.getByText(last, { exact: true }).first().waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe('/signalements');
      await screenshot(page, 'cluster-apres-releve');
      expect(errors).toEqual([]);
      await browser.close();
    });
  });
}
