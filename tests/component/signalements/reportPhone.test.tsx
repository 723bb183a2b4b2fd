import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, renderScreen } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';

/**
 * The reports on a phone (390 px), held in one hand: the new-report form starts from the phone's
 * position (and says so, or says why not), the detail and the status dialog fill the screen with
 * their buttons at the bottom, the statuses are large options, « Hors ligne » shows inside them.
 */

const media = (globalThis as unknown as { __media: { width: number } }).__media;
/** A point in the town centre, as the phone gives it. */
const HERE = { latitude: -12.7805, longitude: 45.2279, accuracy: 12 };

type Answer = { ok: typeof HERE } | { fail: 1 | 2 | 3 } | 'never';
let answer: Answer;
let asked: { ok: PositionCallback; fail?: PositionErrorCallback }[];

function positionError(code: 1 | 2 | 3) {
  return { code, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError;
}

beforeEach(() => {
  media.width = 390;
  answer = { ok: HERE };
  asked = [];
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: vi.fn((ok: PositionCallback, fail?: PositionErrorCallback) => {
        asked.push({ ok, fail });
        const now = answer;
        setTimeout(() => {
          if (now === 'never') return;
          if ('ok' in now) ok({ coords: { ...now.ok, altitude: null, altitudeAccuracy: null, heading: null, speed: null }, timestamp: Date.now() } as GeolocationPosition);
          else fail?.(positionError(now.fail));
        }, 10);
      }),
    },
  });
});
afterEach(() => {
  delete (navigator as { geolocation?: unknown }).geolocation;
});

async function openForm(path = '/signalements/create') {
  const user = userEvent.setup();
  const rows = makeReports(2);
  const backend = reportsBackend(rows);
  backend.on('GET', '/api/reports/nearby', (call) => ({
    body: {
      data: call.decodedUrl.includes('type=Voirie')
        ? [{ documentId: 'rep2', reference: 'MZ-2026-00002', title: 'Signalement numéro 2', type: 'Voirie', report_status: 'en_cours', address: '2 rue du Marché', createdAt: '2026-11-20T06:00:00.000Z', distance: 20 }]
        : [],
    },
  }));
  backend.sessionStorageFor('operateur');
  renderScreen(path, { fetch: backend.fetch });
  const form = await screen.findByRole('dialog', { name: 'Nouveau signalement' });
  return { user, backend, rows, form, f: within(form) };
}

