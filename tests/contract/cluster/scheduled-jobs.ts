import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../support/clock';
import { ADMIN, reportBody, sleep, until, type TestCluster } from './support';

const RUN_LINE = /(\w+): run for (\S+) on \S+/g;

/**
 * Each scheduled job runs once across the instances: the three are started together (the same second), every one
 * schedules the same jobs at the same times (here: the maintenance every 5 s, the reminders every second), and each
 * occurrence is done by one of them. Moves the backends' clock by hours: the last scenario.
 */
export function scheduledJobs(cluster: () => TestCluster) {
  describe('scheduled jobs on three instances started together', () => {
    const since = new Map<string, number>();
    /** What each instance logged since the restart (the offset is in bytes: the request log writes « … »). */
    const newLogs = () => cluster().cluster.instances.map((i) => readFileSync(i.logFile).subarray(since.get(i.logFile) ?? 0).toString('utf8'));
    const backups = () => readdirSync(path.join(cluster().cluster.dir, 'backups')).filter((name) => name.endsWith('.tar.gz'));

    it('the start’s catch-up pruning and the first backup happen once, not once per instance', { timeout: 240_000 }, async () => {
      const { cluster: c, clock } = cluster();
      await Promise.all(c.instances.map((i) => i.stop()));
      for (const instance of c.instances) since.set(instance.logFile, statSync(instance.logFile).size);
      // An hour later, and no backup yet: one is due at the first maintenance run.
      clock.advance(HOUR);
      for (const name of backups()) rmSync(path.join(c.dir, 'backups', name));
      await Promise.all(c.instances.map((i) => i.start()));
      await Promise.all(c.instances.map((i) => i.ready()));
      await c.balancerSeesUp();

      const made = await until(async () => backups(), (list) => list.length > 0, 60_000);
      // Several maintenance runs later, still one.
      await sleep(12_000);
      expect(backups()).toEqual(made);
      expect(made).toHaveLength(1);
      const catchUps = newLogs().map((log) => (log.match(/startupPrune: catching up the retention/g) ?? []).length);
      expect(catchUps.reduce((a, b) => a + b, 0), JSON.stringify(catchUps)).toBe(1);
    });

    it('each run of the retention and idempotency purges and of the backup check is done by one instance', async () => {
      const runs = new Map<string, string[]>();
      newLogs().forEach((log, i) => {
        for (const [, job, occurrence] of log.matchAll(RUN_LINE)) runs.set(`${job} ${occurrence}`, [...(runs.get(`${job} ${occurrence}`) ?? []), `b${i + 1}`]);
      });
      const jobs = new Set([...runs.keys()].map((key) => key.split(' ')[0]));
      expect([...jobs].sort()).toEqual(['backup', 'pruneAuditLog', 'pruneCitizenDetails', 'pruneEmailOutbox', 'pruneIdempotencyKeys', 'pruneNotifications']);
      // Several occurrences each, every one run by a single instance.
      expect(runs.size).toBeGreaterThanOrEqual(15);
      expect([...runs.entries()].filter(([, by]) => by.length !== 1)).toEqual([]);
      // Spread over the instances (whichever claims first), not kept by one.
      expect(new Set([...runs.values()].flat()).size).toBeGreaterThan(1);
    });

    it('a reminder due once is sent once', { timeout: 120_000 }, async () => {
      const { api, admin, clock } = cluster();
      let token = await admin(true);
      const body = reportBody(`Rappel unique ${Date.now().toString(36)}`);
      Object.assign(body.data, { priority: 'critique', assignedTo: ADMIN.email });
      const created = await api('POST', '/api/reports', { token, body });
      expect(created.status).toBe(201);
      const { documentId, reference } = created.body.data;
      // 75 % of a critique report's 24 hours: its reminder is due.
      clock.advance(18 * HOUR + MINUTE);
      token = await admin(true);
      const notices = async () => {
        const res = await api('GET', '/api/notifications?pagination[pageSize]=100', { token });
        expect(res.status).toBe(200);
        return (res.body.data as { title: string; data?: { reminder?: string } }[]).filter((n) => n.data?.reminder && n.title.includes(reference));
      };
      expect(await until(notices, (list) => list.length > 0, 30_000)).toHaveLength(1);
      // The reminders' job ran every second on each instance meanwhile.
      await sleep(5_000);
      const sent = await notices();
      expect(sent.map((n) => n.title)).toEqual([`Signalement ${reference} : échéance proche`]);
      const timeline = await api('GET', `/api/report-updates?filters[report][$eq]=${documentId}&filters[kind][$eq]=reminder`, { token });
      expect(timeline.body.data).toHaveLength(1);
    });
  });
}
