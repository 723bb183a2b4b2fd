import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../support/fakeBackend';
import { serveUsers, userRow } from '../../support/usersBackend';
import { renderScreen } from '../renderApp';

/** /utilisateurs (Utilisateurs & Rôles) with a mocked backend. */

function usersBackend(settings: Record<string, unknown> = {}, account: 'admin' | 'editeur' = 'admin') {
  const backend = fakeBackend({}, settings);
  const rows = [
    userRow(1, 'Admin Mairie', 'Administrator', { service: 'Communication', lastAccess: '2026-11-20T07:30:00.000Z' }),
    userRow(2, 'Fatima Kawéni', 'Operator', { service: 'Police Municipale' }),
    userRow(3, 'Saïd Ali', 'Author', { service: 'Communication', status: 'suspendu' }),
    userRow(4, 'Zaïnaba Mtsapéré', 'Editor', { service: 'Urbanisme' }),
  ];
  serveUsers(backend, rows);
  backend.sessionStorageFor(account);
  return { backend, rows };
}

const usersQueries = (backend: ReturnType<typeof fakeBackend>) => backend.calls.filter((c) => c.method === 'GET' && c.path === '/api/users').map((c) => c.query);
const table = () => screen.getByRole('table', { name: 'Liste des utilisateurs' });

