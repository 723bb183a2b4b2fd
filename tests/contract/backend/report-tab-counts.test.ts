import { describe, expect, it } from 'vitest';
import { call, logIn, newAccount, reportData, roleId, tokenOf, unique } from '../support/api';

/**
 * The reports list's tabs counted in one call (GET /api/reports/counts): each tab's count is what that tab's
 * list says, under the list's filters and search, for the caller's role; a role that may not read reports is refused.
 */

const TABS = 'views[all]=&views[mine][mine]=true&views[late][sla]=late&views[soon][sla]=soon';

async function counts(token: string, query: string) {
  const res = await call('GET', `/api/reports/counts?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, number>;
}

/** What the list itself says for these filters (one row asked, its total read). */
async function listTotal(token: string, query: string) {
  const res = await call('GET', `/api/reports?pagination[pageSize]=1&${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.meta.pagination.total as number;
}

describe('the reports tabs counted in one call', () => {
  it('gives each tab the count its list gives, under the list’s search and filters', async () => {
    const operator = await tokenOf('operator');
    const admin = await tokenOf('admin');
    const tag = unique('onglets').replace(/-/g, '');
    const made: [string, string, string | null][] = [
      [`Caniveau bouché ${tag}`, 'haute', 'operateur@mairie.test'],
      [`Lampadaire ${tag}`, 'basse', 'operateur@mairie.test'],
      [`Trottoir ${tag}`, 'haute', null],
    ];
    for (const [title, priority, assignedTo] of made) {
      const created = await call('POST', '/api/reports', { token: admin, body: { data: reportData({ title, priority }) } });
      expect(created.status).toBe(201);
      if (assignedTo) {
        const assigned = await call('PUT', `/api/reports/${created.body.data.documentId}`, { token: admin, body: { data: { assignedTo } } });
        expect(assigned.status).toBe(200);
      }
    }

    const searched = `search=${tag}`;
    expect(await counts(operator, `${searched}&${TABS}`)).toEqual({ all: 3, mine: 2, late: 0, soon: 0 });
    // The list's own filters apply to every tab.
    expect(await counts(operator, `${searched}&filters[priority][$eq]=haute&${TABS}`)).toEqual({ all: 2, mine: 1, late: 0, soon: 0 });
    // « Mes signalements » is the caller's: the administrator has none of these.
    expect((await counts(admin, `${searched}&${TABS}`)).mine).toBe(0);

    // Over every report (no search), each count is the total its tab's list gives.
    const all = await counts(operator, TABS);
    expect(all.all).toBe(await listTotal(operator, ''));
    expect(all.mine).toBe(await listTotal(operator, 'filters[mine]=true'));
    expect(all.late).toBe(await listTotal(operator, 'filters[sla]=late'));
    expect(all.soon).toBe(await listTotal(operator, 'filters[sla]=soon'));
  });

  it('refuses a role that may not read reports (403), a missing or bad view and a private field, in French (400)', async () => {
    const admin = await tokenOf('admin');
    const name = unique('Lecteurs');
    expect((await call('POST', '/api/users-permissions/roles', { token: admin, body: { name, description: 'Lecture', grants: { contenus: ['read'] } } })).status).toBe(201);
    const account = await newAccount('Operator', { role: await roleId(name) });
    const reader = await logIn(account.email, account.password);
    expect((await call('GET', `/api/reports/counts?${TABS}`, { token: reader })).status).toBe(403);
    expect((await call('GET', `/api/reports/counts?${TABS}`)).status).toBe(403);

    const operator = await tokenOf('operator');
    const missing = await call('GET', '/api/reports/counts', { token: operator });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('views : de 1 à 8 vues attendues (views[nom][champ]=valeur)');
    expect((await call('GET', '/api/reports/counts?views[late][sla]=bientot', { token: operator })).body.error.message).toBe('Filtre de délai inconnu : bientot (late ou soon attendu)');
    const tooMany = Array.from({ length: 9 }, (_, i) => `views[v${i}]=`).join('&');
    expect((await call('GET', `/api/reports/counts?${tooMany}`, { token: operator })).status).toBe(400);
    // The search text stays the backend's, in a view as in the list.
    expect((await call('GET', '/api/reports/counts?views[x][searchText][$contains]=a', { token: operator })).status).toBe(400);
    expect((await call('GET', '/api/reports/counts?filters[searchText][$contains]=a&views[all]=', { token: operator })).status).toBe(400);
  });
});
