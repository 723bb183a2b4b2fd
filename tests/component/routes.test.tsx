import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBackend } from '../support/fakeBackend';
import { allowConsoleError } from './allowConsoleError';
import { renderApp } from './renderApp';
import { serveUsers, userRow } from '../support/usersBackend';
import { makeReports, reportsBackend } from './signalements/reportsBackend';
import { SESSION_CHECK, watchPageFor } from './pageChecks';

describe('route guard: the permission matrix decides', () => {
  it.each([
    ['/utilisateurs', 'Administrateur ou Éditeur'],
    ['/parametrages', 'Administrateur ou Éditeur'],
    ['/audit', 'Administrateur'],
    ['/integrations', 'Administrateur ou Éditeur'],
  ])('refuses %s to an Author with the roles the matrix lets in and the current role', async (path, required) => {
    const backend = fakeBackend({ users: [], 'audit-logs': [] });
    backend.sessionStorageFor('auteur');
    renderApp(path, { fetch: backend.fetch });
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByText("Vous n'avez pas les permissions nécessaires pour accéder à cette page.")).toBeInTheDocument();
    expect(await screen.findByText(`Rôle requis : ${required}. Votre rôle : Auteur.`)).toBeInTheDocument();
    // Nothing of the admin data was asked for.
    expect(backend.calls.some((c) => c.path === '/api/users' || c.path === '/api/audit-logs')).toBe(false);
  });

  it('says "Aucun" for an account without a role', async () => {
    const backend = fakeBackend();
    backend.sessionStorageFor('sansrole');
    renderApp('/parametrages', { fetch: backend.fetch });
    expect(await screen.findByText('Rôle requis : Administrateur ou Éditeur. Votre rôle : Aucun.')).toBeInTheDocument();
  });

  it('refuses the audit log to an Editor: it is an administrator\'s', async () => {
    const backend = fakeBackend({ 'audit-logs': [] });
    backend.sessionStorageFor('editeur');
    renderApp('/audit', { fetch: backend.fetch });
    expect(await screen.findByText('Rôle requis : Administrateur. Votre rôle : Éditeur.')).toBeInTheDocument();
    expect(backend.calls.some((c) => c.path === '/api/audit-logs')).toBe(false);
  });

  it('opens the admin routes to a Super Admin: Intégrations checks the services', async () => {
    const backend = fakeBackend();
    backend.on('GET', '/_health', { status: 204 });
    backend.sessionStorageFor('superadmin');
    // This fake backend has no server status (tests/component/admin/IntegrationsPage.test.tsx plays it).
    allowConsoleError(/Strapi 404/);
    renderApp('/integrations', { fetch: backend.fetch });
    expect(await screen.findByRole('button', { name: /^Vérifi/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Intégrations' })).toBeInTheDocument();
    await waitFor(() => expect(backend.calls.some((c) => c.path === '/api/system-status')).toBe(true));
  });

  it('opens the audit log to an Administrator as a list read from /api/audit-logs', async () => {
    const backend = fakeBackend({
      'audit-logs': [
        { id: 1, documentId: 'a1', userName: 'admin', role: 'Administrator', action: 'update', module: 'signalements', resourceLabel: 'Lampadaire', timestamp: '2026-03-02T09:15:00.000Z', ip: '10.0.0.8' },
      ],
    });
    // The "Utilisateur" filter lists the users.
    serveUsers(backend, [userRow(1, 'admin', 'Administrator')]);
    backend.sessionStorageFor('admin');
    renderApp('/audit', { fetch: backend.fetch });
    expect(await screen.findByText('Lampadaire')).toBeInTheDocument();
    expect(screen.getByText('Modification')).toBeInTheDocument();
    const call = backend.calls.find((c) => c.path === '/api/audit-logs')!;
    expect(call.query).toContain('sort[0]=timestamp:desc');
  });
});

describe('no permission round before a screen', () => {
  it('a list opens with its rows under the layout\'s session check alone: the guard answers from the matrix at once', async () => {
    const backend = reportsBackend(makeReports(3));
    backend.sessionStorageFor('operateur');
    const page = watchPageFor(SESSION_CHECK);
    renderApp('/signalements', { fetch: backend.fetch });
    expect(await screen.findByText('Signalement numéro 3', {}, { timeout: 20_000 })).toBeInTheDocument();
    page.stop();
    expect(page.seen()).toBe(false);
  });

  it("a list's header comes with the buttons the role may use: no render of the title without them", async () => {
    const backend = reportsBackend(makeReports(3));
    backend.sessionStorageFor('admin');
    // Every render of the page's heading, seen as it happens: whether « Exporter » was beside it.
    const renders: boolean[] = [];
    const observer = new MutationObserver(() => {
      const main = document.getElementById('main-content');
      const heading = main?.querySelector('h2');
      if (heading?.textContent === 'Signalements') renders.push(!!main?.textContent?.includes('Exporter'));
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderApp('/signalements', { fetch: backend.fetch });
    expect(await screen.findByText('Signalement numéro 3', {}, { timeout: 20_000 })).toBeInTheDocument();
    observer.disconnect();
    expect(renders.length).toBeGreaterThan(0);
    expect(renders).not.toContain(false);
  });
});

describe('404', () => {
  it('shows "Page non trouvée", a link home, and logs the path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const backend = fakeBackend();
    backend.sessionStorageFor('operateur');
    renderApp('/nulle-part', { fetch: backend.fetch });
    expect(await screen.findByRole('heading', { name: 'Page non trouvée' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
    expect(warn).toHaveBeenCalledWith('Page non trouvée : /nulle-part');
  });
});
