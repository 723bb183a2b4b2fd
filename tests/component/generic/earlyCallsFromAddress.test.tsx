import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { earlyCalls, prefetchListOf } from '../../../src/generic/list/prefetchList';
import { createStore } from '../../../src/providers/store';
import { accessRulesOf, endpointOptionsOf, resourceEntries } from '../../../src/resources/entries';
import { placesBackend } from '../poi/placesBackend';
import { renderAtUrl } from '../renderAtUrl';
import { makeReports, reportsBackend } from '../signalements/reportsBackend';


/**
 * A cold load of a list's address (a link followed, a reload): its first page is asked for early with
 * the address's filters, page, sort and tab, over what the list remembered, and not asked for again.
 */
describe('early calls of a list opened by its address', { timeout: 60_000 }, () => {
  it('the reports at page 2 of a zone, sorted by title: that page, asked for before the app renders, is not asked for again', async () => {
    const backend = reportsBackend(makeReports(60));
    backend.sessionStorageFor('admin');
    // Remembered from an earlier visit: the address wins.
    localStorage.setItem('RaStoremamoudzou.signalements.listParams', JSON.stringify({ filter: {}, page: 3, perPage: 25, sort: 'createdAt', order: 'DESC' }));
    const search = `?filter=${encodeURIComponent(JSON.stringify({ zone: 'Kawéni' }))}&page=2&perPage=10&sort=title&order=ASC`;
    const calls = earlyCalls({ apiUrl: 'http://api.test', endpoints: endpointOptionsOf(resourceEntries), token: backend.tokenOf('admin'), fetch: backend.fetch });
    await prefetchListOf(calls, { path: '/signalements', search, registry: resourceEntries, store: createStore(), role: 'Administrator', accessRules: accessRulesOf(resourceEntries) });
    const early = backend.calls.find((c) => c.path === '/api/reports')!;
    expect(early.query).toContain('pagination[page]=2');
    expect(early.query).toContain('pagination[pageSize]=10');

    renderAtUrl(`/signalements${search}`, { fetch: backend.fetch });
    const table = await screen.findByRole('table', { name: 'Liste des signalements' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(screen.getByText('11-20 sur 40')).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.path === '/api/reports' && c.query.includes('pageSize]=10'))).toHaveLength(1);
    expect(backend.calls.some((c) => c.path === '/api/reports' && c.query.includes('pagination[page]=3'))).toBe(false);
  });

  it("the directory's Urgences tab: its filtered first page, asked for early, is not asked for again", async () => {
    const { backend } = placesBackend();
    backend.sessionStorageFor('editeur');
    const calls = earlyCalls({ apiUrl: 'http://api.test', endpoints: endpointOptionsOf(resourceEntries), token: backend.tokenOf('editeur'), fetch: backend.fetch });
    await prefetchListOf(calls, { path: '/annuaire', search: '?onglet=urgences', registry: resourceEntries, store: createStore(), role: 'Editor', accessRules: accessRulesOf(resourceEntries) });
    renderAtUrl('/annuaire?onglet=urgences', { fetch: backend.fetch });
    expect(await screen.findByText('2 entrée(s) trouvée(s)')).toBeInTheDocument();
    const firstPages = backend.calls.filter((c) => c.path === '/api/directory-entries' && c.query.includes('pagination[pageSize]=24'));
    expect(firstPages).toHaveLength(1);
    expect(firstPages[0].query).toContain('filters[category][$in][0]=urgences');
  });
});
