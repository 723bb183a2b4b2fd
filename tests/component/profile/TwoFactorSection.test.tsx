import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeBackend } from '../../support/fakeBackend';
import { renderApp } from '../renderApp';

/** « Double authentification » in Mon profil, against a mocked backend that keeps its state. */
const RECOVERY = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

function profileBackend(initial: { enabled: boolean; required?: boolean }) {
  const backend = fakeBackend();
  const state = { enabled: initial.enabled, enabledAt: initial.enabled ? '2026-11-20T06:30:00.000Z' : null, recoveryCodesLeft: initial.enabled ? 7 : 0, required: !!initial.required };
  backend.on('GET', '/api/users/me', { body: { id: 4, username: 'operateur', email: 'operateur@mairie.test', role: { id: 6, name: 'Operator', type: 'operator' } } });
  backend.on('GET', '/api/auth/mfa', () => ({ body: { ...state } }));
  // An account that has two-factor gives a current code first, as the backend asks.
  backend.on('POST', '/api/auth/mfa/setup', (call) => {
    if (state.enabled && (call.body as { code?: string }).code !== '135790') return { status: 400, body: { error: { status: 400, message: 'Code incorrect : saisissez le code à 6 chiffres de votre application, ou un code de secours.', details: { code: 'two_factor' } } } };
    return { body: { secret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU', otpauthUrl: 'otpauth://totp/Mamoudzou:operateur%40mairie.test?secret=KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU&issuer=Mamoudzou' } };
  });
  backend.on('POST', '/api/auth/mfa/enable', (call) => {
    if ((call.body as { code: string }).code !== '246810') return { status: 400, body: { error: { status: 400, message: 'Code incorrect : saisissez le code à 6 chiffres de votre application, ou un code de secours.', details: { code: 'two_factor' } } } };
    Object.assign(state, { enabled: true, enabledAt: '2026-11-25T08:00:00.000Z', recoveryCodesLeft: 10 });
    return { body: { recoveryCodes: RECOVERY } };
  });
  backend.on('POST', '/api/auth/mfa/disable', (call) => {
    if ((call.body as { code: string }).code !== '135790') return { status: 400, body: { error: { status: 400, message: 'Code incorrect : saisissez le code à 6 chiffres de votre application, ou un code de secours.', details: { code: 'two_factor' } } } };
    Object.assign(state, { enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    return { status: 204 };
  });
  backend.sessionStorageFor('operateur');
  return backend;
}

describe('Mon profil: double authentification', () => {
  it('enrols: QR code and key, a code to confirm, ten recovery codes shown once, then the state', async () => {
    const user = userEvent.setup();
    const backend = profileBackend({ enabled: false });
    renderApp('/profil', { fetch: backend.fetch });
    const section = within(await screen.findByRole('region', { name: 'Double authentification' }));
    expect(await section.findByText('Non activée')).toBeInTheDocument();
    expect(section.getByText('Seul le mot de passe protège ce compte.')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Activer la double authentification' }));
    expect(await section.findByRole('img', { name: 'QR code à scanner avec votre application d’authentification' })).toBeInTheDocument();
    expect(section.getByLabelText('Clé à saisir à la main')).toHaveTextContent('KRSX G5CT MVRX EZLU KRSX G5CT MVRX EZLU');
    const steps = section.getByRole('list', { name: 'Étapes' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);

    await user.type(section.getByLabelText('Code à 6 chiffres'), '000000');
    await user.click(section.getByRole('button', { name: 'Activer' }));
    expect(await section.findByRole('alert')).toHaveTextContent(/^Code incorrect/);
    await user.type(section.getByLabelText('Code à 6 chiffres'), '246 810');
    await user.click(section.getByRole('button', { name: 'Activer' }));

    await vi.waitFor(() => expect(section.getByRole('heading', { name: 'Vos codes de secours' })).toHaveFocus());
    const codes = section.getByRole('list', { name: 'Codes de secours' });
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(RECOVERY);
    expect(section.getByRole('button', { name: 'Télécharger les codes' })).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Terminer' }));
    expect(await screen.findByText('Double authentification activée')).toBeInTheDocument();
    expect(await section.findByText('Depuis le 25/11/2026 11:00.')).toBeInTheDocument();
    expect(section.getByText('Codes de secours restants : 10 sur 10.')).toBeInTheDocument();
    await vi.waitFor(() => expect(section.getByRole('button', { name: 'Reconfigurer' })).toHaveFocus());
    expect(section.queryByRole('list', { name: 'Codes de secours' })).not.toBeInTheDocument();
    expect(backend.calls.find((c) => c.path === '/api/auth/mfa/enable' && (c.body as { code: string }).code === '246810')?.headers.Authorization).toBe('Bearer token-operateur');
  });

  it('turns it off with a code, the dialog saying a wrong one', async () => {
    const user = userEvent.setup();
    const backend = profileBackend({ enabled: true });
    renderApp('/profil', { fetch: backend.fetch });
    const section = within(await screen.findByRole('region', { name: 'Double authentification' }));
    expect(await section.findByText('Depuis le 20/11/2026 09:30.')).toBeInTheDocument();
    expect(section.getByText('Codes de secours restants : 7 sur 10.')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Désactiver' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Désactiver la double authentification' }));
    const code = dialog.getByLabelText(/^Code/);
    expect(code).toHaveFocus();
    await user.type(code, '999999');
    await user.click(dialog.getByRole('button', { name: 'Désactiver' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^Code incorrect/);
    await user.clear(code);
    await user.type(code, '135790{Enter}');
    expect(await screen.findByText('Double authentification désactivée')).toBeInTheDocument();
    expect(await section.findByText('Non activée')).toBeInTheDocument();
  });

  it('« Reconfigurer » asks a current code of the app before it gives a new key', async () => {
    const user = userEvent.setup();
    const backend = profileBackend({ enabled: true });
    renderApp('/profil', { fetch: backend.fetch });
    const section = within(await screen.findByRole('region', { name: 'Double authentification' }));
    await user.click(await section.findByRole('button', { name: 'Reconfigurer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reconfigurer la double authentification' }));
    expect(dialog.getByText('Saisissez un code de votre application actuelle (ou un code de secours) : une nouvelle clé vous sera ensuite donnée.')).toBeInTheDocument();
    const code = dialog.getByLabelText(/^Code actuel/);
    expect(code).toHaveFocus();
    await user.type(code, '999999');
    await user.click(dialog.getByRole('button', { name: 'Continuer' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/^Code incorrect/);
    expect(section.queryByLabelText('Clé à saisir à la main')).not.toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '135790{Enter}');

    expect(await section.findByRole('img', { name: 'QR code à scanner avec votre application d’authentification' })).toBeInTheDocument();
    expect(section.getByLabelText('Clé à saisir à la main')).toHaveTextContent('KRSX G5CT MVRX EZLU KRSX G5CT MVRX EZLU');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // One key asked, with the current code: the enrolment shows it rather than asking another.
    expect(backend.calls.filter((c) => c.path === '/api/auth/mfa/setup').map((c) => c.body)).toEqual([{ code: '999999' }, { code: '135790' }]);
  });

  it('offers no « Désactiver » while the settings require two-factor', async () => {
    const backend = profileBackend({ enabled: true, required: true });
    renderApp('/profil', { fetch: backend.fetch });
    const section = within(await screen.findByRole('region', { name: 'Double authentification' }));
    expect(await section.findByText('Obligatoire pour les comptes du personnel (paramètres de sécurité).')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Reconfigurer' })).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Désactiver' })).not.toBeInTheDocument();
  });
});
