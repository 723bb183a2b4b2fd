import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '../allowConsoleError';
import { fakeBackend } from '../../support/fakeBackend';
import { ROLES, serveUsers, userRow } from '../../support/usersBackend';
import { renderApp } from '../renderApp';

/** Roles that administrators manage, in the Rôles & Permissions tab: create, edit with the matrix's checkboxes, delete when nobody holds the role. */

const MODULES = ['signalements', 'contenus', 'utilisateurs'];
const ACTIONS = ['read', 'create', 'edit', 'delete', 'export'];

function backendWith() {
  const backend = fakeBackend();
  serveUsers(backend, [userRow(1, 'Admin Mairie', 'Administrator')]);
  let nextId = 20;
  type Row = { id: number; name: string; type: string; description: string; system: boolean; users: number; permissions: Record<string, string[]> };
  const roles: Row[] = [
    { id: 3, name: 'Administrator', type: 'administrator', description: 'Administrateur du back-office', system: true, users: 2, permissions: { signalements: ACTIONS, contenus: ACTIONS, utilisateurs: ['read', 'create', 'edit', 'delete'] } },
    { id: 9, name: 'Stagiaire', type: 'custom_stagiaire', description: 'Découverte', system: false, users: 0, permissions: { contenus: ['read'] } },
    { id: 10, name: 'Agents voirie', type: 'custom_agents_voirie', description: '', system: false, users: 3, permissions: { signalements: ['read', 'edit'] } },
  ];
  backend.on('GET', '/api/role-matrix', () => ({ body: { data: { modules: MODULES, actions: ACTIONS, roles: structuredClone(roles) } } }));
  backend.on('POST', '/api/users-permissions/roles', (call) => {
    const body = call.body as { name: string; description: string; grants: Record<string, string[]> };
    if (roles.some((r) => r.name.toLowerCase() === body.name.toLowerCase())) {
      return { status: 400, body: { error: { status: 400, name: 'ValidationError', message: `Un rôle s'appelle déjà « ${body.name} »`, details: { code: 'invalid_value' } } } };
    }
    const role = { id: nextId++, name: body.name, type: 'custom', description: body.description, system: false, users: 0, permissions: body.grants };
    roles.push(role);
    return { status: 201, body: { role } };
  });
  backend.on('PUT', '/api/users-permissions/roles/9', (call) => {
    const body = call.body as { name: string; description: string; grants: Record<string, string[]> };
    Object.assign(roles[1], { name: body.name, description: body.description, permissions: body.grants });
    return { body: { role: roles[1] } };
  });
  backend.sessionStorageFor('admin');
  return backend;
}

async function openRoles(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Rôles & Permissions' }));
  await screen.findByRole('region', { name: 'Stagiaire' });
}

