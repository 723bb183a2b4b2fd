import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../renderApp';
import { allowConsoleError } from '../allowConsoleError';
import { articlesBackend, makeArticles } from './articlesBackend';
import { ACCOUNTS } from '../../support/fakeBackend';

/** /actualites as docs/ecrans.md (« Actualités et événements ») describes it, against a fake backend. */

const listCalls = (backend: ReturnType<typeof articlesBackend>['backend']) =>
  backend.calls.filter((c) => c.method === 'GET' && c.path === '/api/articles' && c.query.includes('pagination[pageSize]=25'));

afterEach(() => {
  vi.useRealTimers();
});

describe('the news list', () => {
  it('says it is loading, then shows the figures, the count and the rows (title, slug, date in the town\'s time, image, status)', async () => {
    // "Ce mois" is the town's month: 2026-03-10 in Mamoudzou.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T09:00:00Z'));
    const { backend } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites', { fetch: backend.fetch });
    expect(await screen.findByText('Chargement des articles...')).toBeInTheDocument();
    expect(await screen.findByText('3 article(s) trouvé(s)')).toBeInTheDocument();

    const figures = within(screen.getByRole('list', { name: 'Chiffres clés' }));
    await waitFor(() => expect(figures.getByText('Total').nextSibling).toHaveTextContent('3'));
    await waitFor(() => expect(figures.getByText('Avec images').nextSibling).toHaveTextContent('2'));
    await waitFor(() => expect(figures.getByText('Avec galerie').nextSibling).toHaveTextContent('1'));
    await waitFor(() => expect(figures.getByText('Ce mois').nextSibling).toHaveTextContent('1'));
    // Counted by the backend: one row asked for, the filter on the media or on the town's month (UTC+3).
    const counts = backend.calls.filter((c) => c.query.includes('pagination[pageSize]=1&')).map((c) => c.query);
    expect(counts.some((q) => q.includes('filters[coverImage][id][$notNull]=true'))).toBe(true);
    expect(counts.some((q) => q.includes('filters[gallery][id][$notNull]=true'))).toBe(true);
    expect(counts.some((q) => q.includes('filters[date][$gte]=2026-02-28T21:00:00.000Z') && q.includes('filters[date][$lt]=2026-03-31T21:00:00.000Z'))).toBe(true);

    const table = await screen.findByRole('table', { name: 'Liste des articles' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Titre', 'Slug', 'Date', 'Image', 'Statut', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    const first = within(rows[0]);
    expect(first.getByRole('link', { name: 'Inscriptions scolaires 2026' })).toHaveAttribute('href', '/actualites/art1');
    expect(first.getByText('inscriptions-scolaires-2026')).toBeInTheDocument();
    // 07:00 UTC is 10:00 in Mamoudzou.
    expect(first.getByText('02/03/2026 10:00')).toBeInTheDocument();
    expect(first.getByText('Oui')).toBeInTheDocument();
    expect(first.getByText('Publié')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Brouillon')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Non')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Archivé')).toBeInTheDocument();
    expect(listCalls(backend)[0].query).toContain('sort[0]=date:desc');
  });

  it('shows the error with its message', async () => {
    allowConsoleError(/Strapi 500/);
    const { backend } = articlesBackend();
    backend.on('GET', '/api/articles', { status: 500, statusText: 'Internal Server Error', body: { error: { status: 500, message: 'Base indisponible' } } });
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites', { fetch: backend.fetch });
    expect(await screen.findByText('Erreur lors du chargement des articles : Le serveur a rencontré une erreur. Réessayez plus tard.')).toBeInTheDocument();
  });

  it('says so when there is no article', async () => {
    const { backend } = articlesBackend([]);
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites', { fetch: backend.fetch });
    expect(await screen.findByText('Aucun article trouvé')).toBeInTheDocument();
    expect(screen.getByText('0 article(s) trouvé(s)')).toBeInTheDocument();
  });

  it('searches by title, slug or summary on the server, without accents or case: "evenement" finds "Événement"', async () => {
    const user = userEvent.setup();
    const { backend } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites', { fetch: backend.fetch });
    await screen.findByText('3 article(s) trouvé(s)');
    await user.type(screen.getByRole('textbox', { name: 'Rechercher par titre, slug ou résumé' }), 'evenement');
    expect(await screen.findByText('1 article(s) trouvé(s)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Événement : fête de la musique' })).toBeInTheDocument();
    expect(listCalls(backend).at(-1)!.query).toContain('search=evenement');
  });

  it('publishes, unpublishes and deletes a selection (bulk actions), counting the selection', async () => {
    const user = userEvent.setup();
    const { backend, rows } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites', { fetch: backend.fetch });
    await screen.findByText('3 article(s) trouvé(s)');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les articles de la page' }));
    expect(screen.getByText('3 sélectionné(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Inscriptions scolaires 2026 »' }));
    expect(screen.getByText('2 sélectionné(s)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Publier', 'Dépublier', 'Supprimer']);
    await user.click(screen.getByRole('menuitem', { name: 'Publier' }));
    expect(await screen.findByText('2 article(s) publié(s).')).toBeInTheDocument();
    expect(rows.map((r) => r.status)).toEqual(['published', 'published', 'published']);
    expect(backend.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ data: { status: 'published' } }, { data: { status: 'published' } }]);

    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Coupure de courant à Cavani »' }));
    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    await user.click(screen.getByRole('menuitem', { name: 'Dépublier' }));
    expect(await screen.findByText("L'article est repassé en brouillon.")).toBeInTheDocument();
    expect(rows.find((r) => r.documentId === 'art3')!.status).toBe('draft');

    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les articles de la page' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Inscriptions scolaires 2026 »' }));
    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    await user.click(screen.getByRole('menuitem', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer 2 article(s)' });
    expect(within(confirm).getByText('Êtes-vous sûr de vouloir supprimer 2 article(s) ? Cette action est définitive.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('2 article(s) supprimé(s).')).toBeInTheDocument();
    expect(rows.map((r) => r.documentId)).toEqual(['art1']);
    expect(await screen.findByText('1 article(s) trouvé(s)')).toBeInTheDocument();
  });

  it('a row menu: Voir les détails, Modifier, Supprimer with the specification\'s question', async () => {
    const user = userEvent.setup();
    const { backend, rows } = articlesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/actualites', { fetch: backend.fetch });
    await screen.findByText('3 article(s) trouvé(s)');
    await user.click(screen.getByRole('button', { name: 'Actions pour « Coupure de courant à Cavani »' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Voir les détails', 'Modifier', 'Supprimer']);
    await user.click(screen.getByRole('menuitem', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: "Supprimer l'article" });
    expect(within(confirm).getByText('Êtes-vous sûr de vouloir supprimer cet article « Coupure de courant à Cavani » ?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("L'article a été supprimé.")).toBeInTheDocument();
    expect(rows.map((r) => r.documentId)).toEqual(['art1', 'art2']);
  });

  it('an Author under approval is not offered Publier nor Dépublier', async () => {
    const user = userEvent.setup();
    const { backend } = articlesBackend(undefined, { articleApprovalRequired: true });
    backend.sessionStorageFor('auteur');
    renderScreen('/actualites', { fetch: backend.fetch });
    await screen.findByText('3 article(s) trouvé(s)');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner tous les articles de la page' }));
    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Supprimer']);
  });

  it('an Author is offered to change and delete only their own drafts, not another person’s article', async () => {
    const user = userEvent.setup();
    const articles = makeArticles();
    Object.assign(articles[1], { authorId: ACCOUNTS.auteur.id });
    const { backend } = articlesBackend(articles, { articleApprovalRequired: true });
    backend.sessionStorageFor('auteur');
    renderScreen('/actualites', { fetch: backend.fetch });
    await screen.findByText('3 article(s) trouvé(s)');
    await user.click(screen.getByRole('button', { name: 'Actions pour « Coupure de courant à Cavani »' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Voir les détails']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions pour « Inscriptions scolaires 2026 »' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Voir les détails']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions pour « Événement : fête de la musique »' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Voir les détails', 'Modifier', 'Supprimer']);
  });

  it('an Author may publish their article when the settings do not ask for approval', async () => {
    const articles = makeArticles();
    Object.assign(articles[1], { authorId: ACCOUNTS.auteur.id });
    const { backend } = articlesBackend(articles, { articleApprovalRequired: false });
    backend.sessionStorageFor('auteur');
    renderScreen('/actualites/art2', { fetch: backend.fetch });
    const detail = await screen.findByRole('dialog', { name: 'Événement : fête de la musique' });
    expect(await within(detail).findByRole('button', { name: 'Publier' })).toBeInTheDocument();
  });
});
