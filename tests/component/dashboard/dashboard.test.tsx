import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../renderApp';
import { makeReports, reportsBackend } from '../signalements/reportsBackend';
import { isMenuCountCall } from '../../support/menuCount';
import { SESSION_CHECK, watchPageFor } from '../pageChecks';


const STATS = {
  total: 60,
  byStatus: { nouveau: 20, en_cours: 12, en_attente: 8, resolu: 15, rejete: 5 },
  byType: { Voirie: 20, Propreté: 15, 'Éclairage public': 10, Réseau: 6, 'Espaces verts': 5, Signalisation: 4 },
  byZone: { Kawéni: 25, 'Centre-ville': 20, Cavani: 10, Tsoundzou: 5 },
  byPriority: { basse: 10, normale: 30, haute: 15, critique: 5 },
  resolutionRate: 25,
};

function withData() {
  const backend = reportsBackend(makeReports(7));
  // The figures and, with the week bounds, the weekly series: one call.
  backend.on('GET', '/api/reports/stats', (call) => ({ body: call.query.includes('weeks[8]=') ? { ...STATS, weekly: [3, 3, 3, 3, 3, 3, 3, 3] } : STATS }));
  backend.on('GET', '/api/articles', () => {
    const articles = [
      { id: 1, documentId: 'a1', title: 'Rentrée scolaire', date: '2025-09-01T08:00:00', status: 'published' },
      { id: 2, documentId: 'a2', title: 'Travaux de voirie', date: '2025-08-20T08:00:00', status: 'published' },
      { id: 3, documentId: 'a3', title: 'Fête de la musique', date: '2025-06-21T08:00:00', status: 'published' },
    ];
    return { body: { data: articles, meta: { pagination: { total: 42 } } } };
  });
  backend.on('GET', '/api/events', {
    body: {
      data: [
        { id: 1, documentId: 'e1', title: 'Marché nocturne', date: '2099-01-10', time: '18:00:00.000', location: 'Place de la République' },
        { id: 2, documentId: 'e2', title: 'Conseil municipal', date: '2099-01-12', time: '09:30:00.000', location: 'Hôtel de ville' },
      ],
      meta: { pagination: { total: 2 } },
    },
  });
  return backend;
}