describe('managing roles', () => {
  it('creates a role from the matrix: each checkbox named by its action and module, an action checks the reading', async () => {
    const user = userEvent.setup();
    const backend = backendWith();
    renderApp('/utilisateurs', { fetch: backend.fetch });
    await openRoles(user);
    await user.click(screen.getByRole('button', { name: 'Nouveau rôle' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouveau rôle' }));
    const name = dialog.getByRole('textbox', { name: /^Nom du rôle/ });
    expect(name).toHaveFocus();

    await user.click(dialog.getByRole('button', { name: 'Créer le rôle' }));
    expect(dialog.getByText('Le nom du rôle compte de 3 à 50 caractères')).toBeInTheDocument();
    await user.type(name, 'Médiateurs');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Répondent aux citoyens');
    await user.click(dialog.getByRole('button', { name: 'Créer le rôle' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Cochez au moins une permission');

    await user.click(dialog.getByRole('checkbox', { name: 'Modification : Signalements' }));
    expect(dialog.getByRole('checkbox', { name: 'Lecture : Signalements' })).toBeChecked();
    await user.click(dialog.getByRole('checkbox', { name: 'Export : Signalements' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Lecture : Contenus' }));
    expect(dialog.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked)).toHaveLength(4);
    await user.click(dialog.getByRole('button', { name: 'Créer le rôle' }));

    expect(await screen.findByText('Les droits du rôle « Médiateurs » s’appliquent dès maintenant.')).toBeInTheDocument();
    const created = within(await screen.findByRole('region', { name: 'Médiateurs' }));
    expect(created.getByText('Répondent aux citoyens')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'POST' && c.path === '/api/users-permissions/roles')?.body).toEqual({
      name: 'Médiateurs',
      description: 'Répondent aux citoyens',
      grants: { signalements: ['read', 'edit', 'export'], contenus: ['read'] },
    });
  });

  it('offers each module only the actions it has: no « Publication » of reports, no « Import » of the audit log', async () => {
    const user = userEvent.setup();
    const backend = backendWith();
    backend.on('GET', '/api/role-matrix', () => ({
      body: { data: { modules: ['signalements', 'contenus', 'audit'], actions: ['read', 'create', 'edit', 'delete', 'publish', 'import', 'export'], roles: [] } },
    }));
    renderApp('/utilisateurs', { fetch: backend.fetch });
    await user.click(await screen.findByRole('tab', { name: 'Rôles & Permissions' }));
    await user.click(await screen.findByRole('button', { name: 'Nouveau rôle' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouveau rôle' }));
    const offered = (module: string) =>
      dialog
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')!)
        .filter((label) => label.endsWith(`: ${module}`))
        .map((label) => label.split(' : ')[0]);
    expect(offered('Signalements')).toEqual(['Lecture', 'Création', 'Modification', 'Suppression', 'Export']);
    expect(offered('Contenus')).toEqual(['Lecture', 'Création', 'Modification', 'Suppression', 'Publication', 'Export']);
    expect(offered("Journal d'audit")).toEqual(['Lecture', 'Export']);
    const auditRow = within(dialog.getByRole('rowheader', { name: "Journal d'audit" }).closest('tr')!);
    expect(auditRow.getAllByText('Sans objet')).toHaveLength(5);
  });

  it('edits a role it made: the matrix checked as the role is, unchecking « Lecture » clears the row', async () => {
    const user = userEvent.setup();
    const backend = backendWith();
    renderApp('/utilisateurs', { fetch: backend.fetch });
    await openRoles(user);
    await user.click(screen.getByRole('button', { name: 'Modifier le rôle Stagiaire' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Modifier le rôle Stagiaire' }));
    expect(dialog.getByRole('textbox', { name: /^Nom du rôle/ })).toHaveValue('Stagiaire');
    expect(dialog.getByRole('checkbox', { name: 'Lecture : Contenus' })).toBeChecked();
    await user.click(dialog.getByRole('checkbox', { name: 'Création : Contenus' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Lecture : Contenus' }));
    expect(dialog.getByRole('checkbox', { name: 'Création : Contenus' })).not.toBeChecked();
    await user.click(dialog.getByRole('checkbox', { name: 'Suppression : Utilisateurs' }));
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Rôle modifié')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Stagiaire', description: 'Découverte', grants: { utilisateurs: ['read', 'delete'] } });
  });

  it('keeps what was typed when the backend refuses, and says why', async () => {
    const user = userEvent.setup();
    const backend = backendWith();
    allowConsoleError(/Un rôle s'appelle déjà/);
    renderApp('/utilisateurs', { fetch: backend.fetch });
    await openRoles(user);
    await user.click(screen.getByRole('button', { name: 'Nouveau rôle' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouveau rôle' }));
    await user.type(dialog.getByRole('textbox', { name: /^Nom du rôle/ }), 'stagiaire');
    await user.click(dialog.getByRole('checkbox', { name: 'Lecture : Signalements' }));
    await user.click(dialog.getByRole('button', { name: 'Créer le rôle' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Un rôle s\'appelle déjà « stagiaire »');
    expect(dialog.getByRole('textbox', { name: /^Nom du rôle/ })).toHaveValue('stagiaire');
    expect(dialog.getByRole('checkbox', { name: 'Lecture : Signalements' })).toBeChecked();
  });

  it('does not offer to delete a role someone holds, and says why', async () => {
    const user = userEvent.setup();
    renderApp('/utilisateurs', { fetch: backendWith().fetch });
    await openRoles(user);
    const held = within(screen.getByRole('region', { name: 'Agents voirie' }));
    const remove = held.getByRole('button', { name: 'Supprimer le rôle Agents voirie' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Attribué à 3 utilisateur(s) : donnez-leur d’abord un autre rôle pour pouvoir le supprimer.');
    expect(held.getByRole('button', { name: 'Modifier le rôle Agents voirie' })).toBeEnabled();
  });

  it('offers the roles administrators made in the users list’s role filter, after the system roles', async () => {
    const user = userEvent.setup();
    const backend = backendWith();
    backend.on('GET', '/api/users-permissions/roles', { body: { roles: [...ROLES, { id: 10, name: 'Agents voirie', type: 'custom_agents_voirie', description: '', nbUsers: 3 }, { id: 9, name: 'Stagiaire', type: 'custom_stagiaire', description: '', nbUsers: 0 }] } });
    renderApp('/utilisateurs', { fetch: backend.fetch });
    await screen.findByText('1 utilisateur(s) trouvé(s)');
    await user.click(screen.getByRole('combobox', { name: 'Rôle' }));
    const roles = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(roles).toEqual(['Tous', 'Administrateur', 'Super Administrateur', 'Éditeur', 'Opérateur', 'Auteur', 'Agents voirie', 'Stagiaire']);
    await user.click(screen.getByRole('option', { name: 'Agents voirie' }));
    await waitFor(() => expect(backend.calls.some((c) => c.path === '/api/users' && c.query.includes('filters[role][name][$eq]=Agents voirie'))).toBe(true));
  });
});
