import { describe, expect, it } from 'vitest';
import { call, reportData, tokenOf, unique } from '../support/api';

const PRIORITY_RANK: Record<string, number> = { basse: 1, normale: 2, haute: 3, critique: 4 };
const STATUS_RANK: Record<string, number> = { a_valider: 0, nouveau: 1, en_cours: 2, en_attente: 3, resolu: 4, rejete: 5 };

async function create(token: string, data: Record<string, unknown>) {
  const res = await call('POST', '/api/reports', { token, body: { data: reportData(data) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** The reports whose description holds `marker`, in the order of `sort`. */
async function listed(token: string, marker: string, sort: string) {
  const res = await call('GET', `/api/reports?pagination[pageSize]=50&filters[description][$contains]=${marker}&${sort}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as any[];
}

async function stored(token: string, documentId: string) {
  const res = await call('GET', `/api/reports/${documentId}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('report ranks (sorting by priority and status)', () => {
  it('sort[0]=priorityRank:desc lists critique first and basse last, with the ranks in the answer', async () => {
    const token = await tokenOf('operator');
    const marker = unique('rangprio');
    for (const priority of ['normale', 'basse', 'critique', 'haute']) {
      await create(token, { priority, description: `Lampadaire ${marker} éteint` });
    }
    const reports = await listed(token, marker, 'sort[0]=priorityRank:desc');
    expect(reports.map((r) => r.priority)).toEqual(['critique', 'haute', 'normale', 'basse']);
    expect(reports.map((r) => r.priorityRank)).toEqual([4, 3, 2, 1]);
    expect(reports.every((r) => r.statusRank === 1)).toBe(true);

    const ascending = await listed(token, marker, 'sort[0]=priorityRank:asc');
    expect(ascending.map((r) => r.priority)).toEqual(['basse', 'normale', 'haute', 'critique']);

    // Over the whole collection too (demo data included).
    const all = await call('GET', '/api/reports?pagination[pageSize]=200&sort[0]=priorityRank:desc&fields[0]=priority&fields[1]=priorityRank', { token });
    expect(all.status).toBe(200);
    const ranks = all.body.data.map((r: any) => r.priorityRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(all.body.data[0].priority).toBe('critique');
  });

  it('sort[0]=statusRank:asc follows the workflow, the legacy status included', async () => {
    const token = await tokenOf('operator');
    const marker = unique('rangstatut');
    await create(token, { report_status: 'resolu', description: `Voirie ${marker}` });
    await create(token, { report_status: 'rejete', description: `Voirie ${marker}` });
    await create(token, { status: 'in_progress', description: `Voirie ${marker}` });
    await create(token, { report_status: 'en_attente', description: `Voirie ${marker}` });
    await create(token, { description: `Voirie ${marker}` });
    const reports = await listed(token, marker, 'sort[0]=statusRank:asc');
    expect(reports.map((r) => r.report_status)).toEqual(['nouveau', 'en_cours', 'en_attente', 'resolu', 'rejete']);
    expect(reports.map((r) => r.statusRank)).toEqual([1, 2, 3, 4, 5]);

    // A legacy status that means nothing (a name Object.prototype has included) reads as nouveau.
    const odd = await create(token, { status: 'constructor', description: `Voirie ${unique('rangbizarre')}` });
    expect(odd).toMatchObject({ report_status: 'nouveau', statusRank: 1 });

    const descending = await listed(token, marker, 'sort[0]=statusRank:desc');
    expect(descending.map((r) => r.report_status)).toEqual(['rejete', 'resolu', 'en_attente', 'en_cours', 'nouveau']);
  });

  it('an update of only the priority or only the status updates its rank and keeps the other', async () => {
    const token = await tokenOf('operator');
    const report = await create(token, { priority: 'basse' });
    expect(report).toMatchObject({ priorityRank: 1, statusRank: 1 });
    const id = report.documentId;

    const prioritized = await call('PUT', `/api/reports/${id}`, { token, body: { data: { priority: 'critique' } } });
    expect(prioritized.status).toBe(200);
    expect(prioritized.body.data).toMatchObject({ priority: 'critique', priorityRank: 4, statusRank: 1 });
    expect(await stored(token, id)).toMatchObject({ priorityRank: 4, statusRank: 1 });

    await call('PUT', `/api/reports/${id}`, { token, body: { data: { report_status: 'en_attente' } } });
    expect(await stored(token, id)).toMatchObject({ report_status: 'en_attente', priorityRank: 4, statusRank: 3 });

    // The legacy field alone, report_status emptied: the effective status is read from it.
    await call('PUT', `/api/reports/${id}`, { token, body: { data: { status: 'rejected', report_status: null } } });
    expect(await stored(token, id)).toMatchObject({ report_status: 'rejete', priorityRank: 4, statusRank: 5 });

    // The legacy field alone: it sets report_status, and the rank follows.
    await call('PUT', `/api/reports/${id}`, { token, body: { data: { status: 'in_progress' } } });
    expect(await stored(token, id)).toMatchObject({ report_status: 'en_cours', priorityRank: 4, statusRank: 2 });
    await call('PUT', `/api/reports/${id}`, { token, body: { data: { status: 'rejected', report_status: null } } });

    // Other fields leave the ranks alone.
    await call('PUT', `/api/reports/${id}`, { token, body: { data: { assignedTo: 'Ali Soilihi' } } });
    expect(await stored(token, id)).toMatchObject({ assignedTo: 'Ali Soilihi', priorityRank: 4, statusRank: 5 });
  });

  it('ranks sent by a client are not stored', async () => {
    const token = await tokenOf('operator');
    const marker = unique('rangclient');
    const created = await call('POST', '/api/reports', {
      token,
      body: { data: reportData({ priority: 'basse', description: `Banc ${marker} cassé`, priorityRank: 99, statusRank: 0 }) },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ priorityRank: 1, statusRank: 1 });
    const id = created.body.data.documentId;
    expect(await stored(token, id)).toMatchObject({ priorityRank: 1, statusRank: 1 });

    // Alone, beside another field, or beside a priority that contradicts it.
    for (const data of [{ priorityRank: 99 }, { title: `Banc ${marker}`, priorityRank: 99, statusRank: -3 }]) {
      const res = await call('PUT', `/api/reports/${id}`, { token, body: { data } });
      expect(res.status).toBe(200);
      expect(await stored(token, id)).toMatchObject({ priority: 'basse', priorityRank: 1, statusRank: 1 });
    }
    await call('PUT', `/api/reports/${id}`, { token, body: { data: { priority: 'haute', priorityRank: 1, report_status: 'resolu', statusRank: 1 } } });
    expect(await stored(token, id)).toMatchObject({ priorityRank: 3, statusRank: 4 });

    const forged = await listed(token, marker, 'filters[priorityRank][$eq]=99');
    expect(forged).toEqual([]);
  });

  it('every stored report has the ranks of its priority and its effective status', async () => {
    const token = await tokenOf('admin');
    for (let page = 1; ; page++) {
      const res = await call(
        'GET',
        `/api/reports?pagination[pageSize]=200&pagination[page]=${page}&fields[0]=priority&fields[1]=report_status&fields[2]=priorityRank&fields[3]=statusRank`,
        { token },
      );
      expect(res.status).toBe(200);
      for (const report of res.body.data) {
        expect(report.priorityRank, report.documentId).toBe(PRIORITY_RANK[report.priority ?? 'normale']);
        expect(report.statusRank, report.documentId).toBe(STATUS_RANK[report.report_status ?? 'nouveau']);
      }
      if (page >= res.body.meta.pagination.pageCount) break;
    }
  });
});
