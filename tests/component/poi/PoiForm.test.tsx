import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { renderScreen } from '../renderApp';
import { placesBackend } from './placesBackend';

/** The POI form (required fields in French, a click on the map sets the coordinates), toasts, deletion, and the map when tiles fail. */

describe('POI form, deletion and map', { timeout: 60_000 }, () => {
  it('refuses an empty form with the French messages, then creates a point placed by a click on the map', async () => {
    const user = userEvent.setup();
    const { backend, pois } = placesBackend();
    backend.sessionStorageFor('auteur');
    renderScreen('/poi/create', { fetch: backend.fetch });
    const form = await screen.findByRole('dialog', { name: 'Nouveau POI' });
    expect(within(form).getByRole('combobox', { name: /^Statut/ })).toHaveTextContent('Actif');
    await user.click(within(form).getByRole('button', { name: 'Créer le POI' }));
    expect(await within(form).findByText('Le nom est requis')).toBeInTheDocument();
    expect(within(form).getByText('La catégorie est requise')).toBeInTheDocument();
    expect(within(form).getByText("L'adresse est requise")).toBeInTheDocument();
    expect(backend.calls.some((c) => c.method === 'POST' && c.path === '/api/pois')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Nom' }), 'Jardin botanique');
    await user.click(within(form).getByRole('combobox', { name: /^Catégorie/ }));
    await user.click(await screen.findByRole('option', { name: 'Loisirs' }));
    await user.click(within(form).getByRole('combobox', { name: /^Sous-catégorie/ }));
    await user.click(await screen.findByRole('option', { name: 'Parc' }));
    await user.type(within(form).getByRole('textbox', { name: 'Adresse' }), 'Route de Vahibé');
    await user.type(within(form).getByRole('textbox', { name: 'Tags' }), 'jardin, plantes');
    // A click on the map fills latitude and longitude.
    const picker = await within(form).findByRole('region', { name: 'Carte : position du point' });
    await waitFor(() => expect(picker.querySelector('.leaflet-container')).not.toBeNull());
    fireEvent.click(picker.querySelector('.leaflet-container')!, { clientX: 10, clientY: 10 });
    await waitFor(() => expect(within(form).getByRole('spinbutton', { name: 'Latitude' })).not.toHaveValue(null));
    expect(within(picker).getByRole('button', { name: 'Position choisie' })).toBeInTheDocument();
    // Opening hours: Monday open 08:00-12:00.
    await user.click(within(form).getByRole('button', { name: 'Renseigner les horaires' }));
    await user.click(within(form).getByRole('switch', { name: 'Ouvert le Lundi' }));
    await user.click(within(form).getByRole('button', { name: 'Créer le POI' }));
    expect(await screen.findByText("Point d'intérêt créé")).toBeInTheDocument();
    const created = pois.at(-1)!;
    expect(created).toMatchObject({ name: 'Jardin botanique', category: 'loisirs', subcategory: 'parc', address: 'Route de Vahibé', status: 'active', tags: ['jardin', 'plantes'] });
    expect(typeof created.latitude).toBe('number');
    expect(typeof created.longitude).toBe('number');
    expect((created.openingHours as Record<string, unknown>).monday).toEqual({ isOpen: true, periods: [{ open: '08:00', close: '12:00' }] });
  });

  it('edits a point ("Modifier le POI") with its toast, and deletes one after confirmation', async () => {
    const user = userEvent.setup();
    const { backend, pois } = placesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/poi/p3/edit', { fetch: backend.fetch });
    const form = await screen.findByRole('dialog', { name: 'Modifier le POI' });
    const name = await within(form).findByRole('textbox', { name: 'Nom' });
    await user.clear(name);
    await user.type(name, 'Plage de Mtsapéré (nord)');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Point d'intérêt modifié")).toBeInTheDocument();
    expect(pois.find((p) => p.documentId === 'p3')!.name).toBe('Plage de Mtsapéré (nord)');

    const card = (await screen.findAllByRole('listitem')).find((c) => within(c).queryByText('Marché couvert'))!;
    await user.click(within(card).getByRole('button', { name: 'Actions pour « Marché couvert »' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Supprimer' }));
    const confirm = await screen.findByRole('dialog', { name: "Supprimer le point d'intérêt" });
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("Point d'intérêt supprimé")).toBeInTheDocument();
    expect(pois.some((p) => p.documentId === 'p4')).toBe(false);
  });

  it('the detail shows hours, open now, accessibility and a small map; with tiles failing the markers and outline stay and the map says so', async () => {
    // jsdom lays nothing out: give elements a size so that Leaflet asks for tiles.
    const size = (name: 'clientWidth' | 'clientHeight', value: number) => Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
    size('clientWidth', 600);
    size('clientHeight', 300);
    onTestFinished(() => {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
    });
    const { backend } = placesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/poi/p1', { fetch: backend.fetch });
    const detail = await screen.findByRole('dialog', { name: 'Hôtel de ville' });
    expect(await within(detail).findByText("Horaires d'ouverture", { selector: 'h3' })).toBeInTheDocument();
    expect(within(detail).getAllByText('07:30 – 15:30')).toHaveLength(5);
    expect(within(detail).getByText('Accessible en fauteuil roulant').nextSibling).toHaveTextContent('Oui');
    expect(within(detail).getByText('3,9 / 5 (128 avis)')).toBeInTheDocument();
    const map = await within(detail).findByRole('region', { name: /Carte des points d'intérêt/ });
    await waitFor(() => expect(map.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0));
    // Every tile fails (offline): jsdom loads no image, so the browser's error is fired by hand.
    map.querySelectorAll('img.leaflet-tile').forEach((tile) => fireEvent.error(tile));
    expect(await within(map).findByText('Fond de carte indisponible : les repères et le contour de la commune restent affichés.')).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Hôtel de ville' })).toBeInTheDocument();
    expect(map.querySelector('.leaflet-overlay-pane path')).not.toBeNull();
  });
});
