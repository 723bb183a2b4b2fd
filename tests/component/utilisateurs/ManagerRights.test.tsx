import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../support/fakeBackend';
import { ROLES, serveUsers, userRow } from '../../support/usersBackend';
import { renderScreen } from '../renderApp';

/**
 * A person whose custom role manages users (« Gestion RH »: utilisateurs read, create, edit) is offered
 * only what the backend lets them do: the roles whose rights theirs covers, and in the role editor the
 * rights they hold themselves; their own role and wider ones are not theirs to change.
 */
const GESTION_RH = { id: 8, name: 'Gestion RH', type: 'custom_gestion_rh', description: '', nbUsers: 1, grants: { utilisateurs: ['read', 'create', 'edit'] } };
const LECTEURS_RH = { id: 9, name: 'Lecteurs RH', type: 'custom_lecteurs_rh', description: '', nbUsers: 0, grants: { utilisateurs: ['read'] } };
const TOUT_PUISSANT = { id: 10, name: 'Tout Puissant', type: 'custom_tout_puissant', description: '', nbUsers: 0, grants: { utilisateurs: ['read'], audit: ['read'], maintenance: ['read'] } };

const MODULES = ['signalements', 'utilisateurs', 'audit'];
const ACTIONS = ['read', 'create', 'edit', 'delete'];

function managerBackend() {
  const backend = fakeBackend();
  serveUsers(backend, [
    userRow(1, 'Admin Mairie', 'Administrator'),
    userRow(12, 'Responsable RH', 'Operator', { role: { id: 8, name: 'Gestion RH' } }),
    userRow(13, 'Agent RH', 'Operator', { role: { id: 9, name: 'Lecteurs RH' } }),
  ]);
  backend.on('GET', '/api/users-permissions/roles', { body: { roles: [...ROLES, GESTION_RH, LECTEURS_RH, TOUT_PUISSANT] } });
  const row = (role: typeof GESTION_RH, users: number) => ({ id: role.id, name: role.name, type: role.type, description: '', system: false, users, permissions: role.grants });
  backend.on('GET', '/api/role-matrix', {
    body: {
      data: {
        modules: MODULES,
        actions: ACTIONS,
        roles: [
          { id: 3, name: 'Administrator', type: 'administrator', description: '', system: true, users: 1, permissions: { signalements: ACTIONS, utilisateurs: ACTIONS, audit: ['read'] } },
          row(GESTION_RH, 1),
          row(LECTEURS_RH, 0),
          row(TOUT_PUISSANT, 0),
        ],
      },
    },
  });
  // Signed in with the custom role: the session as the login stored it, and /users/me answering it.
  const me = { id: 12, username: 'Responsable RH', email: 'rh@mairie.test', role: GESTION_RH };
  localStorage.setItem('mamoudzou.auth.token', 'token-rh');
  localStorage.setItem('mamoudzou.auth.user', JSON.stringify(me));
  backend.on('GET', '/api/users/me', { body: me });
  return backend;
}

describe('a custom role that manages users is offered only the rights it holds', () => {
  it('« Nouvel utilisateur » offers only the roles whose rights its own covers, and says so', async () => {
    const user = userEvent.setup();
    renderScreen('/utilisateurs', { fetch: managerBackend().fetch });
    await user.click(await screen.findByRole('button', { name: 'Nouvel utilisateur' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouvel utilisateur' }));
    const select = await dialog.findByRole('combobox', { name: /^Rôle/ });
    expect(dialog.getByText('Seuls les rôles dont votre rôle a tous les droits sont proposés ; un rôle d’administrateur, seulement aux administrateurs.')).toBeInTheDocument();
    await user.click(select);
    const offered = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Gestion RH', 'Lecteurs RH']);
  });

  it('the role editor greys the rights it lacks, with the reason; its own role and a wider one are not its to change', async () => {
    const user = userEvent.setup();
    renderScreen('/utilisateurs?vue=roles', { fetch: managerBackend().fetch });
    const own = within(await screen.findByRole('region', { name: 'Gestion RH' }));
    const editOwn = own.getByRole('button', { name: 'Modifier le rôle Gestion RH' });
    expect(editOwn).toBeDisabled();
    expect(editOwn).toHaveAccessibleDescription('C’est votre propre rôle : demandez à un administrateur de le modifier.');
    const wider = within(screen.getByRole('region', { name: 'Tout Puissant' }));
    expect(wider.getByRole('button', { name: 'Modifier le rôle Tout Puissant' })).toHaveAccessibleDescription('Ce rôle a des droits que le vôtre n’a pas : vous ne pouvez ni le modifier ni le supprimer.');
    expect(wider.getByRole('button', { name: 'Modifier le rôle Tout Puissant' })).toBeDisabled();

    await user.click(within(screen.getByRole('region', { name: 'Lecteurs RH' })).getByRole('button', { name: 'Modifier le rôle Lecteurs RH' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Modifier le rôle Lecteurs RH' }));
    expect(dialog.getByText(/Les cases grisées sont des droits que votre rôle n’a pas : vous ne pouvez pas les donner\.$/)).toBeInTheDocument();
    for (const held of ['Lecture : Utilisateurs', 'Création : Utilisateurs', 'Modification : Utilisateurs']) expect(dialog.getByRole('checkbox', { name: held })).toBeEnabled();
    for (const lacked of ['Suppression : Utilisateurs', 'Lecture : Signalements', "Lecture : Journal d'audit"]) expect(dialog.getByRole('checkbox', { name: lacked })).toBeDisabled();
  });

  it('sets no password: a colleague’s is an administrator’s to set, its own is changed from « Mon profil »', async () => {
    renderScreen('/utilisateurs/13/edit', { fetch: managerBackend().fetch });
    const colleague = within(await screen.findByRole('dialog', { name: "Modifier l'utilisateur" }));
    expect(await colleague.findByText('Seul un administrateur définit le mot de passe d’un autre compte ; la personne peut choisir le sien avec « Mot de passe oublié ? ».')).toBeInTheDocument();
    expect(colleague.queryByLabelText('Nouveau mot de passe')).not.toBeInTheDocument();
  });
});

describe('a custom role that manages users acts only on the accounts its rights cover', () => {
  it('offers no action on an administrator’s account (the backend refuses them), and the usual ones on an account it covers', async () => {
    const user = userEvent.setup();
    renderScreen('/utilisateurs', { fetch: managerBackend().fetch });
    const table = await screen.findByRole('table', { name: 'Liste des utilisateurs' });
    await within(table).findByText('Admin Mairie');
    expect(screen.queryByRole('button', { name: 'Actions pour « Admin Mairie »' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions pour « Agent RH »' }));
    const offered = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(offered).toEqual(expect.arrayContaining(['Modifier', 'Suspendre']));
  });
});

describe('an administrator editing their own account', () => {
  it('is sent to « Mon profil » for their password', async () => {
    const backend = fakeBackend();
    serveUsers(backend, [userRow(1, 'Admin Mairie', 'Administrator'), userRow(2, 'Fatima Kawéni', 'Operator')]);
    backend.sessionStorageFor('admin');
    renderScreen('/utilisateurs/1/edit', { fetch: backend.fetch });
    const dialog = within(await screen.findByRole('dialog', { name: "Modifier l'utilisateur" }));
    expect(await dialog.findByText('Votre mot de passe se change depuis « Mon profil », avec le mot de passe actuel.')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Nouveau mot de passe')).not.toBeInTheDocument();
  });
});
