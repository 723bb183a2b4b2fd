import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../renderApp';
import { allowConsoleError } from '../allowConsoleError';
import { ACCOUNTS } from '../../support/fakeBackend';
import { eventsBackend } from './eventsBackend';

/** /evenements as docs/ecrans.md (« Actualités et événements ») describes it, against a fake backend. */

afterEach(() => {
  vi.useRealTimers();
});

describe('the events list', { timeout: 60_000 }, () => {
  it('figures, count, the Liste and Calendrier tabs, and the columns Événement, Catégorie, Date, Heure, Lieu, Image, Actions', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 22:30 UTC on 13 March is already 14 March in Mamoudzou: "À venir" starts there.
    vi.setSystemTime(new Date('2026-03-13T22:30:00Z'));
    const { backend } = eventsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/evenements', { fetch: backend.fetch });
    expect(await screen.findByText('Chargement des événements...')).toBeInTheDocument();
    expect(await screen.findByText('3 événement(s) trouvé(s)')).toBeInTheDocument();

    const figures = within(screen.getByRole('list', { name: 'Chiffres clés' }));
    await waitFor(() => expect(figures.getByText('Total').nextSibling).toHaveTextContent('3'));
    await waitFor(() => expect(figures.getByText('Catégories').nextSibling).toHaveTextContent('3'));
    await waitFor(() => expect(figures.getByText('À venir').nextSibling).toHaveTextContent('2'));
    await waitFor(() => expect(figures.getByText('Avec images').nextSibling).toHaveTextContent('2'));
    await waitFor(() => expect(figures.getByText('Ce mois').nextSibling).toHaveTextContent('1'));
    const counts = backend.calls.filter((c) => c.query.includes('pagination[pageSize]=1&')).map((c) => c.query);
    expect(counts.some((q) => q.includes('filters[date][$gte]=2026-03-14'))).toBe(true);
    expect(counts.some((q) => q.includes('filters[date][$gte]=2026-03-01') && q.includes('filters[date][$lte]=2026-03-31'))).toBe(true);

    const views = screen.getByRole('tablist', { name: 'Affichage des événements' });
    expect(within(views).getAllByRole('tab').map((t) => t.textContent?.replace(/ \(\d+\)$/, ''))).toEqual(['Liste', 'Calendrier']);
    const table = screen.getByRole('table', { name: 'Liste des événements' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Événement', 'Catégorie', 'Date', 'Heure', 'Lieu', 'Image', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(1, 7).map((c) => c.textContent))).toEqual([
      ['Conseil municipal', 'Politique', '02/04/2026', '17:00', 'Hôtel de ville', 'Oui'],
      ['Marché nocturne', 'Économie', '14/03/2026', '19:30', 'Front de mer', 'Oui'],
      ['Tournoi de footballBrouillon, en attente de publication', 'Sport', '28/02/2026', '14:00', 'Stade de Cavani', 'Non'],
    ]);
  });

  it('shows the error, centred, with its message', async () => {
    allowConsoleError(/Strapi 500/);
    const { backend } = eventsBackend();
    backend.on('GET', '/api/events', { status: 500, statusText: 'Internal Server Error', body: { error: { status: 500, message: 'Base indisponible' } } });
    backend.sessionStorageFor('editeur');
    renderScreen('/evenements', { fetch: backend.fetch });
    // Said in French, without « Strapi 500: ».
    const error = await screen.findByText('Erreur lors du chargement des événements : Le serveur a rencontré une erreur. Réessayez plus tard.');
    expect(error.closest('[role="alert"]')).toHaveStyle({ justifyContent: 'center' });
  });

  it('says so when there is no event', async () => {
    const { backend } = eventsBackend([]);
    backend.sessionStorageFor('editeur');
    renderScreen('/evenements', { fetch: backend.fetch });
    expect(await screen.findByText('Aucun événement trouvé')).toBeInTheDocument();
  });

  it('filters by category, with "Toutes" for every category, and searches the text without accents', async () => {
    const user = userEvent.setup();
    const { backend } = eventsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/evenements', { fetch: backend.fetch });
    await screen.findByText('3 événement(s) trouvé(s)');
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Toutes', 'Culture', 'Sport', 'Éducation', 'Santé', 'Social', 'Environnement', 'Économie', 'Politique', 'Autre']);
    await user.click(screen.getByRole('option', { name: 'Sport' }));
    expect(await screen.findByText('1 événement(s) trouvé(s)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tournoi de football' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await user.click(await screen.findByRole('option', { name: 'Toutes' }));
    expect(await screen.findByText('3 événement(s) trouvé(s)')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Rechercher un événement' }), 'economie');
    expect(await screen.findByText('1 événement(s) trouvé(s)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Marché nocturne' })).toBeInTheDocument();
  });

  it('a row menu offers view, edit and delete, with the specification\'s question', async () => {
    const user = userEvent.setup();
    const { backend, rows } = eventsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/evenements', { fetch: backend.fetch });
    await screen.findByText('3 événement(s) trouvé(s)');
    await user.click(screen.getByRole('button', { name: 'Actions pour « Marché nocturne »' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Voir les détails', 'Modifier', 'Supprimer']);
    await user.click(screen.getByRole('menuitem', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: "Supprimer l'événement" });
    expect(within(confirm).getByText('Êtes-vous sûr de vouloir supprimer cet événement « Marché nocturne » ?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("L'événement a été supprimé.")).toBeInTheDocument();
    expect(rows.map((r) => r.documentId)).toEqual(['ev2', 'ev3']);
  });

  it('an Editor publishes an Author\'s draft from its detail; an Author under approval is not offered it', async () => {
    const user = userEvent.setup();
    const { backend, rows } = eventsBackend();
    backend.sessionStorageFor('editeur');
    const { unmount } = renderScreen('/evenements/ev2', { fetch: backend.fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Tournoi de football' }));
    expect(await detail.findByText('Brouillon')).toBeInTheDocument();
    expect(detail.getByText('samedi 28 février 2026 à 14:00')).toBeInTheDocument();
    expect(detail.getByText('Stade de Cavani')).toBeInTheDocument();
    expect(detail.getByText('Description 2')).toBeInTheDocument();
    await user.click(detail.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText("L'événement est publié.")).toBeInTheDocument();
    expect(rows.find((r) => r.documentId === 'ev2')!.status).toBe('published');
    unmount();

    // Their own draft: an Auteur changes only what they wrote (authorId).
    Object.assign(rows.find((r) => r.documentId === 'ev2')!, { status: 'draft', authorId: ACCOUNTS.auteur.id });
    const author = eventsBackend(rows, { eventApprovalRequired: true }).backend;
    author.sessionStorageFor('auteur');
    renderScreen('/evenements/ev2', { fetch: author.fetch });
    const mine = within(await screen.findByRole('dialog', { name: 'Tournoi de football' }));
    expect(await mine.findByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(mine.queryByRole('button', { name: 'Publier' })).not.toBeInTheDocument();
  });
});
