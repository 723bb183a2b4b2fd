import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../support/fakeBackend';
import { serveUsers, userRow } from '../../support/usersBackend';
import { renderAtUrl } from '../renderAtUrl';

/** /utilisateurs by address: the Utilisateurs, Rôles & Permissions (?vue=roles) and Activité récente (?vue=activite) tabs, the list's filters. */

const MATRIX = {
  modules: ['signalements', 'utilisateurs'],
  actions: ['read', 'create', 'edit', 'delete', 'export'],
  roles: [{ id: 6, name: 'Operator', type: 'operator', description: 'Opérateur du back-office', system: true, users: 1, permissions: { signalements: ['read'] } }],
};

function open(url: string) {
  const backend = fakeBackend({
    'audit-logs': [{ id: 1, documentId: 'a1', userName: 'admin', role: 'Administrator', action: 'create', module: 'utilisateurs', resourceLabel: 'Fatima Kawéni', timestamp: '2026-11-22T06:15:00.000Z', ip: '10.0.0.8' }],
  });
  serveUsers(backend, [userRow(1, 'Admin Mairie', 'Administrator'), userRow(2, 'Fatima Kawéni', 'Operator', { status: 'suspendu' }), userRow(3, 'Ali Madi', 'Operator')]);
  backend.on('GET', '/api/role-matrix', { body: { data: MATRIX } });
  backend.sessionStorageFor('admin');
  return renderAtUrl(url, { fetch: backend.fetch });
}

describe('users and roles by address', { timeout: 90_000 }, () => {
  it('opens the Rôles & Permissions tab; the tabs write the address; a reload keeps the tab', async () => {
    const user = userEvent.setup();
    const app = open('/utilisateurs?vue=roles');
    expect(await screen.findByRole('region', { name: 'Opérateur' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rôles & Permissions' })).toHaveAttribute('aria-selected', 'true');
    app.reload();
    expect(await screen.findByRole('region', { name: 'Opérateur' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rôles & Permissions' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Activité récente' }));
    expect(await screen.findByRole('table', { name: 'Dernières actions enregistrées au journal' })).toBeInTheDocument();
    expect(app.url()).toBe('/utilisateurs?vue=activite');
    await user.click(screen.getByRole('tab', { name: /^Utilisateurs/ }));
    expect(await screen.findByText('3 utilisateur(s) trouvé(s)')).toBeInTheDocument();
    expect(app.url()).toBe('/utilisateurs');
  });

  it('"Gérer les rôles" goes to the address of the roles tab', async () => {
    const user = userEvent.setup();
    const app = open('/utilisateurs');
    await screen.findByText('3 utilisateur(s) trouvé(s)');
    // The header's button is a chunk of its own: it may show after the list.
    await user.click(await screen.findByRole('button', { name: 'Gérer les rôles' }));
    expect(await screen.findByRole('region', { name: 'Opérateur' })).toBeInTheDocument();
    expect(app.url()).toBe('/utilisateurs?vue=roles');
    expect(screen.getByRole('tab', { name: 'Rôles & Permissions' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the Activité récente tab from its address', async () => {
    open('/utilisateurs?vue=activite');
    expect(await screen.findByRole('table', { name: 'Dernières actions enregistrées au journal' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activité récente' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a users address with a search and a role shows those accounts, and the filters show those values; a reload keeps them', async () => {
    const app = open(`/utilisateurs?filter=${encodeURIComponent(JSON.stringify({ q: 'kaweni', 'role.name': 'Operator' }))}`);
    expect(await screen.findByText('1 utilisateur(s) trouvé(s)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Rechercher par nom ou email' })).toHaveValue('kaweni');
    expect(screen.getByRole('combobox', { name: 'Rôle' })).toHaveTextContent('Opérateur');
    expect(screen.getByText('Fatima Kawéni')).toBeInTheDocument();
    app.reload();
    expect(await screen.findByText('1 utilisateur(s) trouvé(s)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Fatima Kawéni')).toBeInTheDocument());
    expect(screen.queryByText('Ali Madi')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rôle' })).toHaveTextContent('Opérateur');
  });
});