describe('dashboard', { timeout: 60_000 }, () => {
  it('shows the four figures from /api/reports/stats, the breakdowns, recent items and charts', async () => {
    const backend = withData();
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch });
    expect(await screen.findByText('Signalements au total')).toBeInTheDocument();
    expect(await screen.findByText('60')).toBeInTheDocument();
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(screen.getByText("Objectif 85% · Sous l'objectif")).toBeInTheDocument();
    expect(await screen.findByText('42')).toBeInTheDocument(); // published articles, counted by the backend
    expect(screen.getByText("Aujourd'hui")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualiser' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeInTheDocument();

    const breakdown = within(screen.getByRole('region', { name: 'Répartition par statut' }));
    expect(breakdown.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Nouveaux20', 'En cours12', 'En attente8', 'Résolus15']);
    const types = within(screen.getByRole('region', { name: 'Top 5 des types' }));
    expect(types.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Voirie20', 'Propreté15', 'Éclairage public10', 'Réseau6', 'Espaces verts5']);
    const zones = within(screen.getByRole('region', { name: 'Top 5 des zones' }));
    expect(zones.getAllByRole('listitem')).toHaveLength(4);

    const recent = within(screen.getByRole('region', { name: 'Signalements récents' }));
    await waitFor(() => expect(recent.getAllByRole('link', { name: /Signalement numéro/ })).toHaveLength(5));
    expect(recent.getAllByRole('link', { name: /Signalement numéro/ })[0]).toHaveAttribute('href', '/signalements/rep7');
    const articles = within(screen.getByRole('region', { name: 'Derniers articles' }));
    expect(articles.getByRole('link', { name: 'Rentrée scolaire' })).toHaveAttribute('href', '/actualites/a1');
    expect(articles.getAllByRole('listitem')).toHaveLength(3);
    // "Derniers articles": the published ones only.
    expect(backend.calls.find((c) => c.path === '/api/articles' && c.query.includes('pageSize]=3'))!.query).toContain('filters[status][$eq]=published');
    const events = within(screen.getByRole('region', { name: 'Événements à venir' }));
    expect(events.getByRole('link', { name: 'Marché nocturne' })).toHaveAttribute('href', '/evenements/e1');
    expect(events.getByText('10/01/2099 · 18:00 · Place de la République')).toBeInTheDocument();
    const eventsCall = backend.calls.find((c) => c.path === '/api/events')!;
    expect(eventsCall.query).toMatch(/filters\[date\]\[\$gte\]=\d{4}-\d{2}-\d{2}/);
    expect(eventsCall.query).toContain('sort[0]=date:asc');

    // Charts, loaded lazily; their figures are also given as text.
    expect(await screen.findByRole('region', { name: 'Signalements par statut' })).toBeInTheDocument();
    expect(screen.getByText('Résolu : 15')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Signalements par type' })).getByText('Voirie : 20')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Signalements par semaine' })).getAllByText(/Sem\. du .* : 3/)).toHaveLength(8));
    expect(backend.calls.filter((c) => c.path === '/api/reports/stats')).toHaveLength(1);
    // Never "all reports": the dashboard asks for 5.
    expect(backend.calls.filter((c) => c.path === '/api/reports' && !isMenuCountCall(c)).every((c) => c.query.includes('pageSize]=5'))).toBe(true);
  });

  it('makes its five requests at once, none waiting on another, and no other', async () => {
    const backend = withData();
    backend.sessionStorageFor('admin');
    // The dashboard's calls are held until every one of them has been sent: a call that waited on another would never come.
    const DATA = ['/api/reports/stats', '/api/reports', '/api/articles', '/api/events', '/api/setting'];
    const held: { path: string; release: () => void }[] = [];
    let open = false;
    const fetch = async (input: string, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      const menuCount = isMenuCountCall({ path, decodedUrl: decodeURIComponent(String(input)) });
      if (!open && DATA.includes(path) && !menuCount) await new Promise<void>((release) => held.push({ path, release }));
      return backend.fetch(input, init);
    };
    renderApp('/', { fetch });
    await waitFor(() => expect(held.map((h) => h.path).sort()).toEqual([...DATA].sort()));
    open = true;
    held.forEach((h) => h.release());
    expect(await screen.findByText('Signalements au total')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Signalements par semaine' })).getAllByText(/Sem\. du .* : 3/)).toHaveLength(8));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Derniers articles' })).getAllByRole('listitem')).toHaveLength(3));
    // Besides the shell's own calls (the session's check, the public settings, the bell's count, the menu's count of
    // reports awaiting moderation), the page's data: five calls.
    const data = backend.calls.filter((c) => !['/api/users/me', '/api/setting/public', '/api/notifications/unread-count'].includes(c.path) && !isMenuCountCall(c));
    expect(data.map((c) => c.path).sort()).toEqual([...DATA].sort());
  });

  it('a custom role sees the cards of the modules it reads, and asks for nothing else', async () => {
    const backend = withData();
    const agent = { id: 30, username: 'agent.voirie', email: 'agent.voirie@mairie.test', role: { id: 30, name: 'Agents voirie', type: 'agents_voirie', grants: { signalements: ['read', 'edit'] } } };
    backend.on('GET', '/api/users/me', { body: agent });
    localStorage.setItem('mamoudzou.auth.token', 'token-agent');
    localStorage.setItem('mamoudzou.auth.user', JSON.stringify(agent));
    renderApp('/', { fetch: backend.fetch });
    expect(await screen.findByText('Signalements au total')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Signalements récents' })).toBeInTheDocument();
    // No contents, no settings module: no card of theirs, and no call the backend would refuse.
    expect(screen.queryByText('Articles publiés')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Derniers articles' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Événements à venir' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Paramètres rapides' })).not.toBeInTheDocument();
    expect(backend.calls.filter((c) => c.path === '/api/articles' || c.path === '/api/events')).toEqual([]);
  });

  it('shows the empty states', async () => {
    const backend = reportsBackend([]);
    backend.sessionStorageFor('operateur');
    renderApp('/', { fetch: backend.fetch });
    expect(await screen.findByText('Aucun signalement récent')).toBeInTheDocument();
    expect(await screen.findByText('Aucun article récent')).toBeInTheDocument();
    expect(await screen.findByText('Aucun événement à venir')).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect(screen.getAllByText('Aucune donnée').length).toBe(2);
  });

  it('the quick-settings card: compact badges, then switches that save', async () => {
    const user = userEvent.setup();
    const backend = withData();
    backend.on('GET', '/api/setting', { body: { data: { id: 1, documentId: 'settings', maintenanceMode: true, emailNotifications: false, signalementApprovalRequired: true } } });
    backend.on('PUT', '/api/setting', (call) => ({ body: { data: { id: 1, documentId: 'settings', ...(call.body as { data: object }).data } } }));
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch });
    const card = within(await screen.findByRole('region', { name: 'Paramètres rapides' }));
    expect(await card.findByText('Mode maintenance actif')).toBeInTheDocument();
    expect(card.getByText('E-mails désactivés')).toBeInTheDocument();
    expect(card.getByText('Approbation activée')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Voir plus' }));
    expect(card.getByText('Le site est en maintenance. Seuls les administrateurs peuvent y accéder.')).toBeInTheDocument();
    await user.click(card.getByRole('switch', { name: 'Notifications par email' }));
    expect(await screen.findByText('La modification a été sauvegardée.')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'PUT' && c.path === '/api/setting')!.body).toEqual({ data: { emailNotifications: true } });
    await user.click(card.getByRole('button', { name: 'Réduire' }));
    expect(card.getByRole('button', { name: 'Voir plus' })).toBeInTheDocument();
  });

  it('an operator sees the settings but cannot switch them', async () => {
    const user = userEvent.setup();
    const backend = withData();
    backend.sessionStorageFor('operateur');
    renderApp('/', { fetch: backend.fetch });
    const card = within(await screen.findByRole('region', { name: 'Paramètres rapides' }));
    await user.click(card.getByRole('button', { name: 'Voir plus' }));
    expect(card.getByRole('switch', { name: 'Mode maintenance' })).toBeDisabled();
  });

  it('an Editor switches what the Paramétrages page lets it change (e-mail, approval), not maintenance', async () => {
    const user = userEvent.setup();
    const backend = withData();
    backend.sessionStorageFor('editeur');
    renderApp('/', { fetch: backend.fetch });
    const card = within(await screen.findByRole('region', { name: 'Paramètres rapides' }));
    await user.click(card.getByRole('button', { name: 'Voir plus' }));
    expect(card.getByRole('switch', { name: 'Notifications par email' })).toBeEnabled();
    expect(card.getByRole('switch', { name: 'Approbation des signalements' })).toBeEnabled();
    expect(card.getByRole('switch', { name: 'Mode maintenance' })).toBeDisabled();
  });

  it('opens under the layout\'s session check alone: no second check inside the page before its figures', async () => {
    const backend = withData();
    backend.sessionStorageFor('operateur');
    const page = watchPageFor(SESSION_CHECK);
    renderApp('/', { fetch: backend.fetch });
    expect(await screen.findByText('Signalements au total')).toBeInTheDocument();
    page.stop();
    expect(page.seen()).toBe(false);
  });
});
