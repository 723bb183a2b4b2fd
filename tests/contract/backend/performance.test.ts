import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { backendUrl, call, logIn, newAccount, reportData, roleId, tokenOf, unique } from '../support/api';
import { freePort, startBackend } from '../support/backend-server';
import { startTemporaryPostgres } from '../support/postgres';
import { firstStartDatabase } from '../support/prepared-backend';

/**
 * The means of the performance budgets (docs/performances.md, « Ce qui tient les budgets »), never
 * timings (those are `npm run bench`'s): the indexes the lists' sort and filters read, compressed
 * answers, remembered preflights, the weekly series inside the one stats call.
 */

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
const knexFactory = createRequire(path.join(backendDir, 'package.json'))('knex');

/** Index name → its columns in order, read from the database itself. */
async function indexesOf(connection: Record<string, unknown>, table: string): Promise<Record<string, string[]>> {
  const knex = knexFactory(connection);
  try {
    if (connection.client === 'pg') {
      const { rows } = await knex.raw(
        `SELECT i.relname AS name, a.attname AS col, k.ord FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
         CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
         WHERE t.relname = ? ORDER BY i.relname, k.ord`,
        [table],
      );
      const result: Record<string, string[]> = {};
      for (const row of rows) (result[row.name] ??= []).push(row.col);
      return result;
    }
    const result: Record<string, string[]> = {};
    for (const { name } of await knex.raw(`PRAGMA index_list(??)`, [table])) {
      result[name] = (await knex.raw(`PRAGMA index_info(??)`, [name])).map((c: { name: string }) => c.name);
    }
    return result;
  } finally {
    await knex.destroy();
  }
}

/** Index name → its definition (CREATE INDEX …), read from the database itself. */
async function indexDefinitionsOf(connection: Record<string, unknown>, table: string): Promise<Record<string, string>> {
  const knex = knexFactory(connection);
  try {
    const rows: { name: string; sql: string | null }[] =
      connection.client === 'pg'
        ? (await knex.raw('SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE tablename = ?', [table])).rows
        : await knex.raw("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", [table]);
    return Object.fromEntries(rows.map((row) => [row.name, row.sql ?? '']));
  } finally {
    await knex.destroy();
  }
}

