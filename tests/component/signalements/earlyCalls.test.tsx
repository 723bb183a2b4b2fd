import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardLists, STATS_PATH, statsQuery } from '../../../src/custom/dashboard/queries';
import { earlyCalls, prefetchListOf } from '../../../src/generic/list/prefetchList';
import { createStore } from '../../../src/providers/store';
import { accessRulesOf, endpointOptionsOf, resourceEntries } from '../../../src/resources/entries';
import { renderApp } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';
import { isMenuCountCall } from '../../support/menuCount';


/**
 * A cold load's early calls (AppRoot) are the very calls the screens make: the app takes
 * their answers and sends none of them a second time.
 */
describe('early calls of a cold load', { timeout: 60_000 }, () => {
  it('the reports list: its first page, its tabs’ counts and the settings, asked for before the app renders, are not asked for again', async () => {
    const backend = reportsBackend(makeReports(30));
    backend.sessionStorageFor('admin');
    const calls = earlyCalls({ apiUrl: 'http://api.test', endpoints: endpointOptionsOf(resourceEntries), token: backend.tokenOf('admin'), fetch: backend.fetch });
    await prefetchListOf(calls, { path: '/signalements', registry: resourceEntries, store: createStore(), role: 'Administrator', accessRules: accessRulesOf(resourceEntries) });
    expect(backend.calls.map((c) => c.path).sort()).toEqual(['/api/reports', '/api/reports/counts', '/api/setting']);
    renderApp('/signalements', { fetch: backend.fetch });
    const table = await screen.findByRole('table', { name: 'Liste des signalements' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(await screen.findByRole('tab', { name: 'Tous (30)' })).toBeInTheDocument();
    const firstPages = backend.calls.filter((c) => c.path === '/api/reports' && c.query.includes('pageSize]=25'));
    expect(firstPages).toHaveLength(1);
    expect(backend.calls.filter((c) => c.path === '/api/reports/counts')).toHaveLength(1);
    expect(backend.calls.filter((c) => c.path === '/api/setting')).toHaveLength(1);
  });

  it('a list the role may not open is not asked for (it shows "Accès refusé")', async () => {
    const backend = reportsBackend([]);
    const calls = earlyCalls({ apiUrl: 'http://api.test', endpoints: endpointOptionsOf(resourceEntries), token: backend.tokenOf('auteur'), fetch: backend.fetch });
    await prefetchListOf(calls, { path: '/utilisateurs', registry: resourceEntries, store: createStore(), role: 'Author', accessRules: accessRulesOf(resourceEntries) });
    await prefetchListOf(calls, { path: '/audit', registry: resourceEntries, store: createStore(), role: 'Author', accessRules: accessRulesOf(resourceEntries) });
    expect(backend.calls.map((c) => c.path)).toEqual(['/api/setting']);
  });

  it('the dashboard: its five calls, asked for before the app renders, are not asked for again', async () => {
    const backend = reportsBackend(makeReports(7));
    backend.on('GET', '/api/reports/stats', { body: { total: 7, byStatus: {}, byType: {}, byZone: {}, byPriority: {}, resolutionRate: 0, weekly: [1, 0, 0, 0, 0, 0, 0, 6] } });
    backend.sessionStorageFor('admin');
    const calls = earlyCalls({ apiUrl: 'http://api.test', endpoints: endpointOptionsOf(resourceEntries), token: backend.tokenOf('admin'), fetch: backend.fetch });
    void calls.get(STATS_PATH, statsQuery());
    for (const { resource, params } of Object.values(dashboardLists())) void calls.getList(resource, params);
    renderApp('/', { fetch: backend.fetch });
    expect(await screen.findByText('Signalements au total')).toBeInTheDocument();
    await screen.findAllByText(/Sem\. du .* : 6/);
    // Besides the shell's own calls, the menu's count of reports awaiting moderation (one record asked for).
    const data = backend.calls.filter((c) => !['/api/users/me', '/api/setting/public', '/api/notifications/unread-count'].includes(c.path) && !isMenuCountCall(c));
    expect(backend.calls.filter(isMenuCountCall)).toHaveLength(1);
    expect(data.map((c) => c.path).sort()).toEqual(['/api/articles', '/api/events', '/api/reports', '/api/reports/stats', '/api/setting']);
  });
});
