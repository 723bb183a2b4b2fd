import { describe, expect, it } from 'vitest';
import { call, reportData, tokenOf, unique } from '../support/api';

/**
 * GET /api/reports/export: the CSV export's stream of every report the list's filters and search
 * match, one JSON line each, so that an export never pages through the list. Each report once, the list's order, its filters, the rights.
 */

type Row = Record<string, any>;
const linesOf = (body: unknown): Row[] => String(body ?? '').split('\n').filter(Boolean).map((line) => JSON.parse(line));

async function listAll(token: string, query: string): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await call('GET', `/api/reports?${query}&pagination[page]=${page}&pagination[pageSize]=200&fields[0]=title`, { token });
    expect(res.status).toBe(200);
    ids.push(...res.body.data.map((r: Row) => r.documentId));
    if (ids.length >= res.body.meta.pagination.total || res.body.data.length === 0) return { ids, total: res.body.meta.pagination.total };
  }
}

describe('the reports export stream', () => {
  it('sends every report once, in the list order, with the fields asked for and never the search text', async () => {
    const token = await tokenOf('admin');
    const res = await call('GET', '/api/reports/export?sort[0]=createdAt:desc&fields[0]=title&fields[1]=report_status', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const rows = linesOf(res.body);
    const listed = await listAll(token, 'sort[0]=createdAt:desc');
    expect(rows.map((r) => r.documentId)).toEqual(listed.ids);
    expect(new Set(rows.map((r) => r.documentId)).size).toBe(rows.length);
    expect(rows.length).toBe(listed.total);
    // Their number comes first, in a header: the back-office shows the export's progress.
    expect(res.headers.get('x-total-count')).toBe(String(rows.length));
    expect(Object.keys(rows[0]).sort()).toEqual(['documentId', 'id', 'report_status', 'title']);
    // Without fields, every public one; the private search text never, even when asked for (refused).
    const everything = linesOf((await call('GET', '/api/reports/export?sort[0]=createdAt:desc', { token })).body);
    expect(everything).toHaveLength(listed.total);
    expect(everything[0]).toMatchObject({ title: expect.any(String), zone: expect.any(String), createdAt: expect.any(String) });
    expect(everything.some((r) => 'searchText' in r)).toBe(false);
    expect((await call('GET', '/api/reports/export?fields[0]=searchText', { token })).status).toBe(400);
  });

  it('walks batches in any date order or other sort, the same rows as the list (this backend exports 7 at a time)', async () => {
    const token = await tokenOf('admin');
    for (const sort of ['createdAt:asc', 'updatedAt:desc', 'title:asc', 'priorityRank:desc']) {
      const rows = linesOf((await call('GET', `/api/reports/export?sort[0]=${sort}&fields[0]=title`, { token })).body);
      const listed = await listAll(token, `sort[0]=${sort}`);
      expect(listed.total, sort).toBeGreaterThan(7 * 3);
      expect(rows.map((r) => r.documentId), sort).toEqual(listed.ids);
    }
  });

  it('applies the list filters and search', async () => {
    const token = await tokenOf('operator');
    const tag = unique('exp').replace(/-/g, '');
    for (const [zone, status] of [['Cavani', 'en_attente'], ['Cavani', 'en_attente'], ['Cavani', 'resolu'], ['Kawéni', 'en_attente']]) {
      const created = await call('POST', '/api/reports', { token, body: { data: reportData({ title: `Export ${tag}`, zone }) } });
      expect(created.status).toBe(201);
      const admin = await tokenOf('admin');
      expect((await call('PUT', `/api/reports/${created.body.data.documentId}`, { token: admin, body: { data: { report_status: status } } })).status).toBe(200);
    }
    const filters = `filters[zone][$eq]=Cavani&filters[report_status][$eq]=en_attente&search=${tag}`;
    const rows = linesOf((await call('GET', `/api/reports/export?${filters}`, { token })).body);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.zone === 'Cavani' && r.report_status === 'en_attente' && r.title === `Export ${tag}`)).toBe(true);
    expect((await listAll(token, filters)).ids.sort()).toEqual(rows.map((r) => r.documentId).sort());
    // Without the zone filter, the Kawéni one comes too; with a status no report of the tag has, none.
    expect(linesOf((await call('GET', `/api/reports/export?filters[report_status][$eq]=en_attente&search=${tag}`, { token })).body)).toHaveLength(3);
    expect(linesOf((await call('GET', `/api/reports/export?filters[report_status][$eq]=rejete&search=${tag}`, { token })).body)).toHaveLength(0);
  });

  it('refuses a role without the export right, an anonymous caller and a filter on a private field', async () => {
    expect((await call('GET', '/api/reports/export', { token: await tokenOf('author') })).status).toBe(403);
    expect([401, 403]).toContain((await call('GET', '/api/reports/export')).status);
    const res = await call('GET', '/api/reports/export?filters[searchText][$contains]=a', { token: await tokenOf('admin') });
    expect(res.status).toBe(400);
  });
});
