import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EMERGENCY_CATEGORIES } from '../../../src/resources/annuaire/directoryRecord';
import { renderAtUrl } from '../renderAtUrl';
import { placesBackend } from '../poi/placesBackend';

/** /annuaire by address: its tabs (?onglet=urgences), its Catégories view (?vue=categories), its filters. */

const filterOf = (filter: Record<string, unknown>) => encodeURIComponent(JSON.stringify(filter));
const names = () => within(screen.getByRole('list', { name: "Entrées de l'annuaire" })).getAllByRole('heading').map((h) => h.textContent);

function open(url: string) {
  const { backend } = placesBackend();
  backend.sessionStorageFor('editeur');
  return { backend, app: renderAtUrl(url, { fetch: backend.fetch }) };
}

describe('the directory by address', { timeout: 90_000 }, () => {
  it('opens the tab the address names; a tab click writes it; a reload keeps it; "Tous" is the address without a tab', async () => {
    const user = userEvent.setup();
    const { app, backend } = open('/annuaire?onglet=urgences');
    expect(await screen.findByText('2 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Urgences (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Tous (4)' })).toHaveAttribute('aria-selected', 'false');
    const firstPages = backend.calls.filter((c) => c.path === '/api/directory-entries' && c.query.includes('pagination[pageSize]=24'));
    // The tab's filter from the first call: the list never shows "Tous" first.
    expect(firstPages[0].query).toContain('filters[category][$in][0]=urgences');

    await user.click(screen.getByRole('tab', { name: /^Services publics/ }));
    expect(await screen.findByText('3 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(app.url()).toBe('/annuaire?onglet=services-publics');
    expect(screen.getByRole('tab', { name: /^Services publics/ })).toHaveFocus();

    app.reload();
    expect(await screen.findByText('3 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Services publics (3)' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: /^Tous/ }));
    expect(await screen.findByText('4 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(app.url()).toBe('/annuaire');
  });

  it('an unknown tab in the address is "Tous"', async () => {
    open('/annuaire?onglet=pharmacies');
    expect(await screen.findByText('4 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Tous (4)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a tab, a search and a switch in the address: the rows and the controls show them, after a reload too', async () => {
    const { app } = open(`/annuaire?onglet=urgences&filter=${filterOf({ q: 'pompiers', verified: true })}`);
    expect(await screen.findByText('1 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(names()).toEqual(['Sapeurs-pompiers']);
    expect(screen.getByRole('textbox', { name: 'Rechercher par nom, description, email, service ou tag' })).toHaveValue('pompiers');
    expect(screen.getByRole('switch', { name: 'Vérifiés' })).toBeChecked();
    expect(screen.getByRole('tab', { name: 'Urgences (1)' })).toHaveAttribute('aria-selected', 'true');
    app.reload();
    expect(await screen.findByText('1 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(names()).toEqual(['Sapeurs-pompiers']);
    expect(screen.getByRole('switch', { name: 'Vérifiés' })).toBeChecked();
  });

  it('two changes before the list shows the first (two switches at once) both count, in the address', async () => {
    const { app } = open('/annuaire');
    expect(await screen.findByText('4 entrée(s) trouvée(s)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Vérifiés' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Vedettes' }));
    expect(await screen.findByText('2 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(app.filter()).toEqual({ verified: true, featured: true });
    expect(screen.getByRole('switch', { name: 'Vérifiés' })).toBeChecked();
  });

  it('opens the Catégories view; a category picked there is the list with that filter, in the address', async () => {
    const user = userEvent.setup();
    const { app } = open('/annuaire?vue=categories');
    const categories = within(await screen.findByRole('list', { name: "Catégories de l'annuaire" }));
    expect(screen.getByRole('tab', { name: 'Catégories' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(categories.getByRole('heading', { name: 'Administration' }).closest('li')!).getByRole('button'));
    expect(await screen.findByText('1 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(app.params().get('vue')).toBeNull();
    expect(app.filter()).toEqual({ category: 'administration' });
    expect(screen.getByRole('tab', { name: 'Tous (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Catégorie' })).toHaveTextContent('Administration');
  });

  it('Catégories counts every category whatever tab was visited before (after Urgences, Administration still counts its entry)', async () => {
    const user = userEvent.setup();
    open('/annuaire?onglet=urgences');
    expect(await screen.findByRole('tab', { name: 'Urgences (2)' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Catégories' }));
    const categories = within(await screen.findByRole('list', { name: "Catégories de l'annuaire" }));
    const card = (name: string) => within(categories.getByRole('heading', { name }).closest('li')!);
    expect(await card('Administration').findByText('1 entrée(s)')).toBeInTheDocument();
    expect(await card('Urgences').findByText('2 entrée(s)')).toBeInTheDocument();
    expect(await card('Associations').findByText('1 entrée(s)')).toBeInTheDocument();
    await user.click(card('Administration').getByRole('button'));
    expect(await screen.findByText('1 entrée(s) trouvée(s)')).toBeInTheDocument();
    expect(names()).toEqual(['Mairie annexe']);
  });

  it('a tab remembered the old way (its filter among the list params) is named by the address instead', async () => {
    localStorage.setItem('RaStoremamoudzou.annuaire.listParams', JSON.stringify({ filter: { category_in: EMERGENCY_CATEGORIES }, sort: 'featured', order: 'DESC', page: 1, perPage: 24 }));
    const { app } = open('/annuaire');
    expect(await screen.findByText('2 entrée(s) trouvée(s)')).toBeInTheDocument();
    await waitFor(() => expect(app.params().get('onglet')).toBe('urgences'));
    expect(app.filter()).toEqual({});
    expect(await screen.findByRole('tab', { name: 'Urgences (2)' })).toHaveAttribute('aria-selected', 'true');
  });
});
