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
];

describe('report ranks of rows stored before they existed', () => {
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

  it('are set from the priority and the effective status at bootstrap', async () => {
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
    expect(reports.map((r) => r.priorityRank)).toEqual([4, 3, 3, 2, 2, 1, 1]);
  });
});
