import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../renderApp';
import { eventRow, eventsBackend } from './eventsBackend';

/** The Calendrier tab of /evenements (docs/ecrans.md, « Actualités et événements »: at most 3 dots a day). */

const CATEGORIES = ['Culture', 'Sport', 'Santé', 'Social', 'Économie'];
function calendarEvents() {
  let n = 0;
  const on = (date: string, count: number, time = 8) =>
    Array.from({ length: count }, (_, i) => eventRow(++n, { title: `Événement du ${date} n°${i + 1}`, date, time: `${String(time + i).padStart(2, '0')}:00:00.000`, category: CATEGORIES[i % CATEGORIES.length] }));
  return [...on('2026-02-27', 1), ...on('2026-03-03', 1), ...on('2026-03-12', 3), ...on('2026-03-18', 5, 9), ...on('2026-04-02', 1)];
}

const calendarCalls = (backend: ReturnType<typeof eventsBackend>['backend']) =>
  backend.calls.filter((c) => c.method === 'GET' && c.path === '/api/events' && c.query.includes('pagination[pageSize]=1000'));
const day = (name: RegExp | string) => screen.getByRole('button', { name });
const dots = (button: HTMLElement) => button.querySelectorAll('[data-dot]').length;
const more = (button: HTMLElement) => button.querySelector('[data-more]')?.textContent ?? '';

async function openCalendar(account: 'editeur' | 'operateur' = 'editeur') {
  const user = userEvent.setup();
  const { backend, rows } = eventsBackend(calendarEvents());
  backend.sessionStorageFor(account);
  renderScreen('/evenements', { fetch: backend.fetch });
  await user.click(await screen.findByRole('tab', { name: 'Calendrier' }));
  await screen.findByRole('grid', { name: 'Mars 2026' });
  await waitFor(() => expect(day(/^jeudi 12 mars 2026, 3 événement\(s\)/)).toBeInTheDocument());
  return { user, backend, rows };
}

