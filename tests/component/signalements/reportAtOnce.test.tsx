import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../src/providers/http';
import { renderScreen } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';

/**
 * A field agent's taps answer at once: what the device already holds is shown without waiting for the
 * server (never a timed assertion: the order of what is painted and what is asked is the behaviour).
 */

const media = (globalThis as unknown as { __media: { width: number } }).__media;

/** The backend's answers to the requests `held` picks, kept back until `release()`. */
function holding(fetch: FetchLike, held: (url: string, init?: RequestInit) => boolean) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const waiting: string[] = [];
  const wrapped: FetchLike = async (input, init) => {
    const url = String(input);
    if (held(url, init)) {
      waiting.push(url);
      await gate;
    }
    return fetch(input, init);
  };
  return { fetch: wrapped, release: () => release(), waiting };
}

describe('a report opened from its card', { timeout: 60_000 }, () => {
  it('shows the list’s copy of the report before its own request answers, then fills in the rest', async () => {
    media.width = 390;
    const user = userEvent.setup();
    const rows = makeReports(5);
    const backend = reportsBackend(rows);
    backend.sessionStorageFor('operateur');
    const detail = holding(backend.fetch, (url) => /\/api\/reports\/rep3(\?|$)/.test(url));
    renderScreen('/signalements', { fetch: detail.fetch });

    const cards = within(await screen.findByRole('list', { name: /signalements/i }));
    const card = (await cards.findByText('Signalement numéro 3')).closest('article')!;
    await user.click(card);

    const dialog = within(await screen.findByRole('dialog', { name: 'Signalement numéro 3' }));
    // The list's fields, while the detail's own GET is still held back by the backend.
    expect(detail.waiting.some((url) => url.includes('/api/reports/rep3'))).toBe(true);
    expect(dialog.getByText('En attente')).toBeInTheDocument();
    expect(dialog.getByText('Haute')).toBeInTheDocument();
    expect(dialog.getByText('Kawéni')).toBeInTheDocument();
    expect(dialog.getByRole('status')).toHaveTextContent('Chargement du reste de la fiche...');
    // Its buttons already work from the list's copy (status, version).
    expect(dialog.getByRole('button', { name: 'Changer statut' })).toBeEnabled();
    // Not yet what only the detail holds.
    expect(dialog.queryByText('Description 3')).not.toBeInTheDocument();

    detail.release();
    expect(await dialog.findByText('Description 3')).toBeInTheDocument();
    expect(dialog.getByText('3 rue du Marché')).toBeInTheDocument();
    await waitFor(() => expect(dialog.queryByText('Chargement du reste de la fiche...')).not.toBeInTheDocument());
  });
});
