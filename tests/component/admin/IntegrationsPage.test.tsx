import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import * as checks from '../../../src/custom/integrations/checks';
import { fakeBackend } from '../../support/fakeBackend';
import { fakeSockets } from '../../support/fakeSocket';
import { systemStatus } from '../../support/systemStatus';
import { allowConsoleError } from '../allowConsoleError';
import { renderApp } from '../renderApp';

// The browser's tile request is played by the test: jsdom loads no image. A spy on the module's export, not vi.mock:
// the layer's workers share their modules between files, and another file may have loaded the page's chunk already.
const tile = { answered: true };

const status = systemStatus;

function integrationsBackend(data: unknown, settings: Record<string, unknown> = {}) {
  const backend = fakeBackend({}, settings);
  backend.on('GET', '/_health', { status: 204 });
  backend.on('GET', '/api/system-status', { body: { data } });
  backend.sessionStorageFor('admin');
  return backend;
}

/** The state badge of a card, by the card's heading. */
const badgeOf = (title: string) => within(screen.getByRole('region', { name: title })).getByRole('status');

let tileSpy: MockInstance<typeof checks.tileAnswered>;
beforeEach(() => {
  tile.answered = true;
  tileSpy = vi.spyOn(checks, 'tileAnswered').mockImplementation(async () => tile.answered);
});
afterEach(() => {
  tileSpy.mockRestore();
});

