import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAtUrl } from '../renderAtUrl';
import { placesBackend } from './placesBackend';

/** /poi by address: the Liste, Carte (?vue=carte) and Catégories (?vue=categories) views, with the list's filters. */

const filterOf = (filter: Record<string, unknown>) => encodeURIComponent(JSON.stringify(filter));

function open(url: string) {
  const { backend } = placesBackend();
  backend.sessionStorageFor('editeur');
  return renderAtUrl(url, { fetch: backend.fetch });
}

describe('the points of interest by address', { timeout: 90_000 }, () => {
  it('opens the Carte view with the filters of the address; a record opened from the map keeps the map behind it and after it', async () => {
    const user = userEvent.setup();
    const app = open(`/poi?vue=carte&filter=${filterOf({ status: 'active' })}`);
    const map = await screen.findByRole('region', { name: "Carte des points d'intérêt" });
    expect(screen.getByRole('tab', { name: 'Carte' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(within(map).getAllByRole('button', { name: /Hôtel de ville|Centre hospitalier|Plage de Mtsapéré/ })).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveTextContent('Actif');

    const marker = within(map).getByRole('button', { name: 'Hôtel de ville' });
    marker.focus();
    // What a browser sends for Enter (Leaflet reads keyCode).
    fireEvent.keyPress(marker, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    await user.click(await within(map).findByRole('button', { name: 'Voir la fiche' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hôtel de ville' });
    expect(app.path()).toBe('/poi/p1');
    expect(app.params().get('vue')).toBe('carte');
    await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(app.path()).toBe('/poi');
    expect(screen.getByRole('region', { name: "Carte des points d'intérêt" })).toBeInTheDocument();
  });

  it('the view tabs write the address; a reload keeps the view; an unknown view is the list', async () => {
    const user = userEvent.setup();
    const app = open('/poi?vue=categories');
    expect(await screen.findByRole('list', { name: "Catégories de points d'intérêt" })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Catégories' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Carte' }));
    expect(await screen.findByRole('region', { name: "Carte des points d'intérêt" })).toBeInTheDocument();
    expect(app.url()).toBe('/poi?vue=carte');
    app.reload();
    expect(await screen.findByRole('region', { name: "Carte des points d'intérêt" })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Carte' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: /^Liste/ }));
    expect(await screen.findByText("4 point(s) d'intérêt trouvé(s)")).toBeInTheDocument();
    expect(app.url()).toBe('/poi');

    await app.router.navigate('/poi?vue=plan');
    expect(await screen.findByText("4 point(s) d'intérêt trouvé(s)")).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Liste (4)' })).toHaveAttribute('aria-selected', 'true');
  });
});
