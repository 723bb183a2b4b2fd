import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../renderApp';
import { placesBackend } from './placesBackend';

/** Points d'intérêt (/poi): figures, cards, filters, the Carte and Catégories tabs, delete. */

const listCalls = (backend: ReturnType<typeof placesBackend>['backend']) => backend.calls.filter((c) => c.method === 'GET' && c.path === '/api/pois' && c.query.includes('pagination[pageSize]=24'));

describe('points of interest', { timeout: 60_000 }, () => {
  it('shows the figures, the cards with category, rating, open now and tags, and the tabs', async () => {
    const { backend } = placesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/poi', { fetch: backend.fetch });
    expect(await screen.findByText("4 point(s) d'intérêt trouvé(s)")).toBeInTheDocument();
    const figures = within(screen.getByRole('list', { name: 'Chiffres clés' }));
    await waitFor(() => expect(figures.getByText('Total').nextSibling).toHaveTextContent('4'));
    await waitFor(() => expect(figures.getByText('Actifs').nextSibling).toHaveTextContent('2'));
    expect(figures.getByText('Note moyenne').nextSibling).toHaveTextContent('3,9 / 5');
    expect(figures.getByText('Catégories').nextSibling).toHaveTextContent('4');
    for (const name of ['Importer', 'Exporter', 'Nouveau POI']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Liste (4)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Carte' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Catégories' })).toBeInTheDocument();

    const cards = within(screen.getByRole('list', { name: "Liste des points d'intérêt" })).getAllByRole('listitem');
    const townHall = within(cards.find((c) => within(c).queryByText('Hôtel de ville'))!);
    // The card body is a chunk of its own: it arrives after the cards.
    expect(await townHall.findByText('Administration · Mairie')).toBeInTheDocument();
    expect(townHall.getByText('3,9 / 5 (128 avis)')).toBeInTheDocument();
    expect(townHall.getByText('+1')).toBeInTheDocument();
    expect(townHall.getAllByText(/^(Ouvert|Fermé)$/)).toHaveLength(1);
    const beach = within(cards.find((c) => within(c).queryByText('Plage de Mtsapéré'))!);
    expect(beach.getByText('Pas encore noté')).toBeInTheDocument();
    expect(beach.getByText('Horaires inconnus')).toBeInTheDocument();
    expect(beach.getByText('En attente')).toBeInTheDocument();
  });

  it('filters by category and status on the server, and searches with the backend', async () => {
    const user = userEvent.setup();
    const { backend } = placesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/poi', { fetch: backend.fetch });
    await screen.findByText("4 point(s) d'intérêt trouvé(s)");
    await user.click(screen.getByRole('combobox', { name: 'Statut' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tous', 'Actif', 'Inactif', 'En attente']);
    await user.click(screen.getByRole('option', { name: 'Actif' }));
    expect(await screen.findByText("2 point(s) d'intérêt trouvé(s)")).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Catégorie' }));
    await user.click(screen.getByRole('option', { name: 'Santé' }));
    expect(await screen.findByText("1 point(s) d'intérêt trouvé(s)")).toBeInTheDocument();
    expect(listCalls(backend).at(-1)!.query).toContain('filters[category][$eq]=sante');
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await user.type(screen.getByLabelText('Rechercher par nom, description, adresse ou tag'), 'etat civil');
    expect(await screen.findByText("1 point(s) d'intérêt trouvé(s)")).toBeInTheDocument();
    expect(listCalls(backend).at(-1)!.query).toContain('search=etat civil');
  });

  it('Catégories: a card per category with its count and at most three subcategories then "+n"; a click filters the list', async () => {
    const user = userEvent.setup();
    const { backend } = placesBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/poi', { fetch: backend.fetch });
    await screen.findByText("4 point(s) d'intérêt trouvé(s)");
    await user.click(screen.getByRole('tab', { name: 'Catégories' }));
    const categories = within(await screen.findByRole('list', { name: "Catégories de points d'intérêt" }));
    const health = within(categories.getByRole('heading', { name: 'Santé' }).closest('li')!);
    await waitFor(() => expect(health.getByText('1 point(s)')).toBeInTheDocument());
    expect(health.getByText('Hôpital')).toBeInTheDocument();
    expect(health.getByText('Pharmacie')).toBeInTheDocument();
    expect(health.getByText('Clinique')).toBeInTheDocument();
    expect(health.queryByText('Médecin')).not.toBeInTheDocument();
    expect(health.getByText('+1')).toBeInTheDocument();
    expect(within(categories.getByRole('heading', { name: 'Transport' }).closest('li')!).getByText('0 point(s)')).toBeInTheDocument();
    await user.click(health.getByRole('button'));
    expect(await screen.findByText("1 point(s) d'intérêt trouvé(s)")).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Liste (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveTextContent('Santé');
  });

  it('Carte: a marker per point of the current filters (tiles failing: markers and outline stay); a popup opens the detail', async () => {
    const user = userEvent.setup();
    const { backend } = placesBackend();
    backend.sessionStorageFor('editeur');
    const { container } = renderScreen('/poi', { fetch: backend.fetch });
    await screen.findByText("4 point(s) d'intérêt trouvé(s)");
    await user.click(screen.getByRole('tab', { name: 'Carte' }));
    const map = await screen.findByRole('region', { name: "Carte des points d'intérêt" });
    await waitFor(() => expect(within(map).getAllByRole('button', { name: /Hôtel de ville|Centre hospitalier|Plage de Mtsapéré/ })).toHaveLength(3));
    expect(screen.getByText('3 sur la carte · 1 sans coordonnées, absent(s) de la carte')).toBeInTheDocument();
    // The town's outline is drawn by the app, not by the tiles.
    expect(container.querySelector('.leaflet-overlay-pane path')).not.toBeNull();
    // Enter on a focused marker opens its popup; its button opens the detail.
    const marker = within(map).getByRole('button', { name: 'Hôtel de ville' });
    marker.focus();
    expect(marker).toHaveFocus();
    // What a browser sends for Enter (jsdom's user-event keypress has no keyCode, which Leaflet reads).
    fireEvent.keyPress(marker, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    // Its close button speaks French, not Leaflet's "Close popup".
    expect(await within(map).findByRole('button', { name: 'Fermer la bulle' })).toBeInTheDocument();
    await user.click(await within(map).findByRole('button', { name: 'Voir la fiche' }));
    expect(await screen.findByRole('dialog', { name: 'Hôtel de ville' })).toBeInTheDocument();
  });
});