function rawGet(pathAndQuery: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${backendUrl()}${pathAndQuery}`, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('performance means', () => {
  it('creates the indexes of the reports list sort and filter combinations at bootstrap', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-indexes-'));
    const postgres = inject('backendDatabase') === 'postgres' ? await startTemporaryPostgres(await freePort()) : undefined;
    const where = postgres ? { postgresUrl: postgres.url } : { sqliteFile: path.join(dir, 'data.db') };
    const connection = postgres ? { client: 'pg', connection: postgres.url } : { client: 'better-sqlite3', connection: { filename: path.join(dir, 'data.db') }, useNullAsDefault: true };
    try {
      if (postgres) await (await startBackend({ ...where, build: false, seed: false })).stop();
      else await firstStartDatabase(path.join(dir, 'data.db'));
      const indexes = await indexesOf(connection, 'reports');
      // The default order (newest first, then Strapi's id tie-breaker, ascending), alone and after each
      // filter of the list, in that direction: a (created_at, id) index read backwards would give id DESC.
      const definitions = await indexDefinitionsOf(connection, 'reports');
      const orderOf = (name: string) => (definitions[name] ?? '').replace(/["`]/g, '').replace(/\s+/g, ' ').toLowerCase();
      expect(orderOf('reports_sort_created')).toMatch(/\(created_at desc, id( asc)?\)/);
      expect(orderOf('reports_sort_status')).toMatch(/\(report_status, created_at desc, id( asc)?\)/);
      expect(orderOf('reports_sort_status_zone')).toMatch(/\(report_status, zone, created_at desc, id( asc)?\)/);
      expect(orderOf('reports_sort_zone')).toMatch(/\(zone, created_at desc, id( asc)?\)/);
      expect(orderOf('reports_sort_priority')).toMatch(/\(priority, created_at desc, id( asc)?\)/);
      expect(orderOf('reports_sort_type')).toMatch(/\(type, created_at desc, id( asc)?\)/);
      // The search text's own index (a trigram one on PostgreSQL); on SQLite the default order
      // followed by the text too, so a rare word is tested on the index alone.
      expect(Object.keys(indexes)).toContain(postgres ? 'reports_search_text_trgm' : 'reports_search_text_idx');
      if (!postgres) expect(orderOf('reports_sort_created_search')).toMatch(/\(created_at desc, id( asc)?, search_text\)/);
      // The reminders' job reads the reports whose next reminder is due, and only them; the completions at start
      // read a partial index of the reports that lack something (empty once completed).
      expect(orderOf('reports_next_reminder_idx')).toMatch(/\(next_reminder_at\)/);
      expect(orderOf('reports_incomplete_v1')).toMatch(/\(id\) where .*reference is null/);
      if (postgres) expect(orderOf('reports_search_text_missing')).toMatch(/\(id\) where .*search_text is null/);
    } finally {
      await postgres?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('compresses answers with gzip or brotli, as the client accepts', async () => {
    const token = await tokenOf('admin');
    const list = '/api/reports?pagination[pageSize]=25&sort[0]=createdAt:desc';
    const plain = await rawGet(list, { Authorization: `Bearer ${token}` });
    const gzip = await rawGet(list, { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' });
    const brotli = await rawGet(list, { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.bytes).toBeLessThan(plain.bytes / 2);
    const exported = await rawGet('/api/reports/export', { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' });
    expect(exported.headers['content-encoding']).toBe('gzip');
  });

  it('sends no private attribute on any row of a list page, and every public one', async () => {
    const token = await tokenOf('admin');
    for (let i = 0; i < 3; i++) expect((await call('POST', '/api/reports', { token, body: { data: reportData({ title: unique('prive') }) } })).status).toBe(201);
    // No fields asked: every column is read, the private search text included; the answer drops it from each row.
    const reports = await call('GET', '/api/reports?pagination[pageSize]=50&sort[0]=createdAt:desc', { token });
    expect(reports.status).toBe(200);
    expect(reports.body.data.length).toBeGreaterThan(3);
    for (const row of reports.body.data) {
      expect(row).not.toHaveProperty('searchText');
      expect(row).toEqual(expect.objectContaining({ documentId: expect.any(String), title: expect.any(String), createdAt: expect.any(String) }));
    }
    const users = await call('GET', '/api/users?pagination[pageSize]=50', { token });
    expect(users.status).toBe(200);
    expect(users.body.length).toBeGreaterThan(3);
    for (const user of users.body) {
      for (const secret of ['password', 'resetPasswordToken', 'confirmationToken', 'searchText', 'notificationPreferences']) expect(user).not.toHaveProperty(secret);
      expect(user).toEqual(expect.objectContaining({ email: expect.any(String), username: expect.any(String) }));
    }
  });

  it('lets the browser remember a preflight for two hours', async () => {
    const preflight = await fetch(`${backendUrl()}/api/reports`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-max-age')).toBe('7200');
  });

  it('answers the weekly series inside the one stats call', async () => {
    const token = await tokenOf('admin');
    const now = Date.now();
    const week = 7 * 24 * 3600 * 1000;
    const weeks = [3, 2, 1, 0].map((n) => new Date(now - n * week + 60_000).toISOString());
    const res = await call('GET', `/api/reports/stats?${weeks.map((w, i) => `weeks[${i}]=${encodeURIComponent(w)}`).join('&')}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.weekly).toHaveLength(3);
    // The three weeks together count what a range over them counts.
    const range = await call('GET', `/api/reports/stats?from=${encodeURIComponent(weeks[0])}&to=${encodeURIComponent(new Date(Date.parse(weeks[3]) - 1).toISOString())}`, { token });
    expect(res.body.weekly.reduce((a: number, b: number) => a + b, 0)).toBe(range.body.total);
    expect((await call('GET', '/api/reports/stats?weeks[0]=2026-01-08&weeks[1]=2026-01-01', { token })).status).toBe(400);
    expect((await call('GET', '/api/reports/stats', { token })).body.weekly).toBeUndefined();
  });

  it('keeps the stats between calls, but a report written is counted at once', async () => {
    const token = await tokenOf('admin');
    const before = (await call('GET', '/api/reports/stats', { token })).body;
    expect((await call('GET', '/api/reports/stats', { token })).body).toEqual(before);
    const created = await call('POST', '/api/reports', { token, body: { data: reportData() } });
    expect(created.status).toBe(201);
    const after = (await call('GET', '/api/reports/stats', { token })).body;
    expect(after.total).toBe(before.total + 1);
    expect((await call('PUT', `/api/reports/${created.body.data.documentId}`, { token, body: { data: { report_status: 'resolu' } } })).status).toBe(200);
    expect((await call('GET', '/api/reports/stats', { token })).body.byStatus.resolu).toBe(after.byStatus.resolu + 1);
    expect([200, 204]).toContain((await call('DELETE', `/api/reports/${created.body.data.documentId}`, { token })).status);
    expect((await call('GET', '/api/reports/stats', { token })).body.total).toBe(before.total);
  });
});

/**
 * Each request's user, role permissions, session and the lists' totals are kept in memory between
 * requests (backend/src/auth/request-auth-cache.ts, backend/src/caching/): what changes them is seen
 * by the very next request.
 */
describe('what the backend keeps between requests is never stale', () => {
  // The contents read (articles and events), as the matrix's module grants them.
  const articlesOnly = { contenus: ['read'] };

  it("counts a list's total again as soon as a report is written", async () => {
    const token = await tokenOf('admin');
    const total = async (query = '') => (await call('GET', `/api/reports?pagination[pageSize]=1${query}`, { token })).body.meta.pagination.total as number;
    const before = await total();
    expect(await total()).toBe(before);
    const title = unique('Compteur');
    const searched = `&search=${encodeURIComponent(title)}`;
    expect(await total(searched)).toBe(0);
    const created = await call('POST', '/api/reports', { token, body: { data: reportData({ title }) } });
    expect(created.status).toBe(201);
    expect(await total()).toBe(before + 1);
    expect(await total(searched)).toBe(1);
    expect([200, 204]).toContain((await call('DELETE', `/api/reports/${created.body.data.documentId}`, { token })).status);
    expect(await total()).toBe(before);
    expect(await total(searched)).toBe(0);
  });

  it("applies a role's changed permissions to its users' next request", async () => {
    const admin = await tokenOf('admin');
    const name = unique('Lecteurs');
    expect((await call('POST', '/api/users-permissions/roles', { token: admin, body: { name, description: 'Lecture', grants: articlesOnly } })).status).toBe(201);
    const id = await roleId(name);
    const account = await newAccount('Operator', { role: id });
    const token = await logIn(account.email, account.password);
    expect((await call('GET', '/api/articles', { token })).status).toBe(200);
    expect((await call('GET', '/api/pois', { token })).status).toBe(403);
    const withPlaces = { ...articlesOnly, poi: ['read'] };
    expect((await call('PUT', `/api/users-permissions/roles/${id}`, { token: admin, body: { name, description: 'Lecture', grants: withPlaces } })).status).toBe(200);
    expect((await call('GET', '/api/pois', { token })).status).toBe(200);
    expect((await call('PUT', `/api/users-permissions/roles/${id}`, { token: admin, body: { name, description: 'Lecture', grants: { poi: ['read'] } } })).status).toBe(200);
    expect((await call('GET', '/api/articles', { token })).status).toBe(403);
  });

  it("applies a user's new role to their next request, and a blocked user's next request is refused", async () => {
    const admin = await tokenOf('admin');
    const name = unique('Lecteurs');
    expect((await call('POST', '/api/users-permissions/roles', { token: admin, body: { name, description: 'Lecture', grants: articlesOnly } })).status).toBe(201);
    const account = await newAccount('Operator', { role: await roleId(name) });
    const token = await logIn(account.email, account.password);
    expect((await call('GET', '/api/reports', { token })).status).toBe(403);
    expect((await call('PUT', `/api/users/${account.id}`, { token: admin, body: { role: await roleId('Operator') } })).status).toBe(200);
    expect((await call('GET', '/api/reports', { token })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token })).body.id).toBe(account.id);
    expect((await call('PUT', `/api/users/${account.id}`, { token: admin, body: { blocked: true } })).status).toBe(200);
    expect((await call('GET', '/api/reports', { token })).status).toBe(401);
  });
});
