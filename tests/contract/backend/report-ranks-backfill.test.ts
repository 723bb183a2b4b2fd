import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreparedBackend, type PreparedBackend } from '../support/prepared-backend';

/** Rows written without the backend: [title suffix, columns, expected priorityRank, statusRank, report_status]. */
const ROWS: [string, Record<string, unknown>, number, number, string | null][] = [
  ['critique-nouveau', { priority: 'critique', report_status: 'nouveau' }, 4, 1, 'nouveau'],
  ['haute-en-cours', { priority: 'haute', report_status: 'en_cours' }, 3, 2, 'en_cours'],
  ['normale-en-attente', { priority: 'normale', report_status: 'en_attente' }, 2, 3, 'en_attente'],
  ['basse-resolu', { priority: 'basse', report_status: 'resolu' }, 1, 4, 'resolu'],
  ['wrong-ranks', { priority: 'basse', report_status: 'rejete', priority_rank: 99, status_rank: 0 }, 1, 5, 'rejete'],
  ['legacy-status', { priority: 'haute', report_status: null, status: 'in_progress' }, 3, 2, 'en_cours'],
  ['no-priority-no-status', { priority: null, report_status: null }, 2, 1, null],
  ['open-with-target', { priority: 'critique', report_status: 'en_cours', sla_target: new Date(Date.now() + 48 * 3600_000) }, 4, 2, 'en_cours'],
];

describe('reports stored past the backend (before a column existed, an import): completed at start', () => {
  let prepared: PreparedBackend | undefined;
  const marker = `backfill-${Date.now().toString(36)}`;

  beforeAll(async () => {
    // Rows written behind the backend's back, ranks null or wrong; its next start backfills them at
    // bootstrap (and seeds the accounts; reports exist, so no demo ones).
    prepared = await startPreparedBackend('ranks', async (knex) => {
      const now = new Date();
      await knex('reports').insert(
        ROWS.map(([suffix, columns], i) => ({
          document_id: `${marker}-${i}`.slice(0, 24).padEnd(24, 'x'),
          title: `${marker} ${suffix}`,
          type: 'Voirie',
          description: 'Ligne écrite avant les rangs.',
          zone: 'Cavani',
          address: 'Rue du Port',
          created_at: now,
          updated_at: now,
          published_at: now,
          priority_rank: null,
          status_rank: null,
          ...columns,
        })),
      );
    });
  }, 240_000);

  afterAll(async () => {
    await prepared?.stop();
  });

  it('get the ranks of their priority and effective status', async () => {
    const res = await fetch(`${prepared!.backend.url}/api/reports?pagination[pageSize]=50&filters[title][$startsWith]=${marker}&sort[0]=priorityRank:desc&sort[1]=statusRank:asc`, {
      headers: { Authorization: `Bearer ${prepared!.adminToken}` },
    });
    expect(res.status).toBe(200);
    const reports: any[] = (await res.json()).data;
    expect(reports).toHaveLength(ROWS.length);
    for (const [suffix, , priorityRank, statusRank, reportStatus] of ROWS) {
      const report = reports.find((r) => r.title === `${marker} ${suffix}`);
      expect(report, suffix).toMatchObject({ priorityRank, statusRank, report_status: reportStatus });
    }
    expect(reports.map((r) => r.priorityRank)).toEqual([4, 4, 3, 3, 2, 2, 1, 1]);
  });

  it('get their reference, source, visibility, closing time and reminder times; none is left in the index of incomplete reports', async () => {
    const rows: any[] = await prepared!.withKnex((knex) => knex('reports').where('title', 'like', `${marker}%`).orderBy('id'));
    expect(rows).toHaveLength(ROWS.length);
    for (const row of rows) {
      expect(row.reference, row.title).toMatch(/^MZ-\d{4}-\d{5,}$/);
      expect(row.source).toBe('Back-office');
      expect([true, 1]).toContain(row.is_public);
    }
    const byName = (suffix: string) => rows.find((r) => r.title === `${marker} ${suffix}`);
    // Closed without a closing time: closed when last changed.
    expect(byName('basse-resolu').closed_at).not.toBeNull();
    // An open report with a target: its reminder at the settings' share of the delay, and that is when the job reads it.
    const open = byName('open-with-target');
    const time = (value: unknown) => new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as string)).getTime();
    expect(Math.abs(time(open.sla_warning_at) - (time(open.created_at) + 0.75 * (time(open.sla_target) - time(open.created_at))))).toBeLessThan(1);
    expect(time(open.next_reminder_at)).toBe(time(open.sla_warning_at));
    // The partial index's own condition matches no report any more (the demo's ones included).
    const left = await prepared!.withKnex(async (knex) => {
      const definition: string = prepared!.postgres
        ? (await knex.raw(`SELECT pg_get_expr(indpred, indrelid) AS pred FROM pg_index WHERE indexrelid = 'reports_incomplete_v1'::regclass`)).rows[0].pred
        : (await knex('sqlite_master').where({ name: 'reports_incomplete_v1' }).first()).sql.split(' WHERE ')[1];
      return (await knex('reports').whereRaw(`(${definition})`).count({ n: '*' }))[0].n;
    });
    expect(Number(left)).toBe(0);
  });
});
