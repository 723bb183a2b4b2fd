import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import StandaloneLogin from '../../../src/custom/login/StandaloneLogin';
import { TOKEN_KEY } from '../../../src/providers/session';
import { fakeBackend } from '../../support/fakeBackend';

/**
 * The login's second step, as a person meets it: the code of the authenticator app (or a recovery
 * code) after the password; and, when the settings require two-factor, the enrolment first.
 */
const RECOVERY = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', '9abcd-efghj', 'kmnpq-rstuv', 'wxyz2-34567', '89abc-defgh', 'jkmnp-qrstu', 'vwxyz-23456', '789ab-cdefg'];

function twoFactorBackend(kind: 'verify' | 'enrol') {
  const backend = fakeBackend();
  backend.on('POST', '/api/auth/local', (call) => {
    const { password } = call.body as { password: string };
    if (password !== 'Admin123!') return { status: 400, body: { error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: { code: 'invalid_credentials' } } } };
    return { body: kind === 'verify' ? { mfaRequired: true, mfaToken: 'challenge-1' } : { mfaEnrolmentRequired: true, mfaToken: 'enrol-1' } };
  });
  backend.on('POST', '/api/auth/mfa/verify', (call) => {
    const { mfaToken, code } = call.body as { mfaToken: string; code: string };
    if (code === '999999') return { status: 401, body: { error: { status: 401, name: 'UnauthorizedError', message: 'Étape de connexion expirée : reconnectez-vous avec votre mot de passe.', details: { code: 'two_factor' } } } };
    if (mfaToken === 'challenge-1' && code === 'abcde-fghjk') return { body: { jwt: 'token-admin', user: { id: 1, username: 'admin', email: 'admin@mairie.test' }, recoveryCodesLeft: 4 } };
    if (mfaToken !== 'challenge-1' || code !== '492039') {
      return { status: 400, body: { error: { status: 400, name: 'ValidationError', message: 'Code incorrect : saisissez le code à 6 chiffres de votre application, ou un code de secours.', details: { code: 'two_factor' } } } };
    }
    return { body: { jwt: 'token-admin', user: { id: 1, username: 'admin', email: 'admin@mairie.test' } } };
  });
  backend.on('POST', '/api/auth/mfa/setup', (call) =>
    (call.body as { mfaToken?: string }).mfaToken === 'enrol-1'
      ? { body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Mamoudzou:admin%40mairie.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Mamoudzou' } }
      : { status: 401, body: { error: { status: 401, message: 'Connexion requise' } } },
  );
  backend.on('POST', '/api/auth/mfa/enable', (call) => {
    const { code } = call.body as { code: string };
    if (code !== '123456') return { status: 400, body: { error: { status: 400, message: 'Code incorrect : saisissez le code à 6 chiffres de votre application, ou un code de secours.', details: { code: 'two_factor' } } } };
    return { body: { recoveryCodes: RECOVERY, jwt: 'token-admin', user: { id: 1, username: 'admin', email: 'admin@mairie.test' } } };
  });
  return backend;
}

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'admin@mairie.test');
  await user.type(screen.getByLabelText('Mot de passe'), 'Admin123!');
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('login with two-factor', () => {
  it('asks the code after the password, says a wrong one in French, and logs in with the right one', async () => {
    const user = userEvent.setup();
    const backend = twoFactorBackend('verify');
    const onLoggedIn = vi.fn();
    render(<StandaloneLogin apiUrl="http://api.test" fetch={backend.fetch} storage={localStorage} onLoggedIn={onLoggedIn} />);
    await passwordStep(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Vérification en deux étapes' })).toBeInTheDocument();
    const code = screen.getByLabelText('Code de vérification');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Saisissez le code.');

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code incorrect : saisissez le code à 6 chiffres de votre application, ou un code de secours.');
    await vi.waitFor(() => expect(screen.getByLabelText('Code de vérification')).toHaveFocus());
    expect(onLoggedIn).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Code de vérification'), '492039{Enter}');
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ title: 'Connexion réussie', description: 'Bienvenue admin !', variant: 'success' }));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-admin');
    expect(backend.calls.filter((c) => c.path === '/api/auth/mfa/verify').map((c) => c.body)).toEqual([
      { mfaToken: 'challenge-1', code: '111111' },
      { mfaToken: 'challenge-1', code: '492039' },
    ]);
  });

  it('takes a recovery code instead, and says how many are left', async () => {
    const user = userEvent.setup();
    const backend = twoFactorBackend('verify');
    const onLoggedIn = vi.fn();
    render(<StandaloneLogin apiUrl="http://api.test" fetch={backend.fetch} storage={localStorage} onLoggedIn={onLoggedIn} />);
    await passwordStep(user);
    await user.click(await screen.findByRole('button', { name: 'Utiliser un code de secours' }));
    expect(screen.getByLabelText('Code de secours')).toHaveFocus();
    expect(screen.getByText('Saisissez l’un de vos codes de secours. Chaque code ne sert qu’une fois.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code de secours'), 'abcde-fghjk{Enter}');
    await vi.waitFor(() =>
      expect(onLoggedIn).toHaveBeenCalledWith({
        title: 'Connexion réussie',
        description: 'Bienvenue admin ! Il vous reste 4 code(s) de secours : pensez à reconfigurer la double authentification dans « Mon profil ».',
        variant: 'success',
      }),
    );
  });

  it('goes back to the password from the second step', async () => {
    const user = userEvent.setup();
    const backend = twoFactorBackend('verify');
    render(<StandaloneLogin apiUrl="http://api.test" fetch={backend.fetch} storage={localStorage} onLoggedIn={vi.fn()} />);
    await passwordStep(user);
    await user.click(await screen.findByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toHaveValue('');
  });

  it('goes back to the password, saying why, when the step has expired', async () => {
    const user = userEvent.setup();
    const backend = twoFactorBackend('verify');
    render(<StandaloneLogin apiUrl="http://api.test" fetch={backend.fetch} storage={localStorage} onLoggedIn={vi.fn()} />);
    await passwordStep(user);
    await user.type(await screen.findByLabelText('Code de vérification'), '999999{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Étape de connexion expirée : reconnectez-vous avec votre mot de passe.');
    expect(screen.getByLabelText('Email')).toHaveValue('admin@mairie.test');
  });

  it('takes an account the settings require through enrolment: QR code, key, code, recovery codes, then the session', async () => {
    const user = userEvent.setup();
    const backend = twoFactorBackend('enrol');
    const onLoggedIn = vi.fn();
    render(<StandaloneLogin apiUrl="http://api.test" fetch={backend.fetch} storage={localStorage} onLoggedIn={onLoggedIn} />);
    await passwordStep(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Activez la double authentification' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code à scanner avec votre application d’authentification' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(screen.getByLabelText('Clé à saisir à la main')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.type(screen.getByLabelText('Code à 6 chiffres'), '12');
    await user.click(screen.getByRole('button', { name: 'Activer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Le code compte 6 chiffres.');
    await user.clear(screen.getByLabelText('Code à 6 chiffres'));
    await user.type(screen.getByLabelText('Code à 6 chiffres'), '654321');
    await user.click(screen.getByRole('button', { name: 'Activer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Code incorrect/);

    await user.type(screen.getByLabelText('Code à 6 chiffres'), '123456');
    await user.click(screen.getByRole('button', { name: 'Activer' }));
    const title = await screen.findByRole('heading', { name: 'Vos codes de secours' });
    await vi.waitFor(() => expect(title).toHaveFocus());
    const list = screen.getByRole('list', { name: 'Codes de secours' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(RECOVERY);
    // No session before the codes are noted.
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(onLoggedIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'J’ai noté mes codes, continuer' }));
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ title: 'Connexion réussie', description: 'Bienvenue admin !', variant: 'success' }));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-admin');
  });
});
