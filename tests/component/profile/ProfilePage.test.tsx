import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../support/fakeBackend';
import { renderApp } from '../renderApp';

/** Mon profil (/profil, from the user menu) with a mocked backend. */

function profileBackend(settings: Record<string, unknown> = {}) {
  const backend = fakeBackend({}, settings);
  backend.on('GET', '/api/users/me', () => ({
    body: { id: 4, username: 'operateur', email: 'operateur@mairie.test', service: 'Police Municipale', lastAccess: '2026-11-22T05:45:00.000Z', role: { id: 6, name: 'Operator' } },
  }));
  backend.on('POST', '/api/auth/change-password', (call) => {
    const { currentPassword } = call.body as { currentPassword: string };
    if (currentPassword !== 'Operateur123!') {
      return { status: 400, body: { error: { status: 400, name: 'ValidationError', message: 'The provided current password is invalid', details: { code: 'wrong_current_password' } } } };
    }
    return { body: { jwt: 'token-operateur-2', user: { id: 4, username: 'operateur' } } };
  });
  backend.sessionStorageFor('operateur');
  return backend;
}

describe('Mon profil', () => {
  it('shows the name, email, French role, service and last access of the logged-in user', async () => {
    const backend = profileBackend();
    renderApp('/profil', { fetch: backend.fetch });
    const identity = within(await screen.findByRole('region', { name: 'Informations' }));
    expect(await identity.findByText('operateur@mairie.test')).toBeInTheDocument();
    expect(identity.getByText('Opérateur')).toBeInTheDocument();
    expect(identity.getByText('Police Municipale')).toBeInTheDocument();
    expect(identity.getByText('22/11/2026 08:45')).toBeInTheDocument();
    expect(screen.getByText(/vous restez connecté ici ; vos sessions ouvertes sur d'autres appareils sont fermées/)).toBeInTheDocument();
  });

  it('checks the password change in French: current password, each rule of the policy, the confirmation', async () => {
    const user = userEvent.setup();
    const backend = profileBackend();
    renderApp('/profil', { fetch: backend.fetch });
    const form = within(await screen.findByRole('region', { name: 'Changer le mot de passe' }));
    const submit = () => user.click(form.getByRole('button', { name: 'Changer le mot de passe' }));
    const next = form.getByLabelText(/^Nouveau mot de passe/);

    await submit();
    expect(await form.findByText('Le mot de passe actuel est requis')).toBeInTheDocument();
    expect(form.getByText('Le mot de passe est requis')).toBeInTheDocument();

    await user.type(form.getByLabelText(/^Mot de passe actuel/), 'Operateur123!');
    for (const [typed, message] of [
      ['Ab1!', 'Le mot de passe doit contenir au moins 8 caractères'],
      ['ABCDEFG1!', 'Le mot de passe doit contenir une lettre minuscule'],
      ['abcdefg1!', 'Le mot de passe doit contenir une lettre majuscule'],
      ['Abcdefgh!', 'Le mot de passe doit contenir un chiffre'],
      ['Abcdefgh1', 'Le mot de passe doit contenir un caractère spécial'],
    ]) {
      await user.clear(next);
      await user.type(next, typed);
      await submit();
      expect(await form.findByText(message)).toBeInTheDocument();
    }
    const listed = form.getAllByRole('listitem').map((li) => [li.textContent?.replace(/ : .*$/, ''), li.getAttribute('data-met')]);
    expect(listed).toEqual([
      ['au moins 8 caractères', 'true'],
      ['une lettre minuscule', 'true'],
      ['une lettre majuscule', 'true'],
      ['un chiffre', 'true'],
      ['un caractère spécial', 'false'],
    ]);
    await user.clear(next);
    await user.type(next, 'Nouveau2026!');
    await user.type(form.getByLabelText(/^Confirmer le nouveau mot de passe/), 'Nouveau2026?');
    await submit();
    expect(await form.findByText('Les deux mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.path === '/api/auth/change-password')).toBe(false);
  });

  it('says a wrong current password under its field, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const backend = profileBackend();
    renderApp('/profil', { fetch: backend.fetch });
    const form = within(await screen.findByRole('region', { name: 'Changer le mot de passe' }));
    await user.type(form.getByLabelText(/^Mot de passe actuel/), 'Mauvais123!');
    await user.type(form.getByLabelText(/^Nouveau mot de passe/), 'Nouveau2026!');
    await user.type(form.getByLabelText(/^Confirmer le nouveau mot de passe/), 'Nouveau2026!');
    await user.click(form.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await form.findByText('Le mot de passe actuel est incorrect.')).toBeInTheDocument();
    expect(form.getByLabelText(/^Nouveau mot de passe/)).toHaveValue('Nouveau2026!');
    expect(localStorage.getItem('mamoudzou.auth.token')).toBe('token-operateur');
  });

  it('changes the password and keeps the user logged in with the new token', async () => {
    const user = userEvent.setup();
    const backend = profileBackend();
    renderApp('/profil', { fetch: backend.fetch });
    const form = within(await screen.findByRole('region', { name: 'Changer le mot de passe' }));
    await user.type(form.getByLabelText(/^Mot de passe actuel/), 'Operateur123!');
    await user.type(form.getByLabelText(/^Nouveau mot de passe/), 'Nouveau2026!');
    await user.type(form.getByLabelText(/^Confirmer le nouveau mot de passe/), 'Nouveau2026!');
    await user.click(form.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Votre mot de passe a été changé. Vos autres sessions ont été fermées.')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.path === '/api/auth/change-password')!.body).toEqual({ currentPassword: 'Operateur123!', password: 'Nouveau2026!', passwordConfirmation: 'Nouveau2026!' });
    expect(localStorage.getItem('mamoudzou.auth.token')).toBe('token-operateur-2');
    // The form is empty again; the page stays.
    await waitFor(() => expect(form.getByLabelText(/^Mot de passe actuel/)).toHaveValue(''));
    expect(screen.getByRole('region', { name: 'Informations' })).toBeInTheDocument();
  });
});
