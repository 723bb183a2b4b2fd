import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import StandaloneLogin from '../../src/custom/login/StandaloneLogin';
import { TOKEN_KEY } from '../../src/providers/session';
import { fakeBackend } from '../support/fakeBackend';

/**
 * The first visit's /login, without react-admin (main.tsx shows it, then the app): the same form,
 * the session saved as the app reads it, the town's name and the registration link from the public settings.
 */
describe('standalone login page', () => {
  it('logs in, saves the session and hands over the welcome toast', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend({}, { siteName: 'Mamoudzou', allowPublicRegistration: true });
    const onLoggedIn = vi.fn();
    render(<StandaloneLogin apiUrl="http://api.test" fetch={backend.fetch} storage={localStorage} onLoggedIn={onLoggedIn} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/inscription');
    await user.click(within(screen.getByRole('region', { name: 'Comptes de démonstration' })).getByRole('button', { name: /^Administrateur/ }));
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ title: 'Connexion réussie', description: 'Bienvenue admin !', variant: 'success' }));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-admin');
    expect(backend.calls.map((c) => `${c.method} ${c.path}`)).toEqual(expect.arrayContaining(['POST /api/auth/local', 'GET /api/users/me']));
  });

  it('keeps the values and says why on a refusal, in the form and in a toast', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend();
    const onLoggedIn = vi.fn();
    render(<StandaloneLogin apiUrl="http://api.test" fetch={backend.fetch} storage={localStorage} onLoggedIn={onLoggedIn} />);
    await user.type(screen.getByLabelText('Email'), 'admin@mairie.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Erreur de connexion')).toBeInTheDocument();
    expect(screen.getAllByText('Email ou mot de passe incorrect.')).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveValue('admin@mairie.test');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Créer un compte' })).not.toBeInTheDocument();
  });

  it('offers no demo accounts where the backend says they cannot log in (production)', async () => {
    const backend = fakeBackend({}, { siteName: 'Mamoudzou Production' });
    backend.on('GET', '/api/setting/public', { body: { data: { siteName: 'Mamoudzou Production', allowPublicRegistration: false }, meta: { demoAccounts: false } } });
    render(<StandaloneLogin apiUrl="http://api.test" fetch={backend.fetch} storage={localStorage} onLoggedIn={vi.fn()} />);
    expect(await screen.findByText('Mamoudzou Production')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Comptes de démonstration' })).not.toBeInTheDocument();
  });

  it('asks the public settings once with the browser fetch (no fetch handed)', async () => {
    const backend = fakeBackend({}, { siteName: 'Mamoudzou', allowPublicRegistration: true });
    const browserFetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => backend.fetch(String(input), init));
    try {
      render(<StandaloneLogin apiUrl="http://api.test" storage={localStorage} onLoggedIn={vi.fn()} />);
      expect(await screen.findByRole('link', { name: 'Créer un compte' })).toBeInTheDocument();
      // A render after the answer must not ask again (a new fetch at each render asked in a loop).
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(backend.calls.filter((c) => c.path === '/api/setting/public')).toHaveLength(1);
    } finally {
      browserFetch.mockRestore();
    }
  });
});
