import { describe, expect, it } from 'vitest';
import { open311 } from '../open311/client';
import { ADMIN, reportBody, sleep, until, type TestCluster } from './support';

const KAWENI = { lat: '-12.7598', long: '45.2221' };
const UNREACHABLE = 'le serveur de la base de données ne répond pas';

/** PostgreSQL stopped under the three instances, then started again. */
export function postgresRestart(cluster: () => TestCluster) {
  describe('PostgreSQL restarted', () => {
    it('answers a French 503 during the outage and /_ready says why; everything answers again after, the backends never restarted', { timeout: 180_000 }, async () => {
      const { url, api, admin, newOpen311Client, logIn, cluster: c } = cluster();
      const token = await admin();
      const apiKey = await newOpen311Client();
      const pids = c.instances.map((i) => i.pid());

      await c.postgres.stop();
      // The instances' pooled connections have seen the server go: each request now opens a new one, which fails
      // before any query (the case where the authentication swallowed the failure into a 401).
      await sleep(1_000);
      try {
        const read = await api('GET', '/api/reports?pagination[pageSize]=5', { token });
        expect(read.status).toBe(503);
        expect(read.body.error.message).toBe(`Lecture impossible pour le moment : ${UNREACHABLE}. Réessayez dans quelques minutes ; prévenez l'administrateur si cela dure.`);
        const write = await api('POST', '/api/reports', { token, body: reportBody('Pendant la coupure') });
        expect(write.status).toBe(503);
        expect(write.body.error.message).toBe(`Enregistrement impossible pour le moment : ${UNREACHABLE}. Réessayez dans quelques minutes ; prévenez l'administrateur si cela dure.`);
        expect(write.headers.get('retry-after')).toBe('30');
        const citizen = await open311('POST', 'requests.json', { api_key: apiKey, service_code: 'voirie', ...KAWENI, description: 'Pendant la coupure' }, url);
        expect(citizen.status).toBe(503);
        expect(citizen.json[0]).toMatchObject({ code: 503, description: expect.stringContaining(UNREACHABLE) });
        const login = await api('POST', '/api/auth/local', { body: { identifier: 'personne@cluster.test', password: 'Peu-importe-1!' } });
        expect(login.status).toBe(503);
        const ready = await api('GET', '/_ready');
        expect(ready.status).toBe(503);
        expect(ready.body).toMatchObject({ status: 'unavailable', database: 'postgres', cause: 'Le serveur de la base de données ne répond pas.' });
      } finally {
        await c.postgres.start();
      }

      expect((await until(() => api('GET', '/_ready'), (res) => res.status === 200, 30_000)).status).toBe(200);
      await c.balancerSeesUp();
      for (let i = 0; i < 6; i++) {
        expect((await api('GET', '/api/reports?pagination[pageSize]=5', { token })).status).toBe(200);
        expect((await api('POST', '/api/reports', { token, body: reportBody(`Après la coupure ${i}`) })).status).toBe(201);
      }
      expect((await open311('POST', 'requests.json', { api_key: apiKey, service_code: 'voirie', ...KAWENI, description: 'Après la coupure' }, url)).status).toBe(201);
      expect(await logIn(ADMIN.email, ADMIN.password)).toBeTruthy();
      expect(c.instances.map((i) => i.pid())).toEqual(pids);
    });
  });
}
