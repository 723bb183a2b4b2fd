import { describe, expect, it } from 'vitest';
import { open311 } from '../open311/client';
import { PNG_1PX } from '../support/api';
import { LIMITS, until, type TestCluster } from './support';

const KAWENI = { lat: '-12.7598', long: '45.2221' };
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/**
 * Every limit counted once for the three instances (in Redis): a client allowed N requests gets N through the
 * balancer, not 3 × N. Each test sends from a local address of its own, as a client elsewhere would.
 */
export function sharedLimits(cluster: () => TestCluster) {
  describe('limits counted once across the three instances', () => {
    async function setting(values: Record<string, unknown>) {
      const { api, admin } = cluster();
      const res = await api('PUT', '/api/setting', { token: await admin(), body: { data: values } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    it('an Open311 client allowed 6 requests a minute gets 6 of 18, whichever instance answers', async () => {
      const { url, newOpen311Client, served } = cluster();
      await setting({ open311RateLimit: 6 });
      try {
        const key = await newOpen311Client();
        const before = await served();
        const answers = [];
        for (let i = 0; i < 18; i++) answers.push(await open311('GET', 'services.json', { api_key: key }, url));
        const after = await served();
        for (const name of ['b1', 'b2', 'b3']) expect(after[name] - before[name], JSON.stringify({ before, after })).toBe(6);
        expect(count(answers.map((a) => a.status), 200)).toBe(6);
        expect(count(answers.map((a) => a.status), 429)).toBe(12);
        expect(answers.at(-1)!.json[0]).toEqual({ code: 429, description: 'Trop de requêtes : au plus 6 par minute pour ce client. Réessayez dans une minute.' });
      } finally {
        await setting({ open311RateLimit: 1000 });
      }
    });

    it('reads without a key: 9 a minute per address, across the instances', async () => {
      const { url } = cluster();
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 27; i++) {
        last = await open311('GET', 'services.json', {}, url, { from: '127.0.0.21' });
        statuses.push(last.status);
      }
      expect(count(statuses, 200)).toBe(LIMITS.open311PublicReadsPerMinute);
      expect(last!.json[0].description).toBe(
        `Trop de requêtes : au plus ${LIMITS.open311PublicReadsPerMinute} par minute par adresse sans clé d'API. Réessayez dans une minute, ou demandez une clé à la mairie.`,
      );
      // Another address is not held back by this one.
      expect((await open311('GET', 'services.json', {}, url, { from: '127.0.0.22' })).status).toBe(200);
    });

    it('« Mot de passe oublié ? »: 5 requests per address in a quarter of an hour, across the instances', async () => {
      const { apiFrom } = cluster();
      const answers = [];
      for (let i = 0; i < 15; i++) answers.push(await apiFrom('127.0.0.23', 'POST', '/api/auth/forgot-password', { body: { email: 'quelqu-un@cluster.test' } }));
      expect(count(answers.map((a) => a.status), 200)).toBe(LIMITS.forgotPasswordPer15Minutes);
      expect(answers.at(-1)).toMatchObject({ status: 429, body: { error: { message: 'Trop de demandes de réinitialisation depuis cette adresse : réessayez dans quelques minutes.' } } });
    });

    it('authentication requests: 60 a minute per address and route, across the instances, refused in French beyond', async () => {
      const { apiFrom } = cluster();
      const answers = [];
      // Each with a name of its own: the per-account lockout never speaks, only the flood guard.
      for (let batch = 0; batch < 18; batch++) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, (_, i) => apiFrom('127.0.0.24', 'POST', '/api/auth/local', { body: { identifier: `inconnu-${batch}-${i}@cluster.test`, password: 'Mauvais-1!' } })),
          )),
        );
      }
      const flood = answers.filter((a) => a.status === 429 && a.body?.error?.message === "Trop de requêtes d'authentification depuis cette adresse : réessayez dans une minute.");
      expect(answers.length - flood.length).toBe(LIMITS.authRequestsPerMinute);
      expect(flood).toHaveLength(180 - LIMITS.authRequestsPerMinute);
      expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 400)).toBe(true);
    });

    it('uploads: a person allowed 4 files an hour stores 4 of 12 sent at once through the three instances', async () => {
      const { url, newAccount, logIn, api } = cluster();
      await setting({ maxUploadsPerHour: 4 });
      try {
        const person = await newAccount('Administrator');
        const token = await logIn(person.email, person.password);
        const answers = await Promise.all(
          Array.from({ length: 12 }, async (_, i) => {
            const form = new FormData();
            form.append('files', new Blob([PNG_1PX], { type: 'image/png' }), `photo-${i}.png`);
            const res = await fetch(`${url}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
            return { status: res.status, body: await res.json() };
          }),
        );
        expect(count(answers.map((a) => a.status), 201), JSON.stringify(answers)).toBe(4);
        expect(count(answers.map((a) => a.status), 429), JSON.stringify(answers)).toBe(8);
        expect(count(answers.map((a) => a.status), 429)).toBe(8);
        expect(answers.find((a) => a.status === 429)!.body.error.message).toMatch(/^Limite d'envoi atteinte : au plus 4 fichiers par heure et par personne\. Réessayez après \d{2}:\d{2}\.$/);
        const stored = await api('GET', `/api/audit-logs?filters[userId][$eq]=${person.id}&filters[module][$eq]=medias&filters[action][$eq]=create`, { token: await cluster().admin() });
        expect(stored.body.data).toHaveLength(4);
      } finally {
        await setting({ maxUploadsPerHour: 30 });
      }
    });

    it('acknowledgements of the citizens’ channel: 3 an hour to one domain, whichever instance files the report', async () => {
      const { url, newOpen311Client, smtp, api, admin } = cluster();
      const key = await newOpen311Client();
      const domain = `domaine-${Date.now().toString(36)}.test`;
      const references: string[] = [];
      for (let i = 0; i < 9; i++) {
        const filed = await open311('POST', 'requests.json', { api_key: key, service_code: 'voirie', ...KAWENI, description: 'Un trou', email: `personne${i}@${domain}` }, url);
        expect(filed.status, filed.text).toBe(201);
        references.push(filed.json[0].service_request_id);
      }
      const withheld = async () =>
        (await api('GET', `/api/audit-logs?filters[action][$eq]=email_withheld&filters[resourceLabel][$contains]=${domain}&pagination[pageSize]=50`, { token: await admin() })).body.data;
      expect(await until(withheld, (rows) => rows.length >= 6, 20_000)).toHaveLength(9 - LIMITS.acknowledgementsPerDomainPerHour);
      const mailed = await until(async () => smtp.mails.filter((m) => m.to.endsWith(`@${domain}`)), (list) => list.length >= 3, 20_000);
      expect(mailed).toHaveLength(LIMITS.acknowledgementsPerDomainPerHour);
    });
  });
}
