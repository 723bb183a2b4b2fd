import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, renderScreen } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';


/**
 * « Mes signalements », « En retard », « Bientôt en retard »: one-click tabs of the reports list whose
 * filters the backend reads on its own clock (`filters[sla]`, `filters[mine]`); the fake backend marks
 * its rows with what the real one would decide.
 */
function withSlaRows() {
  const rows = makeReports(12).map((row, i) => ({ ...row, sla: i < 3 ? 'late' : i < 5 ? 'soon' : null, mine: i % 4 === 0 }));
  return reportsBackend(rows);
}
const listCalls = (backend: ReturnType<typeof reportsBackend>) => backend.calls.filter((c) => c.method === 'GET' && c.path === '/api/reports');

describe('the reports list’s service-level tabs', { timeout: 60_000 }, () => {
  it('shows each tab with its count; a click filters the list on the server', async () => {
    const user = userEvent.setup();
    const backend = withSlaRows();
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements', { fetch: backend.fetch });
    expect(await screen.findByText('12 signalement(s) trouvé(s)')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Mes signalements (3)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'En retard (3)' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Bientôt en retard (2)' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'En retard (3)' }));
    expect(await screen.findByText('3 signalement(s) trouvé(s)')).toBeInTheDocument();
    expect(listCalls(backend).at(-1)!.query).toContain('filters[sla][$eq]=late');
    const rows = within(screen.getByRole('table', { name: 'Liste des signalements' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(screen.getByRole('tab', { name: 'En retard (3)', selected: true })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Bientôt en retard (2)' }));
    expect(await screen.findByText('2 signalement(s) trouvé(s)')).toBeInTheDocument();
    expect(listCalls(backend).at(-1)!.query).toContain('filters[sla][$eq]=soon');

    // « Mes signalements » opens with the open ones first (the treatment circuit's order); « Tous » goes back to the newest first.
    await user.click(screen.getByRole('tab', { name: 'Mes signalements (3)' }));
    expect(await screen.findByText('3 signalement(s) trouvé(s)')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(backend).at(-1)!.query).toContain('filters[mine][$eq]=true'));
    expect(listCalls(backend).at(-1)!.query).toContain('sort[0]=statusRank:asc');
    await user.click(screen.getByRole('tab', { name: 'Tous (12)' }));
    expect(await screen.findByText('12 signalement(s) trouvé(s)')).toBeInTheDocument();
    const everyList = listCalls(backend).filter((c) => c.query.includes('pagination[pageSize]=25'));
    expect(everyList.filter((c) => c.query.includes('statusRank:asc')).every((c) => c.query.includes('filters[mine]'))).toBe(true);
  });

  it('counts its four tabs in one call, not a list call per tab; the count follows the list’s search', async () => {
    const user = userEvent.setup();
    const backend = withSlaRows();
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements', { fetch: backend.fetch });
    expect(await screen.findByRole('tab', { name: 'Bientôt en retard (2)' })).toBeInTheDocument();
    for (const name of ['Tous (12)', 'Mes signalements (3)', 'En retard (3)']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    const countCalls = () => backend.calls.filter((c) => c.method === 'GET' && c.path === '/api/reports/counts');
    expect(countCalls()).toHaveLength(1);
    expect(countCalls()[0].query).toBe('views[all]=&views[mine][mine][$eq]=true&views[late][sla][$eq]=late&views[soon][sla][$eq]=soon');
    // No one-row list per tab.
    expect(listCalls(backend).filter((c) => c.query.includes('pagination[pageSize]=1&'))).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Rechercher par type, ID ou description' }), 'numéro 1');
    expect(await screen.findByRole('tab', { name: 'Tous (4)' })).toBeInTheDocument();
    expect(countCalls().at(-1)!.query).toContain('search=numéro 1');
    expect(listCalls(backend).filter((c) => c.query.includes('pagination[pageSize]=1&'))).toEqual([]);
  });

  it('opens on « Mes signalements » from its address', async () => {
    const backend = withSlaRows();
    backend.sessionStorageFor('editeur');
    renderScreen('/signalements?onglet=mes-signalements', { fetch: backend.fetch });
    expect(await screen.findByText('3 signalement(s) trouvé(s)')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(backend).some((c) => c.query.includes('filters[mine][$eq]=true') && c.query.includes('pagination[pageSize]=25'))).toBe(true));
    expect(screen.getByRole('tab', { name: 'Mes signalements (3)', selected: true })).toBeInTheDocument();
  });
});

describe('the list’s tabs and the page’s layout', { timeout: 60_000 }, () => {
  /**
   * Reading a size forces the layout of the whole page in a browser, and the list re-renders at each step of a load
   * and at each change of the selection: the tabs never measure, neither then nor when one is picked (the line under
   * the tab shown is CSS); a tab picked is brought into view.
   */
  it('never measures its tabs: the list changing (selecting a row), a tab picked, which is brought into view', async () => {
    const user = userEvent.setup();
    const backend = withSlaRows();
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByText('12 signalement(s) trouvé(s)');
    await screen.findByRole('tab', { name: 'En retard (3)' });
    const tablist = screen.getByRole('tablist', { name: 'Vues de la liste' });
    const measured: Element[] = [];
    const measure = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (this.contains(tablist) || tablist.contains(this)) measured.push(this);
      return new DOMRect(0, 0, 100, 48);
    });
    // jsdom has no scrollIntoView: the elements asked to come into view are noted.
    const broughtIntoView: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      broughtIntoView.push(this);
    };
    try {
      await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Signalement numéro 2 »' }));
      expect(await screen.findByText('1 sélectionné(s)')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'En retard (3)' }));
      expect(await screen.findByText('3 signalement(s) trouvé(s)')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'En retard (3)' })).toHaveAttribute('aria-selected', 'true');
      expect(measured).toHaveLength(0);
      expect(broughtIntoView).toEqual([screen.getByRole('tab', { name: 'En retard (3)' })]);
    } finally {
      measure.mockRestore();
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('moves between tabs with the arrow keys, Home and End; only the tab shown is in the tab order', async () => {
    const user = userEvent.setup();
    const backend = withSlaRows();
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements', { fetch: backend.fetch });
    await screen.findByRole('tab', { name: 'En retard (3)' });
    const tabs = within(screen.getByRole('tablist', { name: 'Vues de la liste' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual(tabs.map((_, i) => (i === 0 ? 0 : -1)));
    tabs[0].focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(tabs[tabs.length - 1]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tabs[tabs.length - 1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveFocus();
    const late = screen.getByRole('tab', { name: 'En retard (3)' });
    late.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('3 signalement(s) trouvé(s)')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'En retard (3)' })).toHaveAttribute('tabindex', '0');
  });
});

describe('the dashboard’s SLA card', { timeout: 60_000 }, () => {
  it('shows the on-time rate of the last 30 days and links to the list’s tabs with their counts', async () => {
    const backend = withSlaRows();
    backend.on('GET', '/api/reports/stats', {
      body: { total: 12, byStatus: {}, byType: {}, byZone: {}, byPriority: {}, resolutionRate: 0, sla: { late: 7, soon: 4, mine: 6, mineOpen: 2, closed30: 40, onTimeRate30: 87.5 } },
    });
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch });
    const card = within(await screen.findByRole('region', { name: 'Délais de traitement' }));
    expect(await card.findByText('87,5 %')).toBeInTheDocument();
    expect(card.getByText('Dans les temps sur les 40 signalements clos en 30 jours')).toBeInTheDocument();
    const items = card.getAllByRole('listitem').map((li) => li.textContent);
    // « Mes signalements »: the number of the tab it opens, with those still to handle.
    expect(items).toEqual(['En retard7', 'Bientôt en retard4', 'Mes signalements6(dont 2 à traiter)']);
    expect(card.getByRole('link', { name: 'En retard' })).toHaveAttribute('href', '/signalements?onglet=en-retard');
    expect(card.getByRole('link', { name: 'Bientôt en retard' })).toHaveAttribute('href', '/signalements?onglet=bientot-en-retard');
    expect(card.getByRole('link', { name: 'Mes signalements' })).toHaveAttribute('href', '/signalements?onglet=mes-signalements&sort=report_status&order=ASC');
    expect(card.getByRole('link', { name: 'Statistiques' })).toHaveAttribute('href', '/statistiques');
  });
});
