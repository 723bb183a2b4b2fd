import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import PublicPage from '../../../src/custom/login/PublicPages';

/**
 * The pages e-mails link to, loaded without react-admin (main.tsx): a citizen's opt-out, choosing a
 * password from an invitation, a link that no longer works, « Mot de passe oublié » refusing a malformed address.
 */
type Route = { status: number; body: unknown };

function fakeApi(routes: Record<string, Route>) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    const path = new URL(input).pathname;
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[path] ?? (path === '/api/setting/public' ? { status: 200, body: { data: { siteName: 'Mamoudzou' } } } : { status: 404, body: {} });
    return new Response(JSON.stringify(route.body), { status: route.status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetch, calls };
}

describe('pages e-mails link to', () => {
  it('a citizen stops e-mails about a report with a button (a link scanner opening the link changes nothing); « C’est noté » said once; no « Backoffice »', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      '/api/reports/email-opt-out/status': { status: 200, body: { optedOut: false } },
      '/api/reports/email-opt-out': { status: 200, body: { ok: true, message: 'Vous ne recevrez plus d’e-mails au sujet de ce signalement. Il reste traité par nos services.' } },
    });
    render(<PublicPage apiUrl="http://api.test" path="/desabonnement" search="?jeton=abc.def" fetch={api.fetch} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ne plus recevoir d’e-mails' })).toBeInTheDocument();
    // A citizen's page: the town hall's name, never the staff's tool.
    expect(await screen.findByText('Mairie de Mamoudzou')).toBeInTheDocument();
    expect(screen.queryByText(/Backoffice/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Ne plus recevoir d’e-mails pour ce signalement' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('C’est noté');
    expect(done.textContent!.match(/C’est noté/g)).toHaveLength(1);
    expect(api.calls.find((c) => c.path === '/api/reports/email-opt-out')?.body).toEqual({ token: 'abc.def' });
    expect(api.calls.find((c) => c.path === '/api/reports/email-opt-out/status')?.body).toEqual({ token: 'abc.def' });
  });

  it('opened again after opting out (a reload): « déjà désabonné », and no button', async () => {
    const api = fakeApi({ '/api/reports/email-opt-out/status': { status: 200, body: { optedOut: true } } });
    render(<PublicPage apiUrl="http://api.test" path="/desabonnement" search="?jeton=abc.def" fetch={api.fetch} />);
    expect(await screen.findByText('Vous êtes déjà désabonné : la mairie ne vous écrit plus au sujet de ce signalement.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ne plus recevoir d’e-mails pour ce signalement' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/reports/email-opt-out')).toHaveLength(0);
  });

  it('an invitation link: the account is named, the policy is said, the two passwords must match', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      '/api/auth/reset-password/check': { status: 200, body: { purpose: 'invitation', email: 'said@mairie.test', policy: { minLength: 8, requireComplexity: true } } },
      '/api/auth/reset-password': { status: 200, body: { ok: true, purpose: 'invitation' } },
    });
    render(<PublicPage apiUrl="http://api.test" path="/activer-mon-compte" search="?code=le-code" fetch={api.fetch} />);
    expect(await screen.findByText('Bienvenue ! Choisissez le mot de passe du compte said@mairie.test.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Activer votre compte' })).toBeInTheDocument();
    // The live checklist the administrator's form has: each rule marked as the password is typed.
    const rules = () => Object.fromEntries([...document.querySelectorAll('[data-rule]')].map((li) => [li.getAttribute('data-rule'), li.getAttribute('data-met')]));
    expect(rules()).toEqual({ minLength: 'false', lowercase: 'false', uppercase: 'false', digit: 'false', symbol: 'false' });
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'bienvenue');
    expect(rules()).toEqual({ minLength: 'true', lowercase: 'true', uppercase: 'false', digit: 'false', symbol: 'false' });
    expect(screen.getByText('une lettre majuscule').closest('li')).toHaveTextContent('non respecté');
    await user.clear(screen.getByLabelText(/^Nouveau mot de passe/));
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Bienvenue1!');
    expect(Object.values(rules()).every((met) => met === 'true')).toBe(true);
    await user.type(screen.getByLabelText(/^Confirmez le mot de passe/), 'Bienvenue2!');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Les deux mots de passe ne correspondent pas.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Confirmez le mot de passe/));
    await user.type(screen.getByLabelText(/^Confirmez le mot de passe/), 'Bienvenue1!');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByText('Votre compte est activé. Vous pouvez vous connecter.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({ code: 'le-code', password: 'Bienvenue1!', passwordConfirmation: 'Bienvenue1!' });
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('an expired reset link says so at once, and offers a new one', async () => {
    const expired = 'Ce lien a expiré (il est valable une heure). Demandez un nouveau lien depuis « Mot de passe oublié ? ».';
    const api = fakeApi({ '/api/auth/reset-password/check': { status: 400, body: { error: { status: 400, message: expired, details: { code: 'invalid_link' } } } } });
    render(<PublicPage apiUrl="http://api.test" path="/reinitialiser-mot-de-passe" search="?code=vieux" fetch={api.fetch} />);
    expect(await screen.findByText(expired)).toBeInTheDocument();
    expect(screen.getByText('Lien inutilisable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/mot-de-passe-oublie');
    expect(screen.queryByLabelText(/^Nouveau mot de passe/)).not.toBeInTheDocument();
  });

  it('« Mot de passe oublié » refuses a malformed address at the form, without asking the backend', async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    render(<PublicPage apiUrl="http://api.test" path="/mot-de-passe-oublie" search="" fetch={api.fetch} />);
    await user.type(screen.getByLabelText(/^Email/), 'fatima@');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText('Saisissez une adresse e-mail valide, par exemple prenom.nom@mairie.test.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/auth/forgot-password')).toHaveLength(0);
  });
});
