import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../support/fakeBackend';
import { serveUsers, userRow } from '../../support/usersBackend';
import { renderApp } from '../renderApp';

/** The Rôles & Permissions and Activité récente tabs of /utilisateurs. */

const MATRIX = {
  modules: ['signalements', 'contenus', 'utilisateurs', 'audit'],
  actions: ['read', 'create', 'edit', 'delete', 'export'],
  roles: [
    { id: 3, name: 'Administrator', type: 'administrator', description: 'Administrateur du back-office', system: true, users: 2, permissions: { signalements: ['read', 'create', 'edit', 'delete', 'export'], utilisateurs: ['read', 'create', 'edit', 'delete'], audit: ['read', 'export'] } },
    { id: 6, name: 'Operator', type: 'operator', description: 'Opérateur du back-office', system: true, users: 5, permissions: { signalements: ['read', 'create', 'edit', 'export'], contenus: ['read'] } },
    { id: 9, name: 'Stagiaire', type: 'stagiaire', description: 'Rôle ajouté par l’API', system: false, users: 0, permissions: { contenus: ['read'] } },
  ],
};

function backendWith() {
  const backend = fakeBackend({
    'audit-logs': [
      { id: 1, documentId: 'a1', userName: 'admin', role: 'Administrator', action: 'create', module: 'utilisateurs', resourceLabel: 'Fatima Kawéni', timestamp: '2026-11-22T06:15:00.000Z', ip: '10.0.0.8' },
      { id: 2, documentId: 'a2', userName: 'operateur', role: 'Operator', action: 'login', module: 'auth', resourceLabel: 'operateur', timestamp: '2026-11-22T05:00:00.000Z', ip: '10.0.0.9' },
    ],
  });
  serveUsers(backend, [userRow(1, 'Admin Mairie', 'Administrator')]);
  const matrix = structuredClone(MATRIX);
  backend.on('GET', '/api/role-matrix', () => ({ body: { data: matrix } }));
  backend.on('DELETE', '/api/users-permissions/roles/9', () => {
    matrix.roles = matrix.roles.filter((r) => r.id !== 9);
    return { body: { ok: true } };
  });
  backend.sessionStorageFor('admin');
  return backend;
}

const cell = (table: HTMLElement, module: string, column: number) => within(within(table).getByRole('rowheader', { name: module }).closest('tr')!).getAllByRole('cell')[column];

describe('Rôles & Permissions', () => {
  it('"Gérer les rôles" opens the matrix read from the backend, per module and action; system roles cannot be edited or deleted', async () => {
    const user = userEvent.setup();
    const backend = backendWith();
    renderApp('/utilisateurs', { fetch: backend.fetch });
    await screen.findByText('1 utilisateur(s) trouvé(s)');
    // The header's button is a chunk of its own: it may show after the list.
    await user.click(await screen.findByRole('button', { name: 'Gérer les rôles' }));
    expect(screen.getByRole('tab', { name: 'Rôles & Permissions' })).toHaveAttribute('aria-selected', 'true');

    const operator = within(await screen.findByRole('region', { name: 'Opérateur' }));
    expect(operator.getByText('5 utilisateur(s)')).toBeInTheDocument();
    expect(operator.getByText('Rôle système')).toBeInTheDocument();
    expect(operator.getByRole('button', { name: 'Modifier le rôle Opérateur' })).toBeDisabled();
    expect(operator.getByRole('button', { name: 'Supprimer le rôle Opérateur' })).toBeDisabled();
    const matrix = operator.getByRole('table', { name: 'Permissions du rôle Opérateur' });
    expect(within(matrix).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Module', 'Lecture', 'Création', 'Modification', 'Suppression', 'Export']);
    // Signalements: read, create, edit, export; not delete.
    expect(cell(matrix, 'Signalements', 0)).toHaveTextContent('Autorisé');
    expect(cell(matrix, 'Signalements', 2)).toHaveTextContent('Autorisé');
    expect(cell(matrix, 'Signalements', 3)).toHaveTextContent('Non autorisé');
    expect(cell(matrix, 'Utilisateurs', 0)).toHaveTextContent('Non autorisé');
    expect(cell(matrix, "Journal d'audit", 0)).toHaveTextContent('Non autorisé');
    const admin = within(screen.getByRole('region', { name: 'Administrateur' }));
    expect(cell(admin.getByRole('table'), "Journal d'audit", 4)).toHaveTextContent('Autorisé');
    // The audit log is read and exported, never changed: no « Modification » to allow or deny.
    expect(cell(admin.getByRole('table'), "Journal d'audit", 2)).toHaveTextContent('Sans objet');
    // Public and Authenticated are not roles of the staff: never shown.
    expect(screen.queryByText('Public')).not.toBeInTheDocument();
    expect(screen.queryByText('Authenticated')).not.toBeInTheDocument();
  });

  it('a role administrators made (not a system role), held by nobody, can be deleted after a confirmation', async () => {
    const user = userEvent.setup();
    const backend = backendWith();
    renderApp('/utilisateurs', { fetch: backend.fetch });
    await user.click(await screen.findByRole('tab', { name: 'Rôles & Permissions' }));
    const intern = within(await screen.findByRole('region', { name: 'Stagiaire' }));
    expect(intern.queryByText('Rôle système')).not.toBeInTheDocument();
    expect(intern.getByText('Rôle créé')).toBeInTheDocument();
    expect(intern.getByRole('button', { name: 'Modifier le rôle Stagiaire' })).toBeEnabled();
    await user.click(intern.getByRole('button', { name: 'Supprimer le rôle Stagiaire' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Supprimer le rôle' })).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Le rôle a été supprimé.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Stagiaire' })).not.toBeInTheDocument());
  });
});

describe('Activité récente', () => {
  it('lists the latest audit entries: user, action, module, resource, time and IP, in French', async () => {
    const user = userEvent.setup();
    const backend = backendWith();
    renderApp('/utilisateurs', { fetch: backend.fetch });
    await user.click(await screen.findByRole('tab', { name: 'Activité récente' }));
    const table = await screen.findByRole('table', { name: 'Dernières actions enregistrées au journal' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['admin', 'Création', 'Utilisateurs', 'Fatima Kawéni', '22/11/2026 09:15', '10.0.0.8'],
      ['operateur', 'Connexion', 'Connexions', 'operateur', '22/11/2026 08:00', '10.0.0.9'],
    ]);
    expect(screen.getByRole('link', { name: "Voir tout le journal d'audit" })).toHaveAttribute('href', '/audit');
    // The filters of the users list are not those of the activity.
    expect(screen.queryByLabelText('Rechercher par nom ou email')).not.toBeInTheDocument();
  });
});
