import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../support/fakeBackend';
import { serveUsers, userRow } from '../../support/usersBackend';
import { renderApp } from '../renderApp';

/** An administrator resets a person's two-factor from the users list (a lost phone). */
function backendWith() {
  const backend = fakeBackend();
  serveUsers(backend, [userRow(1, 'Admin Mairie', 'Administrator'), userRow(12, 'Fatima Kawéni', 'Operator'), userRow(13, 'Saïd Ali', 'Author')]);
  const state: Record<number, { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number }> = {
    12: { enabled: true, enabledAt: '2026-11-02T05:00:00.000Z', recoveryCodesLeft: 8 },
    13: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
  };
  backend.on('GET', '/api/users/12/two-factor', () => ({ body: { data: state[12] } }));
  backend.on('GET', '/api/users/13/two-factor', () => ({ body: { data: state[13] } }));
  backend.on('POST', '/api/users/12/two-factor/reset', () => {
    state[12] = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
    return { body: { data: state[12] } };
  });
  backend.sessionStorageFor('admin');
  return backend;
}

describe('Réinitialiser la double authentification', () => {
  it('shows the person’s two-factor, asks to confirm, resets it', async () => {
    const user = userEvent.setup();
    const backend = backendWith();
    renderApp('/utilisateurs', { fetch: backend.fetch });
    await user.click(await screen.findByRole('button', { name: 'Actions pour « Fatima Kawéni »' }));
    await user.click(screen.getByRole('menuitem', { name: 'Réinitialiser la double authentification' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Réinitialiser la double authentification' }));
    expect(await dialog.findByText('Double authentification de Fatima Kawéni : activée depuis le 02/11/2026 08:00, 8 code(s) de secours restant(s).')).toBeInTheDocument();
    expect(dialog.getByText(/ses sessions fermées/)).toBeInTheDocument();
    // A destructive action: Annuler has the focus, Enter does not reset by accident.
    expect(dialog.getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText('Double authentification réinitialisée')).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.method === 'POST' && c.path === '/api/users/12/two-factor/reset')).toHaveLength(1);
  });

  it('says there is nothing to reset for a person without two-factor', async () => {
    const user = userEvent.setup();
    renderApp('/utilisateurs', { fetch: backendWith().fetch });
    await user.click(await screen.findByRole('button', { name: 'Actions pour « Saïd Ali »' }));
    await user.click(screen.getByRole('menuitem', { name: 'Réinitialiser la double authentification' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Réinitialiser la double authentification' }));
    expect(await dialog.findByText('Saïd Ali n’a pas activé la double authentification : il n’y a rien à réinitialiser.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Réinitialiser' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Fermer' })).toBeEnabled();
  });
});
