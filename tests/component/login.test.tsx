import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeBackend } from '../support/fakeBackend';
import { renderApp } from './renderApp';
import { allowConsoleError } from './allowConsoleError';
import { fr } from '../../src/i18n/fr';
import { noteSessionEnd } from '../../src/providers/session';

const reports = () => [
  { id: 1, documentId: 'r1', title: 'Lampadaire éteint rue du Commerce', report_status: 'nouveau', priority: 'haute', zone: 'Kawéni', createdAt: '2026-03-02T08:30:00.000Z' },
];

async function fill(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Mot de passe'), password);
}

describe('login page', () => {
  it('shows the title, the fields, the demo accounts and the copyright', async () => {
    const backend = fakeBackend();
    renderApp('/login', { fetch: backend.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    const demo = screen.getByRole('region', { name: 'Comptes de démonstration' });
    expect(within(demo).getByText(/Comptes de démonstration : ils existent quand les données d’exemple sont chargées/)).toBeInTheDocument();
    expect(within(demo).getByText(/admin@mairie\.test \/ Admin123!/)).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Mairie de Mamoudzou. Tous droits réservés.`)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Créer un compte' })).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderApp('/login', { fetch: fakeBackend().fetch });
    const password = await screen.findByLabelText('Mot de passe');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('with an empty field: the "Champs requis" toast and no call', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend();
    renderApp('/login', { fetch: backend.fetch });
    await screen.findByRole('heading', { name: 'Connexion' });
    await fill(user, 'admin@mairie.test', '');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    const toast = await screen.findByText('Champs requis');
    expect(toast.closest('[role="alert"]')).toHaveTextContent('Veuillez remplir tous les champs');
    expect(backend.calls.filter((c) => c.path === '/api/auth/local')).toHaveLength(0);
  });

  it('with a wrong password: the failure toast, the red box, and typing clears the box', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/login', { fetch: fakeBackend().fetch });
    await screen.findByRole('heading', { name: 'Connexion' });
    await fill(user, 'admin@mairie.test', 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Erreur de connexion')).toBeInTheDocument();
    const box = document.getElementById('login-error')!;
    expect(box).toHaveTextContent('Email ou mot de passe incorrect.');
    expect(warn).toHaveBeenCalledWith('Échec de la connexion :', 'Strapi 400: Invalid identifier or password');
    await user.type(screen.getByLabelText('Mot de passe'), 'x');
    expect(document.getElementById('login-error')).toBeNull();
  });

  it('a locked account: the red box says for how long, in French', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    const backend = fakeBackend();
    const locked = "Trop de tentatives de connexion échouées : ce compte est verrouillé depuis cette adresse pendant 15 minutes (jusqu'à 14:32).";
    backend.on('POST', '/api/auth/local', { status: 429, statusText: 'Too Many Requests', body: { error: { status: 429, name: 'RateLimitError', message: locked, details: { code: 'too_many_requests' } } } });
    renderApp('/login', { fetch: backend.fetch });
    await screen.findByRole('heading', { name: 'Connexion' });
    await fill(user, 'admin@mairie.test', 'Admin123!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Erreur de connexion')).toBeInTheDocument();
    expect(document.getElementById('login-error')).toHaveTextContent(locked);
    expect(warn).toHaveBeenCalled();
  });

  it('a suspended account: the red box says so in French, as the backend wrote it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    const backend = fakeBackend();
    const suspended = 'Votre compte est suspendu : vous ne pouvez pas vous connecter. Adressez-vous à un administrateur de la mairie.';
    backend.on('POST', '/api/auth/local', { status: 400, statusText: 'Bad Request', body: { error: { status: 400, name: 'ApplicationError', message: suspended, details: { code: 'account_refused' } } } });
    renderApp('/login', { fetch: backend.fetch });
    await screen.findByRole('heading', { name: 'Connexion' });
    await fill(user, 'operateur@mairie.test', 'Operateur123!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Erreur de connexion')).toBeInTheDocument();
    expect(document.getElementById('login-error')!.textContent).toBe(suspended);
  });

  it('shows "Connexion..." while logging in, then "Connexion réussie" and the page first asked for', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend({ reports: reports() });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slowFetch = async (input: string, init?: RequestInit) => {
      if (input.endsWith('/api/auth/local')) await gate;
      return backend.fetch(input, init);
    };
    renderApp('/signalements', { fetch: slowFetch });
    // Not logged in: sent to the login page.
    await screen.findByRole('heading', { name: 'Connexion' });
    await fill(user, 'editeur@mairie.test', 'Editeur123!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('button', { name: 'Connexion...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Connexion réussie')).toBeInTheDocument();
    expect(screen.getByText('Bienvenue editeur !')).toBeInTheDocument();
    // Back to /signalements (whatever its screen shows), which reads the reports.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Signalements' })).toHaveAttribute('aria-current', 'page'));
    await waitFor(() => expect(backend.calls.some((c) => c.path === '/api/reports' && c.headers.Authorization === 'Bearer token-editeur')).toBe(true));
  });

  it('sends an authenticated user at /login on', async () => {
    const backend = fakeBackend();
    backend.sessionStorageFor('admin');
    renderApp('/login', { fetch: backend.fetch });
    expect(await screen.findByRole('heading', { name: /Bienvenue admin/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Se connecter' })).not.toBeInTheDocument();
  });

  it('reads only the public settings before login: the town name, and the registration link when registration is open', async () => {
    const open = fakeBackend({}, { allowPublicRegistration: true, siteName: 'Mamoudzou Ville' });
    const { unmount } = renderApp('/login', { fetch: open.fetch });
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(await screen.findByText('Mamoudzou Ville')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: fr.login.registerLink })).toHaveAttribute('href', '/inscription');
    expect(open.calls.some((c) => c.path === '/api/setting')).toBe(false);
    unmount();

    const closed = fakeBackend();
    renderApp('/login', { fetch: closed.fetch });
    await screen.findByRole('heading', { name: 'Connexion' });
    await waitFor(() => expect(closed.calls.some((c) => c.path === '/api/setting/public')).toBe(true));
    expect(screen.queryByRole('link', { name: fr.login.registerLink })).not.toBeInTheDocument();
  });

  it('offers no demo accounts where the backend says they cannot log in (production)', async () => {
    const production = fakeBackend();
    production.on('GET', '/api/setting/public', { body: { data: { siteName: 'Mamoudzou', allowPublicRegistration: false, maintenanceMode: false }, meta: { demoAccounts: false } } });
    renderApp('/login', { fetch: production.fetch });
    await screen.findByRole('heading', { name: 'Connexion' });
    await waitFor(() => expect(production.calls.some((c) => c.path === '/api/setting/public')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Comptes de démonstration' })).not.toBeInTheDocument());
    expect(screen.queryByText(/Admin123!/)).not.toBeInTheDocument();
  });

  it('registration refused by the password policy says what the policy wants', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend();
    const policy = 'Le mot de passe doit contenir au moins 8 caractères (au plus 72 ; un caractère accentué compte pour deux), dont une minuscule, une majuscule, un chiffre et un caractère spécial.';
    backend.on('POST', '/api/auth/local/register', { status: 400, statusText: 'Bad Request', body: { error: { status: 400, name: 'ValidationError', message: policy, details: { code: 'password_policy' } } } });
    renderApp('/inscription', { fetch: backend.fetch });
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'citoyen');
    await user.type(screen.getByLabelText('Email'), 'citoyen@mairie.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'abcdef');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText("Erreur d'inscription")).toBeInTheDocument();
    expect(screen.getByText(policy)).toBeInTheDocument();
  });

  it('registration: the toasts of success and of refusal', async () => {
    const user = userEvent.setup();
    const backend = fakeBackend();
    let open = false;
    backend.on('POST', '/api/auth/local/register', (call) =>
      open
        ? { body: { jwt: 'token-sansrole', user: { id: 6, username: (call.body as { username: string }).username, email: 'c@m.test' } } }
        : { status: 400, statusText: 'Bad Request', body: { error: { status: 400, message: 'Register action is currently disabled', details: { code: 'registration_closed' } } } },
    );
    renderApp('/inscription', { fetch: backend.fetch });
    await user.type(await screen.findByLabelText("Nom d'utilisateur"), 'citoyen');
    await user.type(screen.getByLabelText('Email'), 'citoyen@mairie.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'Citoyen123!');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText("Erreur d'inscription")).toBeInTheDocument();
    expect(screen.getByText("L'inscription publique est fermée. Demandez un compte à un administrateur.")).toBeInTheDocument();
    open = true;
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Inscription réussie')).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.path === '/api/auth/local/register').at(-1)!.body).toEqual({
      username: 'citoyen',
      email: 'citoyen@mairie.test',
      password: 'Citoyen123!',
    });
  });
});

describe('session check on start', () => {
  it('shows "Vérification de l\'authentification..." then clears an invalid stored session', async () => {
    const backend = fakeBackend();
    localStorage.setItem('mamoudzou.auth.token', 'expired');
    localStorage.setItem('mamoudzou.auth.user', JSON.stringify({ id: 1, username: 'admin', role: { name: 'Administrator' } }));
    renderApp('/signalements', { fetch: backend.fetch });
    expect(screen.getByText("Vérification de l'authentification...")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('mamoudzou.auth.token')).toBeNull());
  });
});

describe('a session that ends because the account was suspended', () => {
  const SUSPENDED = 'Votre compte a été suspendu : votre session est terminée. Adressez-vous à un administrateur de la mairie.';

  it('ends on the login page saying, in French, that the account was suspended; once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    const backend = fakeBackend({ reports: reports() });
    backend.sessionStorageFor('operateur');
    renderApp('/signalements', { fetch: backend.fetch });
    expect(await screen.findByText('Lampadaire éteint rue du Commerce')).toBeInTheDocument();

    // An administrator suspends the account: every call is refused, and the refresh says why.
    allowConsoleError(/Strapi 401/);
    const refused = { status: 401, statusText: 'Unauthorized', body: { error: { status: 401, message: 'Missing or invalid credentials' } } };
    backend.on('GET', /^\/api\//, refused);
    backend.on('GET', '/api/auth/refresh-token', {
      status: 401,
      statusText: 'Unauthorized',
      body: { data: null, error: { status: 401, name: 'UnauthorizedError', message: SUSPENDED, details: { code: 'account_suspended' } } },
    });
    await user.click(screen.getByRole('link', { name: /^Dashboard/ }));

    // The login page may be drawn again once the session check ends: the heading asked for where it finally stays.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(SUSPENDED));
    expect(localStorage.getItem('mamoudzou.auth.token')).toBeNull();
    // Said until the person acts on the page: typing clears it, and the next visit of the login page is a plain one.
    // Typed again until it lands in the page that stays (one drawn again as the session check ends is replaced).
    await waitFor(() => {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'o' } });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(localStorage.getItem('mamoudzou.auth.ended')).toBeNull();
    });
  });

  it('is said when it is noted after the login page is drawn (the refused refresh answering after another call logged out)', async () => {
    renderApp('/login', { fetch: fakeBackend().fetch });
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => noteSessionEnd(SUSPENDED));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUSPENDED);
  });

  it('is still said when the login page is drawn a second time before the person acts', async () => {
    localStorage.setItem('mamoudzou.auth.ended', SUSPENDED);
    renderApp('/login', { fetch: fakeBackend().fetch });
    expect(await screen.findByRole('alert')).toHaveTextContent(SUSPENDED);
    cleanup();
    renderApp('/login', { fetch: fakeBackend().fetch });
    expect(await screen.findByRole('alert')).toHaveTextContent(SUSPENDED);
  });
});

