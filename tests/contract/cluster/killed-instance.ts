import { describe, expect, it } from 'vitest';
import { open311 } from '../open311/client';
import { reportBody, sleep, type TestCluster } from './support';

const KAWENI = { lat: '-12.7598', long: '45.2221' };
/** How long a key taken by a try that never ended stays « in progress » (backend/src/idempotency/store.ts). */
const ABANDONED_MS = 2 * 60 * 1000;

interface Write {
  kind: 'staff' | 'open311';
  marker: string;
  key: string;
}
interface Outcome {
  status: number;
  /** The record the answer names: a documentId (staff) or a reference (Open311). */
  id?: string;
  replayed?: boolean;
}

/**
 * An instance killed (SIGKILL) in the middle of 500 creations sent at once through the balancer, half by staff and
 * half by a citizens' application, each with its Idempotency-Key: whatever was acknowledged is stored once with its
 * audit entry; whatever failed is sent again with the same key until acknowledged, and nothing is stored twice.
 */
export function killedInstance(cluster: () => TestCluster) {
  describe('an instance killed during 500 creations', () => {
    it('every acknowledged write is stored once with its audit entry; a retry with the same key stores nothing twice', { timeout: 300_000 }, async () => {
      const { url, api, admin, newOpen311Client, cluster: c, sql, clock } = cluster();
      const token = await admin();
      expect((await api('PUT', '/api/setting', { token, body: { data: { open311RateLimit: 10000 } } })).status).toBe(200);
      const apiKey = await newOpen311Client();
      const run = Date.now().toString(36);
      const writes: Write[] = Array.from({ length: 500 }, (_, i) => ({ kind: i % 2 ? 'open311' : 'staff', marker: `Rafale ${run} n°${i}`, key: `rafale-${run}-${i}` }));

      const send = async (write: Write): Promise<Outcome> => {
        try {
          if (write.kind === 'staff') {
            const body = reportBody(write.marker);
            body.data.description = write.marker;
            const res = await api('POST', '/api/reports', { token, body, headers: { 'Idempotency-Key': write.key } });
            return { status: res.status, id: res.body?.data?.documentId, replayed: res.headers.get('idempotent-replayed') === 'true' };
          }
          const res = await open311('POST', 'requests.json', { api_key: apiKey, service_code: 'voirie', ...KAWENI, description: write.marker }, url, { headers: { 'Idempotency-Key': write.key } });
          return { status: res.status, id: res.json?.[0]?.service_request_id, replayed: res.headers.get('idempotent-replayed') === 'true' };
        } catch {
          // The connection itself failed: the client knows nothing of the write.
          return { status: 0 };
        }
      };

      const victim = c.instances[1];
      let answered = 0;
      let killed: Promise<void> | undefined;
      const first = await Promise.all(
        writes.map(async (write) => {
          const outcome = await send(write);
          if (++answered === 100) killed = victim.kill();
          return outcome;
        }),
      );
      await killed;
      const acknowledged = first.filter((o) => o.status === 201);
      const failed = writes.filter((_, i) => first[i].status !== 201);
      // The kill cut writes short (answered 502 by the balancer, in French, or not at all).
      expect(failed.length).toBeGreaterThan(0);
      expect(first.every((o) => [201, 502, 503, 0].includes(o.status)), JSON.stringify(first.filter((o) => ![201, 502, 503, 0].includes(o.status)).slice(0, 3))).toBe(true);

      // The clients send their failed writes again, with the same keys. A key whose try died with the instance stays
      // « in progress » (409) until its abandon delay: those are sent again once that delay has passed.
      let pending = failed;
      const retried: Outcome[] = [];
      for (let round = 0; pending.length && round < 6; round++) {
        const outcomes = await Promise.all(pending.map(send));
        retried.push(...outcomes.filter((o) => o.status === 201));
        const busy = outcomes.filter((o) => o.status === 409).length;
        pending = pending.filter((_, i) => outcomes[i].status !== 201);
        if (busy) clock.advance(ABANDONED_MS + 1000);
        else await sleep(1000);
      }
      expect(pending.map((w) => w.key)).toEqual([]);

      // Stored exactly once each, and each with its audit entry.
      const like = `Rafale ${run} n°%`;
      expect(Number(sql(`SELECT count(*) FROM reports WHERE description LIKE '${like}'`))).toBe(500);
      expect(Number(sql(`SELECT count(DISTINCT description) FROM reports WHERE description LIKE '${like}'`))).toBe(500);
      const withoutAudit = sql(
        `SELECT count(*) FROM reports r WHERE r.description LIKE '${like}' AND NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.action = 'create' AND a.resource_type = 'report' AND a.resource_id IN (r.document_id, r.reference))`,
      );
      expect(Number(withoutAudit)).toBe(0);
      // Every acknowledgement, first or retried, names a record that is stored.
      const ids = [...acknowledged, ...retried].map((o) => o.id!);
      const stored = new Set(sql(`SELECT document_id || ',' || reference FROM reports WHERE description LIKE '${like}'`).split(/[\n,]/));
      expect(ids.filter((id) => !stored.has(id))).toEqual([]);

      await victim.start();
      await victim.ready();
      await c.balancerSeesUp();
    });
  });
}
