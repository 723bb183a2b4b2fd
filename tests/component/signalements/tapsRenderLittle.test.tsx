import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import * as values from '../../../src/generic/values';
import type { RaRecord } from 'ra-core';
import { renderScreen } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';

/**
 * A tap renders what it changes, not the list behind it: on a phone each card is a few dozen components, and a
 * dialog opening or closing over 25 cards that all rendered again took most of a tap. Each card names its record
 * through `recordTitle` as it renders; the other cards' records must not be named while a report is opened, its
 * status dialog opened and closed, and the report closed (never a timed assertion: what renders is the behaviour).
 */

// A spy on the module's export (no vi.mock: the layer's workers share their modules between files), removed after.
let titled: MockInstance<typeof values.recordTitle>;
const titledIds = () => titled.mock.calls.map(([, record]) => (record as RaRecord | undefined)?.id);

const media = (globalThis as unknown as { __media: { width: number } }).__media;

beforeEach(() => {
  titled = vi.spyOn(values, 'recordTitle');
});
afterEach(() => {
  titled.mockRestore();
});

/** The reports list at 390 px for an operator, six reports: its cards, once shown. */
async function phoneList() {
  media.width = 390;
  const backend = reportsBackend(makeReports(6));
  backend.sessionStorageFor('operateur');
  renderScreen('/signalements', { fetch: backend.fetch });
  return within(await screen.findByRole('list', { name: /signalements/i }));
}

describe('on a phone, a tap on the reports list', { timeout: 60_000 }, () => {
  it('opening a report, its status dialog, closing both: no other card renders again', async () => {
    const user = userEvent.setup();
    const cards = await phoneList();
    const card = (await cards.findByText('Signalement numéro 3')).closest('article')!;
    // The page settled: every card shown, the tabs counted.
    await cards.findByText('Signalement numéro 6');
    await new Promise((resolve) => setTimeout(resolve, 300));
    titled.mockClear();

    await user.click(card);
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 3' }));
    await detail.findByText('Description 3');
    await user.click(detail.getByRole('button', { name: 'Changer statut' }));
    const statuses = within(await screen.findByRole('dialog', { name: 'Changer le statut' }));
    expect(statuses.getByRole('radiogroup')).toBeInTheDocument();
    await user.click(statuses.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Changer le statut' })).not.toBeInTheDocument());
    await user.click(detail.getAllByRole('button', { name: 'Fermer' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The opened report is named (its card's link, its dialog's title); no other record is.
    expect(titledIds()).toContain('rep3');
    expect(titledIds().filter((id) => id !== 'rep3')).toEqual([]);
    // And the list is still there, every card in it.
    expect(cards.getAllByRole('listitem')).toHaveLength(6);
  });

  it('opening « Changer statut » over a report renders the status dialog, not the report behind it again', async () => {
    const user = userEvent.setup();
    const cards = await phoneList();
    await user.click((await cards.findByText('Signalement numéro 3')).closest('article')!);
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 3' }));
    await detail.findByText('Description 3');
    await new Promise((resolve) => setTimeout(resolve, 300));
    titled.mockClear();

    await user.click(detail.getByRole('button', { name: 'Changer statut' }));
    expect(within(await screen.findByRole('dialog', { name: 'Changer le statut' })).getByRole('radiogroup')).toBeInTheDocument();
    // The report's dialog names its record as it renders (its title): it did not render again.
    expect(titledIds()).toEqual([]);
  });
});
