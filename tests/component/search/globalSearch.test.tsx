import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEBOUNCE_MS, useDebounced } from '../../../src/custom/layout/GlobalSearchDialog';
import { serveCollection } from '../../support/collectionBackend';
import { fakeBackend } from '../../support/fakeBackend';
import { renderApp } from '../renderApp';
import { makeReports } from '../signalements/reportsBackend';

/** The global search dialog (docs/ecrans.md, « Notifications et recherche globale »): Ctrl+K, debounce, filters, sort, messages, keyboard. */

function searchBackend(count = 3) {
  const backend = serveCollection(fakeBackend({ reports: makeReports(3) }), 'reports', makeReports(3));
  const results = Array.from({ length: count }, (_, i) => ({
    type: i % 2 ? 'article' : 'signalement',
    id: `rep${i + 1}`,
    title: `Lampadaire de Kawéni ${i + 1}`,
    status: i % 2 ? 'published' : 'nouveau',
    priority: i % 2 ? null : 'haute',
    date: '2026-03-02T07:05:00.000Z',
    url: i % 2 ? `/actualites/a${i + 1}` : `/signalements/rep${i + 1}`,
  }));
  backend.on('GET', '/api/search', (call) => {
    const query = new URLSearchParams(call.url.split('?')[1]);
    const types = query.get('types')?.split(',');
    return { body: { data: results.filter((r) => !types || types.includes(r.type)), meta: { total: results.length } } };
  });
  return backend;
}

const searchCalls = (backend: ReturnType<typeof searchBackend>) => backend.calls.filter((c) => c.path === '/api/search');

async function openSearch() {
  fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
  return within(await screen.findByRole('dialog', { name: 'Recherche globale' }));
}

describe('the query waits for the typing to pause (300 ms)', () => {
  it('passes the value on only once it has not changed for 300 ms', () => {
    vi.useFakeTimers();
    try {
      const { result, rerender } = renderHook(({ value }) => useDebounced(value, DEBOUNCE_MS), { initialProps: { value: '' } });
      for (const value of ['k', 'ka', 'kaw', 'kaweni']) {
        rerender({ value });
        act(() => vi.advanceTimersByTime(DEBOUNCE_MS - 1));
        expect(result.current).toBe('');
      }
      act(() => vi.advanceTimersByTime(1));
      expect(result.current).toBe('kaweni');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('global search', () => {
  it('opens with Ctrl+K or the "Rechercher..." button, says what to do, closes with Escape', async () => {
    const user = userEvent.setup();
    const backend = searchBackend();
    backend.sessionStorageFor('editeur');
    renderApp('/', { fetch: backend.fetch });
    await user.click(await screen.findByRole('button', { name: /Rechercher\.\.\./ }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Recherche globale' }));
    expect(dialog.getByRole('combobox', { name: 'Recherche globale' })).toHaveAttribute('placeholder', 'Rechercher dans les signalements, articles, événements, utilisateurs...');
    expect(dialog.getByText('Commencez à taper pour rechercher...')).toBeInTheDocument();
    expect(dialog.getByText('Utilisez Ctrl+K pour ouvrir rapidement la recherche')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openSearch();
    expect(dialog.getByRole('combobox', { name: 'Recherche globale' })).toHaveFocus();
    // Its own close button (on a phone the dialog fills the screen and has no outside to click).
    await user.click(dialog.getByRole('button', { name: 'Fermer la recherche' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the results with type badge, status, priority and date; nothing found says so', async () => {
    const user = userEvent.setup();
    const backend = searchBackend();
    backend.sessionStorageFor('editeur');
    renderApp('/', { fetch: backend.fetch });
    await screen.findByRole('button', { name: /Rechercher\.\.\./ });
    const dialog = await openSearch();
    await user.type(dialog.getByRole('combobox', { name: 'Recherche globale' }), 'kaweni');
    const results = await dialog.findAllByRole('option');
    expect(searchCalls(backend).at(-1)!.query).toContain('q=kaweni');
    expect(results).toHaveLength(3);
    expect(within(results[0]).getByText('Signalement')).toBeInTheDocument();
    expect(within(results[0]).getByText('Lampadaire de Kawéni 1')).toBeInTheDocument();
    expect(within(results[0]).getByText('Nouveau')).toBeInTheDocument();
    expect(within(results[0]).getByText('Haute')).toBeInTheDocument();
    expect(within(results[0]).getByText(/^02 mars 2026 à \d{2}:05$/)).toBeInTheDocument();
    expect(within(results[1]).getByText('Actualité')).toBeInTheDocument();
    // A content's publication status in French, never the stored value.
    expect(within(results[1]).getByText('Publié')).toBeInTheDocument();
    expect(within(results[1]).queryByText('published')).not.toBeInTheDocument();

    backend.on('GET', '/api/search', { body: { data: [], meta: { total: 0 } } });
    await user.clear(dialog.getByRole('combobox', { name: 'Recherche globale' }));
    await user.type(dialog.getByRole('combobox', { name: 'Recherche globale' }), 'zzz');
    expect(await dialog.findByText('Aucun résultat trouvé pour "zzz"')).toBeInTheDocument();
  });

  it('filters by type, status and priority (a badge counts them) and sorts by date or title, ascending or descending', async () => {
    const user = userEvent.setup();
    const backend = searchBackend();
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch });
    await screen.findByRole('button', { name: /Rechercher\.\.\./ });
    const dialog = await openSearch();
    await user.type(dialog.getByRole('combobox', { name: 'Recherche globale' }), 'lampe');
    await dialog.findAllByRole('option');
    await user.click(dialog.getByRole('button', { name: 'Filtres' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Actualité' }));
    await user.click(dialog.getByRole('checkbox', { name: 'En cours' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Critique' }));
    expect(dialog.getByRole('button', { name: /^Filtres, 3 filtre\(s\) actif\(s\)$/ })).toBeInTheDocument();
    await waitFor(() => expect(searchCalls(backend).at(-1)!.query).toContain('types=article&statuses=en_cours&priorities=critique'));
    await user.click(dialog.getByRole('combobox', { name: 'Trier par' }));
    await user.click(await screen.findByRole('option', { name: 'Titre' }));
    await user.click(dialog.getByRole('button', { name: 'Décroissant' }));
    await waitFor(() => expect(searchCalls(backend).at(-1)!.query).toContain('sort=title&order=asc'));
    expect(dialog.getByRole('button', { name: 'Croissant' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(dialog.getByRole('button', { name: 'Effacer les filtres' }));
    expect(dialog.getByRole('button', { name: 'Filtres' })).toBeInTheDocument();
  });

  it('shows 20 results at most; arrow keys move through them and Enter opens one', async () => {
    const user = userEvent.setup();
    const backend = searchBackend(25);
    backend.sessionStorageFor('editeur');
    renderApp('/', { fetch: backend.fetch });
    await screen.findByRole('button', { name: /Rechercher\.\.\./ });
    const dialog = await openSearch();
    const input = dialog.getByRole('combobox', { name: 'Recherche globale' });
    await user.type(input, 'lampadaire');
    expect(await dialog.findAllByRole('option')).toHaveLength(20);
    expect(dialog.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(dialog.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', dialog.getAllByRole('option')[1].id);
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Recherche globale' })).not.toBeInTheDocument());
    expect(await screen.findByRole('dialog', { name: 'Signalement numéro 1' })).toBeInTheDocument();
  });
});