beforeEach(() => {
  // Tuesday 10 March 2026, 09:00 in Mamoudzou.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the events calendar', { timeout: 60_000 }, () => {
  it('shows the month, Monday first, and asks the backend for the visible days only', async () => {
    const { backend } = await openCalendar();
    const grid = screen.getByRole('grid', { name: 'Mars 2026' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.']);
    // March 2026 starts on a Sunday: the grid runs from Monday 23 February to Sunday 5 April.
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(42);
    const query = calendarCalls(backend).at(-1)!.query;
    expect(query).toContain('filters[date][$gte]=2026-02-23');
    expect(query).toContain('filters[date][$lte]=2026-04-05');
    const today = day(/^mardi 10 mars 2026/);
    expect(today).toHaveAccessibleName("mardi 10 mars 2026, 0 événement(s), aujourd'hui");
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveAttribute('tabindex', '0');
  });

  it('marks a day with one dot per event, at most three, then "+n": 0, 1, 3 and 5 events', async () => {
    await openCalendar();
    expect(dots(day(/^mercredi 25 mars 2026, 0 événement/))).toBe(0);
    expect(dots(day(/^mardi 3 mars 2026, 1 événement/))).toBe(1);
    const three = day(/^jeudi 12 mars 2026, 3 événement/);
    expect(dots(three)).toBe(3);
    expect(more(three)).toBe('');
    const five = day(/^mercredi 18 mars 2026, 5 événement/);
    expect(dots(five)).toBe(3);
    expect(more(five)).toBe('+2');
    // Days of the neighbouring months are shown with theirs.
    expect(dots(day(/^vendredi 27 février 2026, 1 événement/))).toBe(1);
  });

  it('the side panel lists the selected day\'s events by time; one opens its detail', async () => {
    const { user } = await openCalendar();
    const panel = () => within(screen.getByRole('region', { name: /^(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche) / }));
    expect(panel().getByText('Aucun événement ce jour.')).toBeInTheDocument();
    await user.click(day(/^mercredi 18 mars 2026/));
    expect(screen.getByRole('region', { name: 'Mercredi 18 mars 2026' })).toBeInTheDocument();
    expect(day(/^mercredi 18 mars 2026/).closest('td')).toHaveAttribute('aria-selected', 'true');
    const titles = panel().getAllByRole('button', { name: /^Événement du 2026-03-18/ }).map((b) => b.textContent);
    expect(titles).toEqual([1, 2, 3, 4, 5].map((i) => `Événement du 2026-03-18 n°${i}`));
    expect(panel().getByText('09:00 · Place Mariage')).toBeInTheDocument();
    await user.click(panel().getByRole('button', { name: 'Événement du 2026-03-18 n°2' }));
    expect(await screen.findByRole('dialog', { name: 'Événement du 2026-03-18 n°2' })).toBeInTheDocument();
  });

  it('sums up the month: events, days with events, categories', async () => {
    await openCalendar();
    const summary = within(screen.getByRole('region', { name: 'Résumé du mois' }));
    const figure = (label: string) => summary.getByText(label).nextSibling?.textContent;
    // 1 + 3 + 5 events on 3 days of March, in 5 categories (February's and April's are not counted).
    expect(figure('Événements')).toBe('9');
    expect(figure('Jours avec événements')).toBe('3');
    expect(figure('Catégories')).toBe('5');
  });

  it('is used with the keyboard alone: arrows move between days, Enter selects, Page Down changes month', async () => {
    const { user, backend } = await openCalendar();
    day(/^mardi 10 mars 2026/).focus();
    await user.keyboard('{ArrowRight}');
    expect(day(/^mercredi 11 mars 2026/)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day(/^mercredi 18 mars 2026/)).toHaveFocus();
    expect(day(/^mercredi 18 mars 2026/)).toHaveAttribute('tabindex', '0');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Mercredi 18 mars 2026' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(day(/^mardi 10 mars 2026/)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day(/^lundi 9 mars 2026/)).toHaveFocus();
    await user.keyboard('{End}');
    expect(day(/^dimanche 15 mars 2026/)).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(await screen.findByRole('grid', { name: 'Avril 2026' })).toBeInTheDocument();
    await waitFor(() => expect(day(/^mercredi 15 avril 2026/)).toHaveFocus());
    await waitFor(() => expect(calendarCalls(backend).at(-1)!.query).toContain('filters[date][$gte]=2026-03-30'));
    // Across the month's end, the arrows move the month too.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(await screen.findByRole('grid', { name: 'Mai 2026' })).toBeInTheDocument();
    await waitFor(() => expect(day(/^mercredi 6 mai 2026/)).toHaveFocus());
    await user.keyboard(' ');
    expect(screen.getByRole('region', { name: 'Mercredi 6 mai 2026' })).toBeInTheDocument();
  });

  it('previous, next and today; the week view from Monday to Sunday with the day\'s events', async () => {
    const { user, backend } = await openCalendar();
    await user.click(screen.getByRole('button', { name: 'Mois suivant' }));
    expect(await screen.findByRole('grid', { name: 'Avril 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mois précédent' }));
    await user.click(screen.getByRole('button', { name: 'Mois précédent' }));
    expect(await screen.findByRole('grid', { name: 'Février 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Aujourd'hui" }));
    expect(await screen.findByRole('grid', { name: 'Mars 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Semaine' }));
    expect(screen.getByRole('button', { name: 'Semaine' })).toHaveAttribute('aria-pressed', 'true');
    const week = await screen.findByRole('grid', { name: 'Semaine du 9 au 15 mars 2026' });
    expect(within(week).getAllByRole('gridcell')).toHaveLength(7);
    await waitFor(() => expect(calendarCalls(backend).at(-1)!.query).toMatch(/filters\[date\]\[\$gte\]=2026-03-09.*filters\[date\]\[\$lte\]=2026-03-15/));
    expect(day(/^jeudi 12 mars 2026, 3 événement/)).toHaveTextContent('08:00 Événement du 2026-03-12 n°1');
    expect(screen.getByRole('region', { name: 'Résumé de la semaine' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Semaine suivante' }));
    expect(await screen.findByRole('grid', { name: 'Semaine du 16 au 22 mars 2026' })).toBeInTheDocument();
    await waitFor(() => expect(day(/^mercredi 18 mars 2026, 5 événement/)).toHaveTextContent('+1'));
  });

  it('the add button opens the form on the selected day; the filters apply to the calendar', async () => {
    const { user, backend } = await openCalendar();
    await user.click(day(/^mercredi 25 mars 2026/));
    await user.click(screen.getByRole('button', { name: 'Ajouter un événement le mercredi 25 mars 2026' }));
    const form = within(await screen.findByRole('dialog', { name: 'Nouvel événement' }));
    await waitFor(() => expect(form.getByLabelText(/^Date/)).toHaveValue('2026-03-25'));
    expect(form.getByLabelText(/^Heure/)).toHaveValue('18:00');
    await user.click(form.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Still on the calendar.
    expect(screen.getByRole('tab', { name: 'Calendrier' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await user.click(await screen.findByRole('option', { name: 'Sport' }));
    await waitFor(() => expect(calendarCalls(backend).at(-1)!.query).toContain('filters[category][$eq]=Sport'));
    await waitFor(() => expect(day(/^mercredi 18 mars 2026, 1 événement/)).toBeInTheDocument());
  });

  it('a role that may not create is not offered the add button', async () => {
    await openCalendar('operateur');
    expect(screen.queryByRole('button', { name: /^Ajouter un événement/ })).not.toBeInTheDocument();
  });
});
