import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../renderAtUrl';
import { eventsBackend } from './eventsBackend';

/** /evenements by address: the Liste or Calendrier view, the calendar's period, the list's filters, search and sort. */

const filterOf = (filter: Record<string, unknown>) => encodeURIComponent(JSON.stringify(filter));
const titles = () => within(screen.getByRole('table', { name: 'Liste des événements' })).getAllByRole('link').map((link) => link.textContent);

function open(url: string) {
  const { backend } = eventsBackend();
  backend.sessionStorageFor('editeur');
  return renderAtUrl(url, { fetch: backend.fetch });
}

beforeEach(() => {
  // Tuesday 10 March 2026, 09:00 in Mamoudzou.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the events by address', { timeout: 90_000 }, () => {
  it('opens the Calendrier view at the week and day of the address; the tabs, the period and its moves write the address; a reload keeps them', async () => {
    const user = userEvent.setup();
    const app = open('/evenements?vue=calendrier&periode=semaine&date=2026-03-12');
    const views = await screen.findByRole('tablist', { name: 'Affichage des événements' });
    expect(within(views).getByRole('tab', { name: 'Calendrier' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('grid', { name: 'Semaine du 9 au 15 mars 2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Jeudi 12 mars 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Semaine' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Mois' }));
    expect(await screen.findByRole('grid', { name: 'Mars 2026' })).toBeInTheDocument();
    expect(app.url()).toBe('/evenements?vue=calendrier&date=2026-03-12');
    await user.click(screen.getByRole('button', { name: 'Mois suivant' }));
    expect(await screen.findByRole('grid', { name: 'Avril 2026' })).toBeInTheDocument();
    expect(app.url()).toBe('/evenements?vue=calendrier&date=2026-04-12');

    app.reload();
    expect(await screen.findByRole('grid', { name: 'Avril 2026' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Calendrier' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: "Aujourd'hui" }));
    expect(await screen.findByRole('grid', { name: 'Mars 2026' })).toBeInTheDocument();
    expect(app.url()).toBe('/evenements?vue=calendrier');

    const list = screen.getByRole('tab', { name: /^Liste/ });
    await user.click(list);
    expect(await screen.findByRole('table', { name: 'Liste des événements' })).toBeInTheDocument();
    expect(app.url()).toBe('/evenements');
    // The tab keeps the focus, for the keyboard.
    expect(list).toHaveFocus();
    // Back returns to the calendar.
    await app.router.navigate(-1);
    expect(await screen.findByRole('grid', { name: 'Mars 2026' })).toBeInTheDocument();
  });

  it('a link to another day moves the calendar, and Back returns to the day before', async () => {
    const user = userEvent.setup();
    const app = open('/evenements?vue=calendrier&date=2026-04-02');
    expect(await screen.findByRole('grid', { name: 'Avril 2026' })).toBeInTheDocument();
    // The keyboard moves from day to day at once; the address follows.
    const day = screen.getByRole('button', { name: /^jeudi 2 avril 2026/ });
    day.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(screen.getByRole('button', { name: /^vendredi 3 avril 2026/ })).toHaveFocus();
    await waitFor(() => expect(app.params().get('date')).toBe('2026-04-03'));
    await app.router.navigate('/evenements?vue=calendrier&date=2026-06-15');
    expect(await screen.findByRole('grid', { name: 'Juin 2026' })).toBeInTheDocument();
    await app.router.navigate(-1);
    expect(await screen.findByRole('grid', { name: 'Avril 2026' })).toBeInTheDocument();
  });

  it('an unknown view in the address is the list', async () => {
    open('/evenements?vue=agenda');
    expect(await screen.findByRole('table', { name: 'Liste des événements' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Liste (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Calendrier' })).toHaveAttribute('aria-selected', 'false');
  });

  it('a list address with a search, a category and a sort shows those rows, and the filters show those values; a reload keeps them', async () => {
    const user = userEvent.setup();
    const app = open(`/evenements?filter=${filterOf({ q: 'marche', category: 'Économie' })}`);
    await waitFor(() => expect(titles()).toEqual(['Marché nocturne']));
    expect(screen.getByRole('textbox', { name: 'Rechercher un événement' })).toHaveValue('marche');
    expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveTextContent('Économie');

    // Changing a filter writes the address.
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await user.click(await screen.findByRole('option', { name: 'Toutes' }));
    await user.clear(screen.getByRole('textbox', { name: 'Rechercher un événement' }));
    await waitFor(() => expect(titles()).toEqual(['Conseil municipal', 'Marché nocturne', 'Tournoi de football']));
    expect(app.filter()).toEqual({});
    await user.type(screen.getByRole('textbox', { name: 'Rechercher un événement' }), 'o');
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await user.click(await screen.findByRole('option', { name: 'Sport' }));
    await waitFor(() => expect(app.filter()).toEqual({ q: 'o', category: 'Sport' }));
    await waitFor(() => expect(titles()).toEqual(['Tournoi de football']));

    app.reload();
    await waitFor(() => expect(titles()).toEqual(['Tournoi de football']));
    expect(screen.getByRole('textbox', { name: 'Rechercher un événement' })).toHaveValue('o');
    expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveTextContent('Sport');

    // Sort and order too.
    await app.router.navigate('/evenements?sort=title&order=DESC');
    await waitFor(() => expect(titles()).toEqual(['Tournoi de football', 'Marché nocturne', 'Conseil municipal']));
    expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveTextContent('Toutes');
  });

  it('a record opened from a filtered list keeps the filters in its address; closing it shows the same list', async () => {
    const user = userEvent.setup();
    const app = open(`/evenements?filter=${filterOf({ category: 'Économie' })}`);
    await waitFor(() => expect(titles()).toEqual(['Marché nocturne']));
    await user.click(screen.getByRole('link', { name: 'Marché nocturne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marché nocturne' });
    expect(app.path()).toBe('/evenements/ev1');
    expect(app.filter()).toEqual({ category: 'Économie' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.path()).toBe('/evenements');
    expect(app.filter()).toEqual({ category: 'Économie' });
    expect(titles()).toEqual(['Marché nocturne']);
  });

  it('back through the menu, the list is as it was left; an address with its own filters wins over what was remembered', async () => {
    const user = userEvent.setup();
    const app = open('/evenements');
    await waitFor(() => expect(titles()).toHaveLength(3));
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await user.click(await screen.findByRole('option', { name: 'Sport' }));
    await waitFor(() => expect(titles()).toEqual(['Tournoi de football']));

    const menu = within(screen.getByRole('navigation', { name: 'Navigation principale' }));
    await user.click(menu.getByRole('link', { name: 'Actualités' }));
    await screen.findByRole('heading', { name: 'Actualités', level: 2 });
    await user.click(menu.getByRole('link', { name: 'Événements' }));
    await waitFor(() => expect(titles()).toEqual(['Tournoi de football']));
    await waitFor(() => expect(app.filter()).toEqual({ category: 'Sport' }));

    await app.router.navigate(`/evenements?filter=${filterOf({ category: 'Politique' })}`);
    await waitFor(() => expect(titles()).toEqual(['Conseil municipal']));
    expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveTextContent('Politique');
  });
});
