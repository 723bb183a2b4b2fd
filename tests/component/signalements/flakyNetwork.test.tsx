import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../src/providers/http';
import { allowConsoleError } from '../allowConsoleError';
import { renderApp } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';

/**
 * A captive or weak mobile network: the browser says it is online (navigator.onLine stays true) while
 * every request fails. The app is offline all the same: « Hors ligne », the agent's changes kept on the
 * device, a report never opened says in French that its detail is not here; back when the server answers.
 */
function flaky(backend: FetchLike) {
  let cut = false;
  const fetch: FetchLike = (input, init) => (cut ? Promise.reject(new TypeError('Failed to fetch')) : backend(input, init));
  return { fetch, cut: (value: boolean) => (cut = value) };
}

describe('requests failing while the browser says it is online', () => {
  it('says « Hors ligne » and that a report never opened is not on this device; loads it once the server answers again', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(3));
    backend.sessionStorageFor('operateur');
    const network = flaky(backend.fetch);
    renderApp('/signalements', { fetch: network.fetch });
    expect(navigator.onLine).toBe(true);
    const list = await screen.findByRole('table');
    await within(list).findByText('Signalement numéro 1');

    network.cut(true);
    // react-admin logs the failed call in development (not in the built app).
    allowConsoleError(/Failed to fetch/);
    // A report listed but never opened: what the list holds of it, and no copy of its detail on the device, said in
    // French (no endless spinner).
    await user.click(within(list).getByText('Signalement numéro 2'));
    const detail = await screen.findByRole('dialog', { name: 'Signalement numéro 2' });
    expect(
      await within(detail).findByText("Hors ligne : cette fiche n'a pas été ouverte avec le réseau, son détail n'est pas enregistré sur cet appareil. Elle s'affichera au retour du réseau."),
    ).toBeInTheDocument();
    expect(within(detail).queryByText('Chargement du signalement...')).not.toBeInTheDocument();
    expect(within(detail).queryByText(/Impossible de joindre le serveur|Failed to fetch/)).not.toBeInTheDocument();
    // The header's banner, under the dialog.
    const banners = () => screen.queryAllByRole('status', { hidden: true }).filter((status) => status.textContent?.includes('Hors ligne'));
    await waitFor(() => expect(banners()).toHaveLength(1));
    expect(banners()[0].textContent).not.toContain('Envoi des modifications en attente');
    expect(navigator.onLine).toBe(true);

    // The server answers again: the next light request says so, the detail loads, the banner goes.
    network.cut(false);
    expect(await within(detail).findByText('Informations générales', undefined, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(banners()).toEqual([]));
  });
});
