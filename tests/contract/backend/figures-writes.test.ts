import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, DEMO_ACCOUNTS, logIn, reportData, unique } from '../support/api';
import { freePort, startBackend, type RunningBackend } from '../support/backend-server';
import { startTemporaryPostgres, type TemporaryPostgres } from '../support/postgres';
import { seededCopy } from '../support/prepared-backend';

/**
 * « Statistiques » (GET /api/reports/figures) right after every kind of write, with nothing waited for:
 * each call is computed over the reports as the database holds them (each instance follows the reports'
 * change log before answering, backend/src/api/report/rules/figures.ts). A status change, a priority
 * change, a deletion, a report closed then reopened; rows written behind the backend; the instance
 * restarted. The backend is this file's own (two instances on one base: tests/contract/scale).
 */

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
const knexFactory = createRequire(path.join(backendDir, 'package.json'))('knex');

const onPostgres = inject('backendDatabase') === 'postgres';
let postgres: TemporaryPostgres | undefined;
let dir: string | undefined;
let where: { postgresUrl: string } | { sqliteFile: string };
let first: RunningBackend;

beforeAll(async () => {
  if (onPostgres) {
    postgres = await startTemporaryPostgres(await freePort());
    where = { postgresUrl: postgres.url };
  } else {
    dir = mkdtempSync(path.join(tmpdir(), 'backoffice-figures-'));
    where = { sqliteFile: path.join(dir, 'data.db') };
  }
  first = await startBackend({ build: false, ...seededCopy(), ...where });
}, 240_000);
afterAll(async () => {
  await first?.stop();
  await postgres?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Writes to the base behind both backends (an import by hand, a restored row). */
async function behind<T>(work: (knex: any) => Promise<T>): Promise<T> {
  const knex = knexFactory(
    'postgresUrl' in where ? { client: 'pg', connection: where.postgresUrl } : { client: 'better-sqlite3', connection: { filename: where.sqliteFile }, useNullAsDefault: true },
  );
  try {
    return await work(knex);
  } finally {
    await knex.destroy();
  }
}

const today = () => new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10);
/** A point of Mamoudzou and its cell of the map (about 500 m). */
const POINT = { latitude: -12.7801, longitude: 45.2281 };
const CELL = { latitude: Math.round(POINT.latitude / 0.005) * 0.005, longitude: Math.round(POINT.longitude / 0.005) * 0.005 };

interface Figures {
  current: { received: number; closed: number; backlog: { count: number }; resolution: { count: number }; onTime: { closed: number; onTime: number } };
  byType: { key: string; received: number; closed: number; resolution: { count: number; median: number | null }; onTime: { closed: number } }[];
  byPriority: { key: string; received: number }[];
  density: { latitude: number; longitude: number; count: number }[];
}

describe('the figures after writes', () => {
  const type = `Contrôle ${unique('chiffres')}`;
  let token: string;
  const api = (backend: RunningBackend, method: string, p: string, body?: unknown) => call(method, p, { token, baseUrl: backend.url, body });
  const figures = async (backend: RunningBackend = first): Promise<Figures> => {
    const res = await api(backend, 'GET', `/api/reports/figures?from=${today()}&to=${today()}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const rowOf = (f: Figures) => f.byType.find((r) => r.key === type);
  const priority = (f: Figures, key: string) => f.byPriority.find((r) => r.key === key)?.received ?? 0;
  const cell = (f: Figures) => f.density.find((c) => Math.abs(c.latitude - CELL.latitude) < 1e-9 && Math.abs(c.longitude - CELL.longitude) < 1e-9)?.count ?? 0;
  const make = async (priorityName: string) => {
    const res = await api(first, 'POST', '/api/reports', { data: reportData({ type, subType: null, priority: priorityName, ...POINT }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.documentId as string;
  };
  const set = async (backend: RunningBackend, id: string, data: Record<string, unknown>) => {
    const res = await api(backend, 'PUT', `/api/reports/${id}`, { data });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  let ids: { a: string; b: string; c: string };

  beforeAll(async () => {
    token = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: first.url });
    // A type of its own: its row of the figures holds only this file's reports.
    const settings = (await api(first, 'GET', '/api/setting')).body.data;
    const saved = await api(first, 'PUT', '/api/setting', { data: { signalementCategories: [...settings.signalementCategories, { name: type, subTypes: [] }] } });
    expect(saved.status).toBe(200);
  });

  it('counts new reports at once: received, backlog, the map', async () => {
    const before = await figures();
    ids = { a: await make('normale'), b: await make('haute'), c: await make('critique') };
    const after = await figures();
    expect(rowOf(after)).toMatchObject({ received: 3, closed: 0, resolution: { count: 0, median: null } });
    expect(after.current.received).toBe(before.current.received + 3);
    expect(after.current.backlog.count).toBe(before.current.backlog.count + 3);
    expect(cell(after)).toBe(cell(before) + 3);
  });

  it('a status change: the report counts as closed and resolved, leaves the backlog and the map', async () => {
    const before = await figures();
    await set(first, ids.a, { report_status: 'resolu' });
    const after = await figures();
    expect(rowOf(after)).toMatchObject({ received: 3, closed: 1, resolution: { count: 1 }, onTime: { closed: 1 } });
    expect(rowOf(after)!.resolution.median).toBeGreaterThanOrEqual(0);
    expect(after.current.closed).toBe(before.current.closed + 1);
    expect(after.current.resolution.count).toBe(before.current.resolution.count + 1);
    expect(after.current.backlog.count).toBe(before.current.backlog.count - 1);
    expect(cell(after)).toBe(cell(before) - 1);
  });

  it('a priority change moves the report from one priority to the other', async () => {
    const before = await figures();
    await set(first, ids.b, { priority: 'critique' });
    const after = await figures();
    expect(priority(after, 'haute')).toBe(priority(before, 'haute') - 1);
    expect(priority(after, 'critique')).toBe(priority(before, 'critique') + 1);
    expect(after.current.received).toBe(before.current.received);
  });

  it('a deletion takes the report out of every figure', async () => {
    const before = await figures();
    const res = await api(first, 'DELETE', `/api/reports/${ids.c}`);
    expect(res.status).toBeLessThan(300);
    const after = await figures();
    expect(rowOf(after)).toMatchObject({ received: 2, closed: 1 });
    expect(after.current.received).toBe(before.current.received - 1);
    expect(after.current.backlog.count).toBe(before.current.backlog.count - 1);
    expect(priority(after, 'critique')).toBe(priority(before, 'critique') - 1);
    expect(cell(after)).toBe(cell(before) - 1);
  });

  it('a report closed then reopened: closed, then back in the backlog and on the map as before', async () => {
    const before = await figures();
    await set(first, ids.b, { report_status: 'rejete' });
    const closed = await figures();
    expect(rowOf(closed)).toMatchObject({ received: 2, closed: 2, resolution: { count: 1 }, onTime: { closed: 2 } });
    expect(closed.current.closed).toBe(before.current.closed + 1);
    expect(closed.current.backlog.count).toBe(before.current.backlog.count - 1);
    expect(cell(closed)).toBe(cell(before) - 1);
    await set(first, ids.b, { report_status: 'en_cours' });
    const reopened = await figures();
    // Its closing was its first response: that stays (firstResponseAt is kept).
    const { firstResponse, ...rest } = rowOf(reopened) as Figures['byType'][number] & { firstResponse: { count: number } };
    const { firstResponse: firstBefore, ...restBefore } = rowOf(before) as Figures['byType'][number] & { firstResponse: { count: number } };
    expect(rest).toEqual(restBefore);
    expect(firstResponse.count).toBe(firstBefore.count + 1);
    expect(reopened.current.closed).toBe(before.current.closed);
    expect(reopened.current.backlog.count).toBe(before.current.backlog.count);
    expect(cell(reopened)).toBe(cell(before));
  });

  it('rows written behind the backends are in the next call of each, and gone once deleted', async () => {
    const documentId = unique('derriere').replace(/[^a-z0-9]/g, 'x').slice(0, 24).padEnd(24, 'x');
    const now = new Date();
    await behind((knex) =>
      knex('reports').insert({
        document_id: documentId,
        title: `Écrit sans le backend ${documentId}`,
        type,
        description: 'Écrit sans le backend.',
        zone: 'Cavani',
        address: 'Rue du Port',
        report_status: 'en_cours',
        priority: 'basse',
        latitude: POINT.latitude,
        longitude: POINT.longitude,
        created_at: now,
        updated_at: now,
        published_at: now,
      }),
    );
    expect(rowOf(await figures())).toMatchObject({ received: 3 });
    await behind((knex) => knex('reports').where({ document_id: documentId }).delete());
    expect(rowOf(await figures())).toMatchObject({ received: 2 });
  });

  it('the dashboard\'s counts too: a row with only the legacy status, its status changed, then deleted, all behind the backend', async () => {
    const stats = async () => {
      const res = await api(first, 'GET', '/api/reports/stats');
      expect(res.status).toBe(200);
      return res.body as { total: number; byStatus: Record<string, number>; byType: Record<string, number> };
    };
    const documentId = unique('ancien').replace(/[^a-z0-9]/g, 'x').slice(0, 24).padEnd(24, 'x');
    const now = new Date();
    const before = await stats();
    await behind((knex) =>
      knex('reports').insert({
        document_id: documentId,
        title: `Ancien statut ${documentId}`,
        type,
        description: 'Écrit sans le backend, avec le statut d’avant.',
        zone: 'Cavani',
        address: 'Rue du Port',
        status: 'in_progress',
        created_at: now,
        updated_at: now,
        published_at: now,
      }),
    );
    const inserted = await stats();
    expect(inserted.total).toBe(before.total + 1);
    expect(inserted.byStatus.en_cours).toBe(before.byStatus.en_cours + 1);
    expect(inserted.byType[type]).toBe((before.byType[type] ?? 0) + 1);
    await behind((knex) => knex('reports').where({ document_id: documentId }).update({ status: 'resolved' }));
    const changed = await stats();
    expect([changed.byStatus.en_cours, changed.byStatus.resolu]).toEqual([before.byStatus.en_cours, before.byStatus.resolu + 1]);
    await behind((knex) => knex('reports').where({ document_id: documentId }).delete());
    expect(await stats()).toMatchObject({ total: before.total, byStatus: before.byStatus });
  });

  it('restarted, the backend answers with the writes made behind it while it was stopped', { timeout: 240_000 }, async () => {
    // A report reopened behind it while it is stopped.
    await set(first, ids.b, { report_status: 'resolu' });
    const before = await figures(first);
    await first.stop();
    await behind((knex) => knex('reports').where({ document_id: ids.a }).update({ report_status: 'en_cours', closed_at: null, sla_status: null }));
    first = await startBackend({ build: false, ...where });
    const after = await figures(first);
    expect(rowOf(after)).toMatchObject({ received: 2, closed: 1, resolution: { count: 1 } });
    expect(after.current).toMatchObject({ received: before.current.received, closed: before.current.closed - 1, backlog: { count: before.current.backlog.count + 1 } });
    expect(cell(after)).toBe(cell(before) + 1);
  });
});
