import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../support/api';
import { freePort, startBackend, type RunningBackend } from '../support/backend-server';
import { startTemporaryPostgres, type TemporaryPostgres } from '../support/postgres';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
// The backend's own knex and drivers, to write rows as a database left by an older version would hold them.
const knexFactory = createRequire(path.join(backendDir, 'package.json'))('knex');

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
  let backend: RunningBackend | undefined;
  let postgres: TemporaryPostgres | undefined;
  let dir: string | undefined;
  const marker = `backfill-${Date.now().toString(36)}`;

  beforeAll(async () => {
    let where: { postgresUrl: string } | { sqliteFile: string };
    let connection: Record<string, unknown>;
    if (inject('backendDatabase') === 'postgres') {
      postgres = await startTemporaryPostgres(await freePort());
      where = { postgresUrl: postgres.url };
      connection = { client: 'pg', connection: postgres.url };
    } else {
      dir = mkdtempSync(path.join(tmpdir(), 'backoffice-ranks-'));
      where = { sqliteFile: path.join(dir, 'data.db') };
      connection = { client: 'better-sqlite3', connection: { filename: where.sqliteFile }, useNullAsDefault: true };
    }
    // A first start makes the schema; the rows are then written behind its back, ranks null or wrong.
    const first = await startBackend({ ...where, build: false, seed: false });
    await first.stop();
    const knex = knexFactory(connection);
    try {
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
    } finally {
      await knex.destroy();
    }
    // The second start backfills them at bootstrap (and seeds the accounts; reports exist, so no demo ones).
    backend = await startBackend({ ...where, build: false, seed: true });
  });

  afterAll(async () => {
    await backend?.stop();
    await postgres?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('are set from the priority and the effective status at bootstrap', async () => {
    const { email, password } = DEMO_ACCOUNTS.admin;
    const login = await fetch(`${backend!.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identifier: email, password }),
    });
    expect(login.status).toBe(200);
    const { jwt } = await login.json();
    const res = await fetch(`${backend!.url}/api/reports?pagination[pageSize]=50&filters[title][$startsWith]=${marker}&sort[0]=priorityRank:desc&sort[1]=statusRank:asc`, {
      headers: { Authorization: `Bearer ${jwt}` },
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
