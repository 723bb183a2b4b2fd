import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveCollection } from '../../support/collectionBackend';
import { fakeBackend } from '../../support/fakeBackend';
import { serveUsers, userRow } from '../../support/usersBackend';
import { renderApp } from '../renderApp';

/** /audit (Journal d'audit) with a mocked backend. */

const ENTRIES = [
  {
    id: 3, documentId: 'a3', userId: 1, userName: 'admin', role: 'Administrator', action: 'update', module: 'utilisateurs', resourceType: 'user', resourceId: '2', resourceLabel: 'Fatima Kawéni',
    timestamp: '2026-11-21T12:00:00.000Z', ip: '10.0.0.8', changedFields: ['role', 'status', 'password'],
    changes: { role: { before: 'Author', after: 'Operator' }, status: { before: 'actif', after: 'suspendu' }, password: { masked: true } },
  },
  { id: 2, documentId: 'a2', userId: 4, userName: 'operateur', role: 'Operator', action: 'create', module: 'signalements', resourceLabel: 'Lampadaire éteint', timestamp: '2026-11-20T20:30:00.000Z', ip: '10.0.0.9', changedFields: ['title'], changes: { title: { before: null, after: 'Lampadaire éteint' } } },
  { id: 1, documentId: 'a1', userId: 1, userName: 'admin', role: 'Administrator', action: 'update', module: 'parametrages', resourceLabel: 'Mamoudzou', timestamp: '2026-11-19T08:00:00.000Z', ip: '10.0.0.8', changedFields: ['sessionTimeout'], changes: null },
];

function auditBackend() {
  const backend = fakeBackend();
  serveCollection(backend, 'audit-logs', ENTRIES.map((e) => ({ ...e })));
  serveUsers(backend, [userRow(1, 'admin', 'Administrator'), userRow(4, 'operateur', 'Operator')]);
  backend.sessionStorageFor('admin');
  return backend;
}
const auditQueries = (backend: ReturnType<typeof fakeBackend>) => backend.calls.filter((c) => c.path === '/api/audit-logs' && c.query.includes('pagination[pageSize]=25')).map((c) => c.query);
const table = () => screen.getByRole('table', { name: "Entrées du journal d'audit" });

describe("Journal d'audit", () => {
  it('lists the entries with French roles, modules and actions, and offers no edit or delete', async () => {
    const backend = auditBackend();
    renderApp('/audit', { fetch: backend.fetch });
    expect(await screen.findByText('3 entrée(s) du journal')).toBeInTheDocument();
    const first = within(within(table()).getAllByRole('row')[1]);
    expect(first.getByText('Administrateur')).toBeInTheDocument();
    expect(first.getByText('Modification')).toBeInTheDocument();
    expect(first.getByText('Utilisateurs')).toBeInTheDocument();
    expect(first.getByText('21/11/2026 15:00')).toBeInTheDocument();
    const second = within(within(table()).getAllByRole('row')[3]);
    expect(second.getByText('Opérateur')).toBeInTheDocument();
    expect(second.getByText('Signalements')).toBeInTheDocument();
    expect(within(table()).queryByText('Operator')).not.toBeInTheDocument();
    expect(within(table()).queryByText('parametrages')).not.toBeInTheDocument();
    expect(within(table()).getByText('Paramétrages')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions pour/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Supprimer|Modifier|Nouvel/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeInTheDocument();
    expect(auditQueries(backend)[0]).toContain('sort[0]=timestamp:desc');
  });

  it('filters by user, module, action and a date range in the town time, on the backend', async () => {
    const user = userEvent.setup();
    const backend = auditBackend();
    renderApp('/audit', { fetch: backend.fetch });
    await screen.findByText('3 entrée(s) du journal');

    await user.click(screen.getByRole('combobox', { name: 'Utilisateur' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tous', 'admin', 'operateur']);
    await user.click(screen.getByRole('option', { name: 'admin' }));
    expect(await screen.findByText('2 entrée(s) du journal')).toBeInTheDocument();
    expect(auditQueries(backend).at(-1)).toContain('filters[userId][$eq]=1');

    await user.click(screen.getByRole('combobox', { name: 'Module' }));
    await user.click(screen.getByRole('option', { name: 'Paramétrages' }));
    expect(await screen.findByText('1 entrée(s) du journal')).toBeInTheDocument();
    expect(auditQueries(backend).at(-1)).toContain('filters[module][$eq]=parametrages');
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await screen.findByText('3 entrée(s) du journal');

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Création' }));
    expect(await screen.findByText('1 entrée(s) du journal')).toBeInTheDocument();
    expect(within(table()).getByText('Lampadaire éteint')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Tous' }));
    await screen.findByText('3 entrée(s) du journal');

    // Days of Mamoudzou (UTC+3): the 20th starts at 21:00 UTC on the 19th and ends at 20:59:59.999 UTC on the 20th.
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(auditQueries(backend).at(-1)).toContain('filters[timestamp][$gte]=2026-11-19T21:00:00.000Z'));
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(auditQueries(backend).at(-1)).toContain('filters[timestamp][$lte]=2026-11-20T20:59:59.999Z'));
    expect(auditQueries(backend).at(-1)).toContain('filters[timestamp][$gte]=2026-11-19T21:00:00.000Z');
    expect(await screen.findByText('1 entrée(s) du journal')).toBeInTheDocument();
    expect(within(table()).getByText('Lampadaire éteint')).toBeInTheDocument();
    expect(screen.getByLabelText('Du')).toHaveValue('2026-11-20');
  });

  it('unfolds an entry to what changed: each field before and after, roles in French, a password masked', async () => {
    const user = userEvent.setup();
    const backend = auditBackend();
    renderApp('/audit', { fetch: backend.fetch });
    await screen.findByText('3 entrée(s) du journal');
    await user.click(within(table()).getByText('Fatima Kawéni'));
    const changes = await screen.findByRole('table', { name: 'Champs modifiés : valeur avant et après' });
    const rows = within(changes).getAllByRole('row').slice(1).map((r) => [within(r).getByRole('rowheader').textContent, ...within(r).getAllByRole('cell').map((c) => c.textContent)]);
    expect(rows).toEqual([
      ['Rôle', 'Auteur', 'Opérateur'],
      ['Statut', 'Actif', 'Suspendu'],
      ['Mot de passe', '—', 'modifié (valeur masquée)'],
    ]);
    // An older entry without details still says which fields changed.
    await user.click(within(table()).getByText('Mamoudzou'));
    expect(await screen.findByText('Champs modifiés : sessionTimeout')).toBeInTheDocument();
  });
});