describe('Utilisateurs & Rôles: the users', () => {
  it('an invited account is not counted « Actif » until its person chose a password', async () => {
    const { backend, rows } = usersBackend();
    rows.push(userRow(5, 'Invitée Cavani', 'Editor', { invitationPending: true }));
    renderScreen('/utilisateurs', { fetch: backend.fetch });
    const figures = within(await screen.findByRole('list', { name: 'Chiffres clés' }));
    await waitFor(() => expect(figures.getByText('Total').nextSibling).toHaveTextContent('5'));
    await waitFor(() => expect(figures.getByText('Actifs').nextSibling).toHaveTextContent('3'));
  });

  it('shows the counters from the backend and each account with its avatar, email, service, French role, status and "Jamais"', async () => {
    const { backend } = usersBackend();
    renderScreen('/utilisateurs', { fetch: backend.fetch });
    expect(await screen.findByText('4 utilisateur(s) trouvé(s)')).toBeInTheDocument();
    const figures = within(screen.getByRole('list', { name: 'Chiffres clés' }));
    await waitFor(() => expect(figures.getByText('Total').nextSibling).toHaveTextContent('4'));
    await waitFor(() => expect(figures.getByText('Actifs').nextSibling).toHaveTextContent('3'));
    expect(figures.getByText('Suspendus').nextSibling).toHaveTextContent('1');
    expect(figures.getByText('Inactifs').nextSibling).toHaveTextContent('0');
    expect(backend.calls.some((c) => c.path === '/api/users/count' && c.query.includes('filters[status][$eq]=suspendu'))).toBe(true);

    expect(screen.getByRole('tab', { name: 'Utilisateurs (4)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Rôles & Permissions' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activité récente' })).toBeInTheDocument();

    const headers = within(table()).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Utilisateur', 'Service', 'Rôle', 'Statut', 'Dernier accès']));
    const fatima = within(await within(table()).findByText('Fatima Kawéni').then((cell) => cell.closest('tr')!));
    expect(await fatima.findByText('fatima.kaw.ni@mairie.test')).toBeInTheDocument();
    expect(fatima.getByText('FK')).toBeInTheDocument();
    expect(fatima.getByText('Police Municipale')).toBeInTheDocument();
    expect(fatima.getByText('Opérateur')).toBeInTheDocument();
    expect(fatima.getByText('Actif')).toBeInTheDocument();
    expect(fatima.getByText('Jamais')).toBeInTheDocument();
    const admin = within(within(table()).getByText('Admin Mairie').closest('tr')!);
    expect(admin.getByText('Administrateur')).toBeInTheDocument();
    expect(admin.getByText('20/11/2026 10:30')).toBeInTheDocument();
    expect(within(table()).queryByText('Operator')).not.toBeInTheDocument();
  });

  it('an Editor reads the accounts and the roles, and manages none of them (the matrix: utilisateurs read; the audit log is an administrator\'s)', async () => {
    const { backend } = usersBackend({}, 'editeur');
    renderScreen('/utilisateurs', { fetch: backend.fetch });
    expect(await within(await screen.findByRole('table', { name: 'Liste des utilisateurs' })).findByText('Fatima Kawéni')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rôles & Permissions' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Activité récente' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvel utilisateur' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions pour « Fatima Kawéni »' })).not.toBeInTheDocument();
    expect(backend.calls.some((c) => c.path === '/api/audit-logs')).toBe(false);
  });

  it('searches by name or email without accents and filters by status, role and service on the backend', async () => {
    const user = userEvent.setup();
    const { backend } = usersBackend();
    renderScreen('/utilisateurs', { fetch: backend.fetch });
    await screen.findByText('4 utilisateur(s) trouvé(s)');

    await user.type(screen.getByLabelText('Rechercher par nom ou email'), 'kaweni');
    expect(await screen.findByText('1 utilisateur(s) trouvé(s)')).toBeInTheDocument();
    expect(within(table()).getByText('Fatima Kawéni')).toBeInTheDocument();
    expect(usersQueries(backend).at(-1)).toContain('search=kaweni');
    await user.clear(screen.getByLabelText('Rechercher par nom ou email'));
    await screen.findByText('4 utilisateur(s) trouvé(s)');

    await user.click(screen.getByRole('combobox', { name: 'Rôle' }));
    const roles = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(roles).toEqual(['Tous', 'Administrateur', 'Super Administrateur', 'Éditeur', 'Opérateur', 'Auteur']);
    await user.click(screen.getByRole('option', { name: 'Auteur' }));
    expect(await screen.findByText('1 utilisateur(s) trouvé(s)')).toBeInTheDocument();
    expect(within(table()).getByText('Saïd Ali')).toBeInTheDocument();
    expect(usersQueries(backend).at(-1)).toContain('filters[role][name][$eq]=Author');

    await user.click(screen.getByRole('combobox', { name: 'Rôle' }));
    await user.click(screen.getByRole('option', { name: 'Tous' }));
    await user.click(screen.getByRole('combobox', { name: 'Service' }));
    await user.click(screen.getByRole('option', { name: 'Communication' }));
    expect(await screen.findByText('2 utilisateur(s) trouvé(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    await user.click(screen.getByRole('option', { name: 'Suspendu' }));
    expect(await screen.findByText('1 utilisateur(s) trouvé(s)')).toBeInTheDocument();
    expect(usersQueries(backend).at(-1)).toContain('filters[service][$eq]=Communication');
    expect(usersQueries(backend).at(-1)).toContain('filters[status][$eq]=suspendu');
  });

  it('"Nouvel utilisateur": the password rules shown as typed, one French message per broken rule, only the five French roles', async () => {
    const user = userEvent.setup();
    const { backend, rows } = usersBackend();
    renderScreen('/utilisateurs', { fetch: backend.fetch });
    await screen.findByText('4 utilisateur(s) trouvé(s)');
    await user.click(screen.getByRole('button', { name: 'Nouvel utilisateur' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouvel utilisateur' }));
    await user.type(dialog.getByLabelText(/^Nom/), 'Ahmed Cavani');
    await user.type(dialog.getByLabelText(/^Email/), 'ahmed.cavani@mairie.test');

    const password = await dialog.findByLabelText(/^Mot de passe/);
    const rules = () => Object.fromEntries(dialog.getAllByRole('listitem').map((li) => [li.getAttribute('data-rule'), li.getAttribute('data-met') === 'true']));
    expect(rules()).toEqual({ minLength: false, lowercase: false, uppercase: false, digit: false, symbol: false });
    expect(dialog.getByText('au moins 8 caractères')).toBeInTheDocument();

    // Each password breaks one more rule less; the form says the first broken one, in French.
    const cases: [string, string][] = [
      ['Ab1!', 'Le mot de passe doit contenir au moins 8 caractères'],
      ['ABCDEFG1!', 'Le mot de passe doit contenir une lettre minuscule'],
      ['abcdefg1!', 'Le mot de passe doit contenir une lettre majuscule'],
      ['Abcdefgh!', 'Le mot de passe doit contenir un chiffre'],
      ['Abcdefgh1', 'Le mot de passe doit contenir un caractère spécial'],
    ];
    for (const [typed, message] of cases) {
      await user.clear(password);
      await user.type(password, typed);
      await user.click(dialog.getByRole('button', { name: "Créer l'utilisateur" }));
      expect(await dialog.findByText(message)).toBeInTheDocument();
      expect(dialog.queryByText('Ce champ est requis', { selector: 'p' })).not.toBeInTheDocument();
    }
    expect(rules()).toEqual({ minLength: true, lowercase: true, uppercase: true, digit: true, symbol: false });
    await user.clear(password);
    await user.type(password, 'Cavani2026!');
    expect(rules()).toEqual({ minLength: true, lowercase: true, uppercase: true, digit: true, symbol: true });

    await user.click(dialog.getByRole('button', { name: "Créer l'utilisateur" }));
    expect(await dialog.findByText('Le rôle est requis')).toBeInTheDocument();
    await user.click(dialog.getByRole('combobox', { name: /^Rôle/ }));
    const offered = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Administrateur', 'Super Administrateur', 'Éditeur', 'Opérateur', 'Auteur']);
    await user.click(screen.getByRole('option', { name: 'Opérateur' }));
    await user.click(dialog.getByRole('combobox', { name: /^Service/ }));
    await user.click(screen.getByRole('option', { name: 'Urbanisme' }));
    await user.click(dialog.getByRole('button', { name: "Créer l'utilisateur" }));

    expect(await screen.findByText('Le compte a été créé.')).toBeInTheDocument();
    const post = backend.calls.find((c) => c.method === 'POST' && c.path === '/api/users')!;
    expect(post.body).toEqual({ username: 'Ahmed Cavani', email: 'ahmed.cavani@mairie.test', password: 'Cavani2026!', role: 6, service: 'Urbanisme', status: 'actif', confirmed: true, invitation: false });
    expect(rows.at(-1)).toMatchObject({ username: 'Ahmed Cavani', role: { name: 'Operator' } });
  }, 60_000); // about 70 keystrokes and seven validations: longer than a screen's usual test on a busy machine

  it('"Nouvel utilisateur" with an invitation: no password to type, the person chooses it from the mailed link', async () => {
    const user = userEvent.setup();
    const { backend } = usersBackend();
    renderScreen('/utilisateurs/create', { fetch: backend.fetch });
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouvel utilisateur' }));
    await user.type(dialog.getByLabelText(/^Nom/), 'Mariama Soilihi');
    await user.type(dialog.getByLabelText(/^Email/), 'mariama.soilihi@mairie.test');
    // Without an invitation the password is required.
    await user.click(dialog.getByRole('combobox', { name: /^Rôle/ }));
    await user.click(screen.getByRole('option', { name: 'Éditeur' }));
    await user.click(dialog.getByRole('button', { name: "Créer l'utilisateur" }));
    expect(await dialog.findByText('Ce champ est requis')).toBeInTheDocument();
    expect(dialog.getByText('La personne reçoit un lien, valable 72 heures, pour choisir elle-même son mot de passe.')).toBeInTheDocument();
    await user.click(dialog.getByLabelText('Envoyer une invitation par e-mail'));
    expect(dialog.queryByLabelText(/^Mot de passe/)).not.toBeInTheDocument();
    expect(dialog.getByText('Pas de mot de passe à saisir : la personne le choisira depuis le lien reçu par e-mail.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: "Créer l'utilisateur" }));
    expect(await screen.findByText('Le compte a été créé.')).toBeInTheDocument();
    const post = backend.calls.find((c) => c.method === 'POST' && c.path === '/api/users')!;
    expect(post.body).toMatchObject({ username: 'Mariama Soilihi', email: 'mariama.soilihi@mairie.test', invitation: true });
    expect(post.body).not.toHaveProperty('password');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvel utilisateur' })).not.toBeInTheDocument());
  });

  it('an invited account shows « Invitation envoyée » until its password is chosen, with « Renvoyer l\'invitation »', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend({}, {});
    serveUsers(backend, [userRow(1, 'Admin Mairie', 'Administrator'), userRow(7, 'Mariama Soilihi', 'Editor', { invitationPending: true })]);
    backend.sessionStorageFor('admin');
    backend.on('POST', '/api/invitations', { status: 202, body: { ok: true } });
    renderScreen('/utilisateurs', { fetch: backend.fetch });
    const row = within(await within(await screen.findByRole('table', { name: 'Liste des utilisateurs' })).findByText('Mariama Soilihi').then((cell) => cell.closest('tr')!));
    expect(row.getByText('Invitation envoyée')).toBeInTheDocument();
    const admin = within(screen.getByText('Admin Mairie').closest('tr')!);
    expect(admin.queryByText('Invitation envoyée')).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: /Actions pour/ }));
    await user.click(await screen.findByRole('menuitem', { name: "Renvoyer l'invitation" }));
    const confirm = within(await screen.findByRole('dialog', { name: "Renvoyer l'invitation" }));
    expect(confirm.getByText(/Mariama Soilihi recevra un nouveau lien, valable 72 heures/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByText('Un nouveau lien a été envoyé par e-mail.')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'POST' && c.path === '/api/invitations')?.body).toEqual({ user: 7 });
  });

  it('follows the settings: a 12-character minimum without complexity', async () => {
    const user = userEvent.setup();
    const { backend } = usersBackend({ passwordMinLength: 12, requirePasswordComplexity: false });
    renderScreen('/utilisateurs/create', { fetch: backend.fetch });
    const dialog = within(await screen.findByRole('dialog', { name: 'Nouvel utilisateur' }));
    await waitFor(() => expect(dialog.getByText('au moins 12 caractères')).toBeInTheDocument());
    expect(dialog.queryByText('une lettre majuscule')).not.toBeInTheDocument();
    await user.type(await dialog.findByLabelText(/^Mot de passe/), 'motdepasse');
    await user.click(dialog.getByRole('button', { name: "Créer l'utilisateur" }));
    expect(await dialog.findByText('Le mot de passe doit contenir au moins 12 caractères')).toBeInTheDocument();
  });

  it('edits the role, service and status of an account; a new password is optional and under the policy', async () => {
    const user = userEvent.setup();
    const { backend, rows } = usersBackend();
    renderScreen('/utilisateurs/2/edit', { fetch: backend.fetch });
    const dialog = within(await screen.findByRole('dialog', { name: "Modifier l'utilisateur" }));
    await waitFor(() => expect(dialog.getByRole('combobox', { name: /^Rôle/ })).toHaveTextContent('Opérateur'));
    const password = await dialog.findByLabelText('Nouveau mot de passe');
    expect(password).not.toBeRequired();
    expect(dialog.getByText(/Laisser vide pour garder le mot de passe actuel/)).toBeInTheDocument();
    await user.click(dialog.getByRole('combobox', { name: /^Rôle/ }));
    await user.click(screen.getByRole('option', { name: 'Éditeur' }));
    await user.click(dialog.getByRole('combobox', { name: /^Statut/ }));
    await user.click(screen.getByRole('option', { name: 'Inactif' }));
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les modifications ont été enregistrées.')).toBeInTheDocument();
    const put = backend.calls.find((c) => c.method === 'PUT' && c.path === '/api/users/2')!;
    expect(put.body).toEqual({ role: 5, status: 'inactif' });
    expect(rows[1]).toMatchObject({ status: 'inactif', role: { name: 'Editor' } });

    // A new password set by the administrator: under the policy.
    backend.reset();
    renderScreen('/utilisateurs/3/edit', { fetch: backend.fetch });
    const again = within((await screen.findAllByRole('dialog', { name: "Modifier l'utilisateur" })).at(-1)!);
    await user.type(await again.findByLabelText('Nouveau mot de passe'), 'court');
    await user.click(again.getByRole('button', { name: 'Enregistrer' }));
    expect(await again.findByText('Le mot de passe doit contenir au moins 8 caractères')).toBeInTheDocument();
    await user.clear(again.getByLabelText('Nouveau mot de passe'));
    await user.type(again.getByLabelText('Nouveau mot de passe'), 'Remplace2026!');
    await user.click(again.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(backend.calls.find((c) => c.method === 'PUT' && c.path === '/api/users/3')?.body).toEqual({ password: 'Remplace2026!' }));
  });

  it('suspends an account after a confirmation, and reactivates it', async () => {
    const user = userEvent.setup();
    const { backend, rows } = usersBackend();
    renderScreen('/utilisateurs', { fetch: backend.fetch });
    await screen.findByText('4 utilisateur(s) trouvé(s)');
    await user.click(screen.getByRole('button', { name: 'Actions pour « Fatima Kawéni »' }));
    expect(screen.queryByRole('menuitem', { name: 'Réactiver' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Suspendre' }));
    const confirm = within(await screen.findByRole('dialog', { name: "Suspendre l'utilisateur" }));
    expect(confirm.getByText(/Fatima Kawéni ne pourra plus se connecter/)).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(confirm.getByRole('button', { name: 'Suspendre' }));
    expect(await screen.findByText("Le compte est suspendu : l'utilisateur a été déconnecté.")).toBeInTheDocument();
    expect(rows[1].status).toBe('suspendu');

    await user.click(screen.getByRole('button', { name: 'Actions pour « Saïd Ali »' }));
    expect(screen.queryByRole('menuitem', { name: 'Suspendre' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Réactiver' }));
    await user.click(within(await screen.findByRole('dialog', { name: "Réactiver l'utilisateur" })).getByRole('button', { name: 'Réactiver' }));
    expect(await screen.findByText('Le compte est de nouveau actif.')).toBeInTheDocument();
    expect(rows[2].status).toBe('actif');
  });
});
