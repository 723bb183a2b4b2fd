import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '../allowConsoleError';
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

/** Opens report rep1 (« Nouveau ») and changes its status to « En cours » through the dialog. */
async function changeToInProgress(account: 'operateur' | 'admin' = 'operateur', refuse = false) {
  media.width = 1280;
  const user = userEvent.setup();
  const rows = makeReports(3);
  const backend = reportsBackend(rows);
  if (refuse) {
    backend.on('PUT', /^\/api\/reports\//, {
      status: 403,
      statusText: 'Forbidden',
      body: { error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } },
    });
  }
  backend.sessionStorageFor(account);
  renderScreen('/signalements/rep1', { fetch: backend.fetch });
  const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 1' }));
  await detail.findByText('Description 1');
  expect(detail.getByText('Nouveau')).toBeInTheDocument();
  await user.click(detail.getByRole('button', { name: 'Changer statut' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Changer le statut' }));
  await user.click(dialog.getByRole('combobox', { name: 'Nouveau statut' }));
  await user.click(screen.getByRole('option', { name: 'En cours' }));
  await user.click(dialog.getByRole('button', { name: 'Changer le statut' }));
  const puts = () => backend.calls.filter((call) => call.method === 'PUT');
  return { user, rows, backend, detail, puts };
}

/**
 * The toast that offers « Annuler » and sends the change when it goes. It is outside the report's dialog, which
 * hides it from the keyboard and screen readers while it is up (hence `hidden`): the dialog offers « Annuler » too.
 */
async function toastFor(message: string) {
  const text = await screen.findByText(message);
  return within(text.closest('[role="alert"]') as HTMLElement);
}
const closeToast = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click((await toastFor('Le signalement est maintenant « En cours ».')).getByRole('button', { name: 'Fermer', hidden: true }));

describe('a status change', { timeout: 60_000 }, () => {
  it('is painted at once, before anything is sent; « Annuler » puts it back and nothing is ever sent', async () => {
    const { user, rows, detail, puts } = await changeToInProgress();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Changer le statut' })).not.toBeInTheDocument());
    // The report and the list behind it say « En cours », and the server has not been asked yet.
    expect(await detail.findByText('En cours')).toBeInTheDocument();
    expect(detail.queryByText('Nouveau')).not.toBeInTheDocument();
    expect(puts()).toEqual([]);

    // The toast and the report's dialog both offer « Annuler »: the dialog's, which the keyboard reaches.
    expect((await toastFor('Le signalement est maintenant « En cours ».')).getByRole('button', { name: 'Annuler', hidden: true })).toBeInTheDocument();
    const undone = within(detail.getByRole('alert'));
    expect(undone.getByText('Statut mis à jour')).toBeInTheDocument();
    await user.click(undone.getByRole('button', { name: 'Annuler' }));
    expect(await detail.findByText('Nouveau')).toBeInTheDocument();
    expect(detail.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Le signalement est maintenant « En cours ».')).not.toBeInTheDocument());
    expect(puts()).toEqual([]);
    expect(rows[0].report_status).toBe('nouveau');
  });

  it('is sent once its toast goes', async () => {
    const { user, rows, detail, puts } = await changeToInProgress();
    expect(await detail.findByText('En cours')).toBeInTheDocument();
    await closeToast(user);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ data: { report_status: 'en_cours' } });
    await waitFor(() => expect(rows[0].report_status).toBe('en_cours'));
    expect(detail.getByText('En cours')).toBeInTheDocument();
  });

  it('is sent at once when the page is hidden (the phone put away, the tab closing), its toast gone', async () => {
    const { rows, detail, puts } = await changeToInProgress();
    expect(await detail.findByText('En cours')).toBeInTheDocument();
    expect(puts()).toEqual([]);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      // Back to jsdom's own (on the prototype).
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
    // Before the toast's own 5 s are up.
    await waitFor(() => expect(puts()).toHaveLength(1), { timeout: 4000 });
    expect(puts()[0].body).toEqual({ data: { report_status: 'en_cours' } });
    await waitFor(() => expect(rows[0].report_status).toBe('en_cours'), { timeout: 4000 });
    await waitFor(() => expect(screen.queryByText('Le signalement est maintenant « En cours ».')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(detail.queryByRole('button', { name: 'Annuler' })).not.toBeInTheDocument();
  });

  it('refused by the server, is put back and says why in French', async () => {
    allowConsoleError(/Strapi 403|Forbidden/);
    const { user, rows, detail, puts } = await changeToInProgress('operateur', true);
    expect(await detail.findByText('En cours')).toBeInTheDocument();
    await closeToast(user);
    expect(
      await screen.findByText(/^Impossible de changer le statut du signalement\. .+ Le signalement reste « Nouveau »\.$/),
    ).toBeInTheDocument();
    expect(await detail.findByText('Nouveau')).toBeInTheDocument();
    expect(detail.queryByText('En cours')).not.toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    expect(rows[0].report_status).toBe('nouveau');
  });
});

describe('a status change without a network', { timeout: 60_000 }, () => {
  it('is painted at once, queued on the device when its toast goes, and sent when the server answers again', async () => {
    allowConsoleError(/Failed to fetch/);
    media.width = 1280;
    const user = userEvent.setup();
    const rows = makeReports(3);
    const backend = reportsBackend(rows);
    backend.sessionStorageFor('operateur');
    let cut = false;
    const fetch: FetchLike = (input, init) => (cut ? Promise.reject(new TypeError('Failed to fetch')) : backend.fetch(input, init));
    renderScreen('/signalements/rep1', { fetch });
    const detail = within(await screen.findByRole('dialog', { name: 'Signalement numéro 1' }));
    await detail.findByText('Description 1');

    cut = true;
    await user.click(detail.getByRole('button', { name: 'Changer statut' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Changer le statut' }));
    await user.click(dialog.getByRole('combobox', { name: 'Nouveau statut' }));
    await user.click(screen.getByRole('option', { name: 'En cours' }));
    await user.click(dialog.getByRole('button', { name: 'Changer le statut' }));
    expect(await detail.findByText('En cours')).toBeInTheDocument();
    await closeToast(user);

    // Kept on the device, said as such, shown on the report as made and waiting.
    expect(await screen.findByText('Pas de réseau : la modification sera envoyée dès son retour.')).toBeInTheDocument();
    expect((await detail.findAllByText("En attente d'envoi")).length).toBeGreaterThan(0);
    expect(detail.getByText('En cours')).toBeInTheDocument();
    expect(rows[0].report_status).toBe('nouveau');

    cut = false;
    await waitFor(() => expect(rows[0].report_status).toBe('en_cours'), { timeout: 10_000 });
    const puts = backend.calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].headers['If-Match']).toBe(`"${new Date(Date.UTC(2025, 0, 2, 9, 45)).toISOString()}"`);
  });
});