describe('Intégrations', () => {
  it('shows every service operational with its details', async () => {
    const sockets = fakeSockets();
    const backend = integrationsBackend(status());
    renderApp('/integrations', { fetch: backend.fetch, socket: sockets.factory });
    expect(await screen.findByRole('heading', { level: 1, name: 'Intégrations' })).toBeInTheDocument();
    await waitFor(() => expect(badgeOf('Base de données')).toHaveAccessibleName('Base de données : Opérationnel'));
    sockets.last().serverEmit('connection-count', { count: 4 });
    await waitFor(() => expect(badgeOf('Temps réel (Socket.IO)')).toHaveTextContent('Opérationnel'));
    for (const card of ['Serveur de contenu', 'Fournisseur de carte', 'Email', 'Envois de fichiers', 'Versions', 'Tâches planifiées']) {
      await waitFor(() => expect(badgeOf(card), card).toHaveTextContent('Opérationnel'));
    }
    const backendCard = screen.getByRole('region', { name: 'Serveur de contenu' });
    expect(within(backendCard).getByText('Joignable').nextSibling).toHaveTextContent('Oui');
    expect(within(backendCard).getByText('Temps de réponse').nextSibling).toHaveTextContent(/^\d+ ms$/);
    const database = screen.getByRole('region', { name: 'Base de données' });
    expect(within(database).getByText('SQLite (fichier)')).toBeInTheDocument();
    expect(within(database).getByText('1,6 Mo')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Temps réel (Socket.IO)' })).getByText('Connexions actives').nextSibling).toHaveTextContent('4');
    expect(within(screen.getByRole('region', { name: 'Fournisseur de carte' })).getByText('Reçue')).toBeInTheDocument();
    const uploads = screen.getByRole('region', { name: 'Envois de fichiers' });
    expect(within(uploads).getByText('Par personne').nextSibling).toHaveTextContent('30 fichiers par heure, 500 Mo sur 24 heures');
    expect(within(uploads).getByText('Images en traitement').nextSibling).toHaveTextContent('1 en cours, 4 en attente (1 à la fois au plus)');
    expect(within(screen.getByRole('region', { name: 'Versions' })).getByText('5.54.0')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Tâches planifiées' })).getByText('Prochaine exécution : 24/11/2026 03:00')).toBeInTheDocument();
    const email = screen.getByRole('region', { name: 'Email' });
    expect(within(email).getByText('Serveur SMTP').nextSibling).toHaveTextContent('smtp.mamoudzou.yt:587');
    expect(within(email).getByText('Joignable').nextSibling).toHaveTextContent('Oui');
    expect(within(email).getByText('Dernier envoi').nextSibling).toHaveTextContent('23/11/2026 11:15');
    expect(within(email).getByText("File d'envoi").nextSibling).toHaveTextContent('2 en attente · 41 envoyé(s) · 0 en échec');
    expect(within(email).getByRole('link', { name: "Voir la file d'envoi" })).toHaveAttribute('href', '/courriels');
  });

  it('e-mail: a server that does not answer is "En panne", failed mails are "À surveiller" and point to the outbox', async () => {
    const down = integrationsBackend(status({ email: { reachable: false, error: 'connect ECONNREFUSED 127.0.0.1:587' } }));
    const { unmount } = renderApp('/integrations', { fetch: down.fetch });
    await waitFor(() => expect(badgeOf('Email')).toHaveTextContent('En panne'));
    expect(screen.getByText("Le serveur d'envoi ne répond pas : connect ECONNREFUSED 127.0.0.1:587. Les e-mails attendent et partiront à son retour.")).toBeInTheDocument();
    unmount();
    const failed = integrationsBackend(status({ email: { outbox: { queued: 0, sending: 0, sent: 41, failed: 3 } } }));
    renderApp('/integrations', { fetch: failed.fetch });
    await waitFor(() => expect(badgeOf('Email')).toHaveTextContent('À surveiller'));
    expect(screen.getByText("3 e-mail(s) en échec : ouvrez la file d'envoi pour les renvoyer.")).toBeInTheDocument();
  });

  it('says what is wrong: no backup, a failed backup, email not configured, a map tile not received, the backend unreachable', async () => {
    tile.answered = false;
    const backend = integrationsBackend(status({ database: { lastBackup: null, backupCount: 0 }, email: { configured: false, host: null, reachable: null } }));
    renderApp('/integrations', { fetch: backend.fetch });
    await waitFor(() => expect(badgeOf('Base de données')).toHaveTextContent('À surveiller'));
    expect(within(screen.getByRole('region', { name: 'Base de données' })).getByText('Aucune sauvegarde')).toBeInTheDocument();
    expect(badgeOf('Email')).toHaveTextContent('Non configuré');
    expect(screen.getByText("Aucun serveur d'envoi configuré (SMTP_HOST) : les e-mails attendent dans la file d'envoi.")).toBeInTheDocument();
    await waitFor(() => expect(badgeOf('Fournisseur de carte')).toHaveTextContent('En panne'));
    expect(within(screen.getByRole('region', { name: 'Fournisseur de carte' })).getByText('Non reçue')).toBeInTheDocument();
  });

  it('a failed backup and an unreachable backend are "En panne"; a provider without its key is "À surveiller"', async () => {
    allowConsoleError(/Strapi 503/);
    const backend = integrationsBackend(status({ database: { backupError: { at: '2026-11-22T23:30:00.000Z', message: 'pg_dump est introuvable sur le serveur' } } }), { mapProvider: 'mapbox' });
    backend.on('GET', '/_health', { status: 503, statusText: 'Service Unavailable', body: { error: { status: 503, message: 'Service Unavailable' } } });
    renderApp('/integrations', { fetch: backend.fetch });
    await waitFor(() => expect(badgeOf('Base de données')).toHaveTextContent('En panne'));
    expect(screen.getByText('Dernier échec de sauvegarde : pg_dump est introuvable sur le serveur')).toBeInTheDocument();
    await waitFor(() => expect(badgeOf('Serveur de contenu')).toHaveTextContent('En panne'));
    expect(within(screen.getByRole('region', { name: 'Serveur de contenu' })).getByText('Joignable').nextSibling).toHaveTextContent('Non');
    expect(badgeOf('Fournisseur de carte')).toHaveTextContent('À surveiller');
    expect(screen.getByText('Ce fournisseur demande une clé API (Paramétrages, onglet Intégrations).')).toBeInTheDocument();
  });

  it('shows "Vérification..." while checking and "Vérifier" runs every check again', async () => {
    const user = userEvent.setup();
    const backend = integrationsBackend(status());
    renderApp('/integrations', { fetch: backend.fetch });
    const button = await screen.findByRole('button', { name: 'Vérifier' });
    const count = (path: string) => backend.calls.filter((c) => c.path === path).length;
    expect(count('/api/system-status')).toBe(1);
    expect(count('/_health')).toBe(1);
    // The server now reports a backup failure: the next check shows it.
    backend.on('GET', '/api/system-status', { body: { data: status({ database: { backupError: { at: '2026-11-22T23:30:00.000Z', message: 'disque plein' } } }) } });
    await user.click(button);
    await waitFor(() => expect(count('/api/system-status')).toBe(2));
    expect(count('/_health')).toBe(2);
    await waitFor(() => expect(badgeOf('Base de données')).toHaveTextContent('En panne'));
    expect(await screen.findByRole('button', { name: 'Vérifier' })).toBeEnabled();
  });

  it('the server status refused: its cards say "En panne" with the reason', async () => {
    allowConsoleError(/Strapi 500/);
    const backend = integrationsBackend(status());
    backend.on('GET', '/api/system-status', { status: 500, statusText: 'Internal Server Error', body: { error: { status: 500, message: 'Internal Server Error' } } });
    renderApp('/integrations', { fetch: backend.fetch });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^État du serveur indisponible : /);
    for (const card of ['Base de données', 'Email', 'Envois de fichiers', 'Versions']) expect(badgeOf(card), card).toHaveTextContent('En panne');
  });
});
