import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSockets } from '../../support/fakeSocket';
import { allowConsoleError } from '../allowConsoleError';
import { renderApp } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';

/** A report that no longer exists: the detail says so in French instead of loading forever with « Strapi 404 ». */
describe('a report that no longer exists', { timeout: 60_000 }, () => {
  it('a link to a deleted report: « Signalement introuvable », no loading title, no technical error', async () => {
    // react-admin logs the refused call; the dialog says it in French.
    allowConsoleError(/Strapi 404/);
    const backend = reportsBackend(makeReports(3));
    backend.sessionStorageFor('admin');
    renderApp('/signalements/supprime', { fetch: backend.fetch });
    const dialog = within(await screen.findByRole('dialog', { name: 'Signalement introuvable' }));
    expect(dialog.getByText("Cet élément n'existe plus : il a peut-être été supprimé.")).toBeInTheDocument();
    expect(screen.queryByText(/Strapi 404/)).not.toBeInTheDocument();
    expect(screen.queryByText('Chargement du signalement...')).not.toBeInTheDocument();
    // Nothing to edit or delete.
    expect(dialog.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
    expect(dialog.getAllByRole('button', { name: 'Fermer' }).length).toBeGreaterThan(0);
  });

  it('deleted by someone else while its dialog is open: the dialog says it is gone', async () => {
    allowConsoleError(/Strapi 404/);
    const sockets = fakeSockets();
    const rows = makeReports(3);
    const backend = reportsBackend(rows);
    backend.sessionStorageFor('admin');
    renderApp('/signalements/rep2', { fetch: backend.fetch, socket: sockets.factory });
    expect(await screen.findByRole('dialog', { name: 'Signalement numéro 2' })).toBeInTheDocument();
    rows.splice(1, 1);
    act(() => sockets.last()!.serverEmit('report-updated', { id: 'rep2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Signalement introuvable' }));
    expect(dialog.getByText("Cet élément n'existe plus : il a peut-être été supprimé.")).toBeInTheDocument();
  });
});
