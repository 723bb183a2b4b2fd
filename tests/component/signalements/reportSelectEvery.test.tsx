import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';

/** « Tout sélectionner » beyond the page: every report the filters match, for a bulk action, with the count. */
describe('selecting every match of the list', { timeout: 60_000 }, () => {
  it('once the page is selected, offers the whole filtered list; a bulk delete then acts on every match', async () => {
    const user = userEvent.setup();
    const rows = makeReports(30);
    const backend = reportsBackend(rows);
    backend.sessionStorageFor('admin');
    renderApp('/signalements', { fetch: backend.fetch });
    await screen.findByText('30 signalement(s) trouvé(s)', {}, { timeout: 20_000 });
    // Nothing to offer before the page is selected.
    expect(screen.queryByRole('button', { name: /^Sélectionner les \d+ de la liste$/ })).not.toBeInTheDocument();
    // Part of the page selected: the page's checkbox is natively indeterminate, without aria-checked (not allowed on a native checkbox).
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Signalement numéro 30 »' }));
    const page = screen.getByRole('checkbox', { name: 'Sélectionner tous les signalements de la page' }) as HTMLInputElement;
    expect(page.indeterminate).toBe(true);
    expect(page).not.toHaveAttribute('aria-checked');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Signalement numéro 30 »' }));
    expect(page.indeterminate).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les signalements de la page' }));
    expect(screen.getByText('25 sélectionné(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sélectionner les 30 de la liste' }));
    expect(await screen.findByText('30 sélectionné(s)')).toBeInTheDocument();
    // Their ids only, in one call under the list's filters and sort.
    const idsCall = backend.calls.find((c) => c.path === '/api/reports' && c.query.includes('pagination[pageSize]=30'))!;
    expect(idsCall.query).toContain('fields[0]=documentId');
    expect(screen.queryByRole('button', { name: 'Sélectionner les 30 de la liste' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    await user.click(screen.getByRole('menuitem', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer 30 signalement(s)' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('30 signalement(s) supprimé(s).', {}, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() => expect(rows).toHaveLength(0));
  });
});
