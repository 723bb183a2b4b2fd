import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../renderAtUrl';
import { eventRow, eventsBackend, makeEvents } from './eventsBackend';

/** The calendar's week on a phone: a list of days that reads, not seven columns of 50 px. */

const media = (globalThis as unknown as { __media: { width: number } }).__media;

beforeEach(() => {
  // Tuesday 10 March 2026 in Mamoudzou, on a 390 px phone.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T06:00:00Z'));
  media.width = 390;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the week on a phone', { timeout: 90_000 }, () => {
  it('lists the seven days, each with its events, time and whole title; a day is chosen, an event opens', async () => {
    const user = userEvent.setup();
    const rows = [...makeEvents(), eventRow(9, { title: 'Conférence sur la mangrove et le littoral de Mamoudzou', date: '2026-03-12', time: '18:30:00.000' })];
    const { backend } = eventsBackend(rows);
    backend.sessionStorageFor('editeur');
    renderAtUrl('/evenements?vue=calendrier&periode=semaine&date=2026-03-12', { fetch: backend.fetch });
    const week = await screen.findByRole('list', { name: 'Semaine du 9 au 15 mars 2026' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const days = within(week).getAllByRole('listitem').filter((item) => item.parentElement === week);
    expect(days).toHaveLength(7);
    const thursday = within(days[3]);
    const conference = await thursday.findByRole('button', { name: '18:30 Conférence sur la mangrove et le littoral de Mamoudzou' });
    expect(thursday.getByRole('button', { name: /jeudi 12 mars/i })).toHaveTextContent('1 événement(s)');
    expect(within(days[0]).getByRole('button', { name: /lundi 9 mars/i })).toHaveTextContent('0 événement(s)');
    expect(within(days[5]).getByRole('button', { name: '19:30 Marché nocturne' })).toBeInTheDocument();

    await user.click(within(days[5]).getByRole('button', { name: /samedi 14 mars/i }));
    expect(await screen.findByRole('heading', { name: 'Samedi 14 mars 2026' })).toBeInTheDocument();
    expect(within(days[5]).getByRole('button', { name: /samedi 14 mars/i })).toHaveAttribute('aria-pressed', 'true');

    await user.click(conference);
    expect(await screen.findByRole('dialog', { name: 'Conférence sur la mangrove et le littoral de Mamoudzou' })).toBeInTheDocument();
  });
});
