import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resources } from '../../../src/resources';
import { renderScreen } from '../renderApp';
import { FIRST_CARDS } from '../../../src/generic/list/ListCards';
import { allowConsoleError } from '../allowConsoleError';
import { makeMeetings, meetingsBackend, reunions } from './meetings';

/** The generic list screen of a resource declared only by its config (tests/component/generic/meetings.tsx). */

const registry = [...resources, reunions];
const listCalls = (backend: ReturnType<typeof meetingsBackend>['backend']) =>
  backend.calls.filter((c) => c.method === 'GET' && c.path === '/api/meetings' && c.query.includes('pagination[pageSize]=2'));
const media = (globalThis as unknown as { __media: { width: number } }).__media;

describe('the generic list, read from a config', () => {
  it('says it is loading, then shows the title, the figures, the tabs with counts, the count and the cells', async () => {
    const { backend } = meetingsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions', { fetch: backend.fetch, registry });
    expect(await screen.findByText('Chargement des réunions...')).toBeInTheDocument();
    expect(await screen.findByText('3 réunion(s) trouvée(s)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Réunions' })).toBeInTheDocument();

    // Figures computed by the backend over every record (one row asked for, the total read).
    const figures = within(screen.getByRole('list', { name: 'Chiffres clés' }));
    await waitFor(() => expect(figures.getByText('Total').nextSibling).toHaveTextContent('3'));
    expect(figures.getByText('À distance').nextSibling).toHaveTextContent('1');
    expect(backend.calls.some((c) => c.path === '/api/meetings' && c.query.includes('pagination[pageSize]=1') && c.query.includes('filters[online][$eq]=true'))).toBe(true);

    // Saved filters as tabs, with their counts.
    expect(await screen.findByRole('tab', { name: 'Toutes (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'En ligne (1)' })).toBeInTheDocument();

    // The first page (2 per page) from the server, asking only for the fields the columns show.
    const table = screen.getByRole('table', { name: 'Liste des réunions' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]);
    expect(first.getByRole('link', { name: 'Budget participatif' })).toHaveAttribute('href', '/reunions/m1');
    expect(first.getByText('Annexe')).toBeInTheDocument();
    expect(first.getByText('Oui')).toBeInTheDocument();
    expect(first.getByText('02/03/2026')).toBeInTheDocument();
    expect(first.getByText('budget')).toBeInTheDocument();
    expect(first.getByText('quartiers')).toBeInTheDocument();
    expect(first.queryByText('écoles')).not.toBeInTheDocument();
    expect(first.getByText('+2')).toBeVisible();
    expect(first.getByText('2 de plus : écoles, voirie')).toBeInTheDocument();
    // Never a blank yes/no.
    expect(within(rows[2]).getByText('Non')).toBeInTheDocument();
    const query = listCalls(backend)[0].query;
    expect(query).toContain('sort[0]=title:asc');
    for (const field of ['day', 'online', 'room', 'title', 'topics']) expect(query).toContain(`=${field}`);
    expect(query).not.toContain('=notes');
  });

  it('a tab filters the list on the server', async () => {
    const user = userEvent.setup();
    const { backend } = meetingsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions', { fetch: backend.fetch, registry });
    await user.click(await screen.findByRole('tab', { name: /^En ligne/ }));
    expect(await screen.findByText('1 réunion(s) trouvée(s)')).toBeInTheDocument();
    expect(listCalls(backend).at(-1)!.query).toContain('filters[online][$eq]=true');
    expect(screen.getByRole('tab', { name: /^En ligne/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the error with its message', async () => {
    allowConsoleError(/Strapi 500/);
    const { backend } = meetingsBackend();
    backend.on('GET', '/api/meetings', { status: 500, statusText: 'Internal Server Error', body: { error: { status: 500, message: 'Base indisponible' } } });
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions', { fetch: backend.fetch, registry });
    expect(await screen.findByText('Erreur lors du chargement des réunions : Le serveur a rencontré une erreur. Réessayez plus tard.')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const { backend } = meetingsBackend([]);
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions', { fetch: backend.fetch, registry });
    expect(await screen.findByText('Aucune réunion trouvée')).toBeInTheDocument();
    expect(screen.getByText('0 réunion(s) trouvée(s)')).toBeInTheDocument();
  });

  it('selects the page, counts the selection and runs a bulk update declared in the config', async () => {
    const user = userEvent.setup();
    const { backend, rows } = meetingsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions', { fetch: backend.fetch, registry });
    await screen.findByText('3 réunion(s) trouvée(s)');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les réunions de la page' }));
    expect(screen.getByText('2 sélectionné(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Commission voirie »' }));
    expect(screen.getByText('1 sélectionné(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner « Commission voirie »' }));
    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Archiver', 'Supprimer']);
    await user.click(screen.getByRole('menuitem', { name: 'Archiver' }));
    expect(await screen.findByText('2 réunion(s) archivée(s).')).toBeInTheDocument();
    expect(rows.filter((r) => r.status === 'archived').map((r) => r.documentId)).toEqual(['m1', 'm2']);
    await waitFor(() => expect(screen.queryByText(/sélectionné\(s\)/)).not.toBeInTheDocument());
  });

  it('a bulk action that partly fails says how many went through and why, in French', async () => {
    allowConsoleError(/Strapi 403/);
    const user = userEvent.setup();
    const { backend, rows } = meetingsBackend();
    backend.on('PUT', '/api/meetings/m2', { status: 403, statusText: 'Forbidden', body: { error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } } });
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions', { fetch: backend.fetch, registry });
    await screen.findByText('3 réunion(s) trouvée(s)');
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les réunions de la page' }));
    await user.click(screen.getByRole('button', { name: 'Actions groupées' }));
    await user.click(screen.getByRole('menuitem', { name: 'Archiver' }));
    const toast = await screen.findByText(/^Impossible d'archiver\. 1 réussi\(s\), 1 en échec\./);
    expect(toast.textContent).not.toContain('Strapi');
    expect(rows.find((r) => r.documentId === 'm1')!.status).toBe('archived');
    expect(rows.find((r) => r.documentId === 'm2')!.status).toBe('open');
  });

  it('a row menu offers the config\'s row actions the role may run', async () => {
    const user = userEvent.setup();
    const { backend } = meetingsBackend();
    backend.sessionStorageFor('operateur'); // contenus: read only
    renderScreen('/reunions', { fetch: backend.fetch, registry });
    await screen.findByText('3 réunion(s) trouvée(s)');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nouvelle réunion' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions pour « Budget participatif »' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Voir les détails']);
  });

  it('shows cards instead of a table when the config asks for them', async () => {
    const { backend } = meetingsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions', { fetch: backend.fetch, registry: [...resources, { ...reunions, list: { ...reunions.list, layout: 'cards' } }] });
    const cards = await screen.findByRole('list', { name: 'Liste des réunions' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('heading', { name: 'Budget participatif' })).toBeInTheDocument();
    expect(within(items[0]).getByText('Annexe')).toBeInTheDocument();
    expect(within(items[0]).getByRole('checkbox', { name: 'Sélectionner « Budget participatif »' })).toBeInTheDocument();
  });

  it('on a phone (390 px): one card per record, the filters folded behind "Filtres"', async () => {
    media.width = 390;
    const user = userEvent.setup();
    const { backend } = meetingsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions', { fetch: backend.fetch, registry });
    const cards = await screen.findByRole('list', { name: 'Liste des réunions' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Rechercher une réunion' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Salle' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Filtres' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await user.click(await screen.findByRole('combobox', { name: 'Salle' }));
    await user.click(await screen.findByRole('option', { name: 'Salle du conseil' }));
    expect(await screen.findByText('1 réunion(s) trouvée(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Filtres ?, 1 filtre\(s\) actif\(s\)$/ })).toBeInTheDocument();
  });

  it('on a phone, the first answer draws the cards a screen shows at once and the page’s others just after; the next page (its buttons named in French) replaces them whole', async () => {
    media.width = 390;
    const user = userEvent.setup();
    const many = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, documentId: `m${i + 1}`, title: `Réunion ${String(i + 1).padStart(2, '0')}`, room: 'annexe', online: false, day: '2026-03-02', topics: [], status: 'open' }));
    const { backend } = meetingsBackend(many);
    backend.sessionStorageFor('editeur');
    // The number of cards after each commit of the DOM (React writes a commit's changes in one go, the observer
    // reads them after): the drawings, in order, whatever their timing.
    const drawings: number[] = [];
    const observer = new MutationObserver(() => {
      const count = document.querySelectorAll('[role="listitem"]').length;
      if (count && count !== drawings.at(-1)) drawings.push(count);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      renderScreen('/reunions', { fetch: backend.fetch, registry: [...resources, { ...reunions, list: { ...reunions.list, perPage: 10 } }] });
      const cards = await screen.findByRole('list', { name: 'Liste des réunions' });
      await waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(10));
      expect(drawings).toEqual([FIRST_CARDS, 10]);
      expect(screen.getByRole('button', { name: 'Aller à la page précédente' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Aller à la page suivante' }));
      await within(cards).findByRole('heading', { name: 'Réunion 11' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(10);
      expect(drawings).toEqual([FIRST_CARDS, 10]);
    } finally {
      observer.disconnect();
    }
  });
});

describe('the generic dialogs', () => {
  it('a click on a row opens the detail at /{name}/{id}; Supprimer asks with the resource\'s words', async () => {
    const user = userEvent.setup();
    const { backend, rows } = meetingsBackend(makeMeetings());
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions', { fetch: backend.fetch, registry });
    await user.click(await screen.findByText('02/03/2026'));
    const detail = await screen.findByRole('dialog', { name: 'Budget participatif' });
    // The list's copy first, then the detail's own answer.
    await waitFor(() => expect(within(detail).queryByText('Chargement du reste de la fiche...')).not.toBeInTheDocument());
    expect(within(detail).getByText('Annexe')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer la réunion' });
    expect(within(confirm).getByText('Êtes-vous sûr de vouloir supprimer cette réunion « Budget participatif » ?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('La réunion a été supprimée.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rows.map((r) => r.documentId)).toEqual(['m2', 'm3']);
    expect(await screen.findByText('2 réunion(s) trouvée(s)')).toBeInTheDocument();
  });

  it('a server field error shows under its field; the dialog stays open with every value and a French message', async () => {
    allowConsoleError(/Strapi 400/);
    const user = userEvent.setup();
    const { backend, rows } = meetingsBackend();
    backend.on('POST', '/api/meetings', {
      status: 400,
      statusText: 'Bad Request',
      body: {
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'title must be at most 200 characters',
          details: { code: 'invalid_fields', errors: [{ path: ['title'], message: 'title must be at most 200 characters', name: 'ValidationError', code: 'too_long', params: { max: '200' } }] },
        },
      },
    });
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions/create', { fetch: backend.fetch, registry });
    const form = await screen.findByRole('dialog', { name: 'Nouvelle réunion' });
    const f = within(form);
    await user.click(f.getByRole('button', { name: 'Créer' }));
    expect(await f.findByText("L'objet est requis")).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(f.getByRole('textbox', { name: 'Objet' }), 'Réunion de quartier');
    await user.click(f.getByRole('combobox', { name: 'Salle' }));
    await user.click(await screen.findByRole('option', { name: 'Annexe' }));
    await user.type(f.getByRole('textbox', { name: 'Notes' }), 'Ordre du jour à venir');
    await user.click(f.getByRole('button', { name: 'Créer' }));
    expect(await f.findByText('Ce champ ne peut pas dépasser 200 caractères')).toBeInTheDocument();
    const toast = await screen.findByText(/^Impossible de créer la réunion\./);
    expect(toast.textContent).not.toContain('Strapi');
    const still = within(screen.getByRole('dialog', { name: 'Nouvelle réunion' }));
    expect(still.getByRole('textbox', { name: 'Objet' })).toHaveValue('Réunion de quartier');
    expect(still.getByRole('textbox', { name: 'Notes' })).toHaveValue('Ordre du jour à venir');
    expect(rows).toHaveLength(3);
  });

  it('edits a record at /{name}/{id}/edit: only what changed is sent, the resource\'s toast, back to where it was opened', async () => {
    const user = userEvent.setup();
    const { backend, rows } = meetingsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions/m2', { fetch: backend.fetch, registry });
    const detail = await screen.findByRole('dialog', { name: 'Commission voirie' });
    await user.click(await within(detail).findByRole('button', { name: 'Modifier' }));
    const form = await screen.findByRole('dialog', { name: 'Modifier la réunion' });
    const title = await within(form).findByRole('textbox', { name: 'Objet' });
    expect(title).toHaveValue('Commission voirie');
    await user.clear(title);
    await user.type(title, 'Commission voirie et mobilité');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Réunion modifiée')).toBeInTheDocument();
    expect(backend.calls.find((c) => c.method === 'PUT')!.body).toEqual({ data: { title: 'Commission voirie et mobilité' } });
    expect(rows.find((r) => r.documentId === 'm2')!.title).toBe('Commission voirie et mobilité');
    // Back to the detail it was opened from, refreshed.
    expect(await screen.findByRole('dialog', { name: 'Commission voirie et mobilité' })).toBeInTheDocument();
  });
});