async function choose(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, label: RegExp, option: string) {
  await user.click(within(form).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the new-report form on a phone', { timeout: 90_000 }, () => {
  it('asks the phone for its position when it opens, says what for, and places the point and the zone there; « Déjà signalé ? » follows', async () => {
    const { user, backend, form, f } = await openForm();
    const position = within(await f.findByRole('region', { name: 'Votre position' }));
    expect(position.getByText(/d'après la position de ce téléphone ; seul ce point est enregistré/)).toBeInTheDocument();
    expect(await position.findByText(/Point placé à votre position \(précision : 10 m\)/)).toBeInTheDocument();
    expect(navigator.geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(f.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(-12.7805));
    expect(f.getByRole('spinbutton', { name: 'Longitude' })).toHaveValue(45.2279);
    // The town centre: the zone comes with the point.
    expect(f.getByRole('combobox', { name: /^Zone/ })).toHaveTextContent('Centre-ville');
    // The map and the coordinates stay, to correct it.
    expect(f.getByText('Touchez la carte ou faites glisser le repère pour placer le point ; les coordonnées se remplissent.')).toBeInTheDocument();

    // « Déjà signalé ? » around the phone's point once the type is given.
    await choose(user, form, /^Type/, 'Voirie');
    const found = within(await f.findByRole('region', { name: 'Déjà signalé ?' }));
    expect(found.getByRole('link', { name: 'Ouvrir MZ-2026-00002 · Signalement numéro 2' })).toBeInTheDocument();
    const nearby = backend.calls.filter((c) => c.path === '/api/reports/nearby').at(-1)!;
    expect(nearby.decodedUrl).toContain('latitude=-12.7805');
    expect(nearby.decodedUrl).toContain('longitude=45.2279');

    // Saved with the phone's point.
    await user.type(f.getByRole('textbox', { name: 'Titre du signalement' }), 'Nid-de-poule devant la mairie');
    await user.type(f.getByRole('textbox', { name: 'Description détaillée' }), 'Profond, sur la voie de droite');
    await user.type(f.getByRole('textbox', { name: 'Adresse' }), 'Place de la mairie');
    await user.click(f.getByRole('button', { name: 'Créer le signalement' }));
    expect(await screen.findByText('Le signalement a été créé avec succès.')).toBeInTheDocument();
    const post = backend.calls.find((c) => c.method === 'POST' && c.path === '/api/reports')!;
    expect((post.body as { data: Record<string, unknown> }).data).toMatchObject({ latitude: -12.7805, longitude: 45.2279, zone: 'Centre-ville', type: 'Voirie' });
  });

  it('says in French when the position is refused, leaves the point to the map, and asks again on « Réessayer »', async () => {
    answer = { fail: 1 };
    const { user, f } = await openForm();
    const position = within(await f.findByRole('region', { name: 'Votre position' }));
    expect(await position.findByText(/^Position refusée : ce site n'a pas l'autorisation de lire la position du téléphone\. Placez le point sur la carte ou saisissez les coordonnées/)).toBeInTheDocument();
    expect(f.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(null);
    expect(f.getByRole('combobox', { name: /^Zone/ })).not.toHaveTextContent('Centre-ville');

    // Allowed meanwhile in the browser's settings: asked again, placed.
    answer = { ok: HERE };
    await user.click(position.getByRole('button', { name: 'Réessayer' }));
    expect(await position.findByText(/Point placé à votre position/)).toBeInTheDocument();
    expect(navigator.geolocation.getCurrentPosition).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(f.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(-12.7805));
  });

  it('says so when the phone cannot find its position', async () => {
    answer = { fail: 2 };
    const { f } = await openForm();
    expect(await f.findByText(/^Position indisponible : le téléphone n'a pas pu la trouver\./)).toBeInTheDocument();
  });

  it('keeps a point the agent placed before the position arrived', async () => {
    answer = 'never';
    const { user, f } = await openForm();
    await f.findByText('Recherche de votre position…');
    await user.type(f.getByRole('spinbutton', { name: 'Latitude' }), '-12.79');
    await user.type(f.getByRole('spinbutton', { name: 'Longitude' }), '45.22');
    asked[0].ok({ coords: { ...HERE, altitude: null, altitudeAccuracy: null, heading: null, speed: null }, timestamp: Date.now() } as GeolocationPosition);
    expect(await f.findByText(/Vous aviez déjà placé le point : votre position ne l'a pas déplacé/)).toBeInTheDocument();
    expect(f.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(-12.79);
  });

  it('fills the screen with Annuler and the creation across the bottom, and asks for the phone keyboards', async () => {
    const { form, f } = await openForm();
    expect(form).toHaveClass('MuiDialog-paperFullScreen');
    // The buttons come last, under the scrolling fields.
    const actions = form.querySelector<HTMLElement>('.MuiDialogActions-root')!;
    expect(actions.nextElementSibling).toBeNull();
    expect(actions.previousElementSibling).toHaveClass('MuiDialogContent-root');
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Annuler', 'Créer le signalement']);
    expect(f.getByRole('textbox', { name: 'Email' })).toHaveAttribute('inputmode', 'email');
    expect(f.getByRole('textbox', { name: 'Téléphone' })).toHaveAttribute('inputmode', 'tel');
    expect(f.getByRole('textbox', { name: 'Téléphone' })).toHaveAttribute('type', 'tel');
    // Latitudes here are negative: a number field, whose keyboard has the minus sign.
    expect(f.getByRole('spinbutton', { name: 'Latitude' })).toHaveAttribute('type', 'number');
    // The citizen's details are not the agent's own.
    expect(f.getByRole('textbox', { name: 'Nom' })).toHaveAttribute('autocomplete', 'off');
  });

  it('on a desktop, asks nothing: no « Votre position », the point is placed on the map', async () => {
    media.width = 1280;
    const { f } = await openForm();
    await f.findByText('Cliquez sur la carte ou faites glisser le repère pour placer le point ; les coordonnées se remplissent.');
    expect(f.queryByRole('region', { name: 'Votre position' })).not.toBeInTheDocument();
    expect(navigator.geolocation.getCurrentPosition).not.toHaveBeenCalled();
    expect(f.getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(null);
  });

  it('the list puts « Nouveau signalement » at the bottom of the screen', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(3));
    backend.sessionStorageFor('operateur');
    renderScreen('/signalements', { fetch: backend.fetch });
    const bar = await screen.findByRole('region', { name: 'Action principale' });
    // There, not also at the top of the page.
    expect(screen.getAllByRole('button', { name: 'Nouveau signalement' })).toEqual([within(bar).getByRole('button', { name: 'Nouveau signalement' })]);
    await user.click(within(bar).getByRole('button', { name: 'Nouveau signalement' }));
    expect(await screen.findByRole('dialog', { name: 'Nouveau signalement' })).toBeInTheDocument();
  });
});

describe('the detail and the status dialog on a phone', { timeout: 90_000 }, () => {
  it('fill the screen with their buttons at the bottom, « Changer statut » nearest the thumb; the statuses are large options', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(2));
    backend.sessionStorageFor('admin');
    renderScreen('/signalements/rep1', { fetch: backend.fetch });
    const detail = await screen.findByRole('dialog', { name: 'Signalement numéro 1' });
    await within(detail).findByText('Informations générales');
    expect(detail).toHaveClass('MuiDialog-paperFullScreen');
    const bar = detail.lastElementChild as HTMLElement;
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['Fermer', 'Modifier', 'Supprimer', 'Changer statut']);

    await user.click(within(bar).getByRole('button', { name: 'Changer statut' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer le statut' });
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    const d = within(dialog);
    const statuses = within(d.getByRole('radiogroup', { name: 'Nouveau statut' }));
    expect(statuses.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual(['Nouveau (actuel)', 'En cours', 'En attente', 'Résolu', 'Rejeté']);
    expect(statuses.getByRole('radio', { name: 'Nouveau (actuel)' })).toBeDisabled();
    expect(d.queryByRole('combobox', { name: 'Nouveau statut' })).not.toBeInTheDocument();
    const actions = dialog.lastElementChild as HTMLElement;
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Annuler', 'Changer le statut']);
    const submit = within(actions).getByRole('button', { name: 'Changer le statut' });
    expect(submit).toBeDisabled();
    await user.click(statuses.getByRole('radio', { name: 'En cours' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    // Shown at once, sent when its toast goes (« Fermer »: outside the report's dialog, hidden from the keyboard while it is up).
    const toast = (await screen.findByText('Le signalement est maintenant « En cours ».')).closest('[role="alert"]') as HTMLElement;
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Changer le statut' })).not.toBeInTheDocument());
    await user.click(within(toast).getByRole('button', { name: 'Fermer', hidden: true }));
    await waitFor(() => expect(backend.calls.find((c) => c.method === 'PUT')?.body).toEqual({ data: { report_status: 'en_cours' } }));
  });

  it('asks before a deletion from a sheet at the bottom of the screen', async () => {
    const user = userEvent.setup();
    const backend = reportsBackend(makeReports(2));
    backend.sessionStorageFor('admin');
    renderScreen('/signalements/rep2', { fetch: backend.fetch });
    const detail = await screen.findByRole('dialog', { name: 'Signalement numéro 2' });
    await user.click(await within(detail).findByRole('button', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Supprimer le signalement' });
    expect(confirm).not.toHaveClass('MuiDialog-paperFullScreen');
    expect(getComputedStyle(confirm.parentElement!).alignItems).toBe('flex-end');
    expect(within(confirm).getByRole('button', { name: 'Annuler' })).toHaveFocus();
  });

  it('show « Hors ligne » inside, where the banner under the app bar is covered', async () => {
    const backend = reportsBackend(makeReports(2));
    backend.sessionStorageFor('operateur');
    renderApp('/signalements/rep1', { fetch: backend.fetch });
    const detail = await screen.findByRole('dialog', { name: 'Signalement numéro 1' });
    await within(detail).findByText('Informations générales');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
    expect(await within(detail).findByText('Hors ligne')).toBeInTheDocument();
    delete (navigator as { onLine?: boolean }).onLine;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(within(detail).queryByText('Hors ligne')).not.toBeInTheDocument());
  });
});
