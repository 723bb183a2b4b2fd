import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, type AccountKey } from '../support/fakeBackend';
import { renderApp } from './renderApp';

const groupItems = () =>
  Object.fromEntries(
    within(screen.getByRole('navigation', { name: 'Navigation principale' }))
      .getAllByRole('list')
      .map((list) => [list.getAttribute('aria-labelledby') ? document.getElementById(list.getAttribute('aria-labelledby')!)!.textContent : list.getAttribute('aria-label'), within(list).getAllByRole('link').map((a) => a.textContent)]),
  );

async function shellAs(account: AccountKey, path = '/') {
  const backend = fakeBackend({ reports: [], articles: [], events: [], pois: [], 'directory-entries': [] });
  backend.sessionStorageFor(account);
  const view = renderApp(path, { fetch: backend.fetch });
  // The menu lists what canAccess allows, once it has answered.
  // (hidden: a path that opens a dialog hides the menu behind it, sooner or later.)
  const nav = await screen.findByRole('navigation', { name: 'Navigation principale', hidden: true });
  await within(nav).findByRole('link', { name: 'Dashboard', hidden: true });
  return { backend, view };
}

describe('sidebar', () => {
  it('shows the four groups with their items to an Administrator, and the town name', async () => {
    await shellAs('admin');
    expect(groupItems()).toEqual({
      Principal: ['Dashboard', 'Signalements', 'Statistiques'],
      Contenus: ['Actualités', 'Événements', "Points d'intérêt", 'Annuaire'],
      Gestion: ['Notifications', 'Utilisateurs & Rôles', 'Paramétrages'],
      Administration: ["Journal d'audit", 'Intégrations'],
    });
    expect(screen.getByText('Backoffice')).toBeInTheDocument();
    expect(screen.getByText('Mamoudzou')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Signalements' })).toHaveAttribute('href', '/signalements');
    expect(screen.getByRole('link', { name: "Points d'intérêt" })).toHaveAttribute('href', '/poi');
  });

  it('shows an Author only what the role may open', async () => {
    await shellAs('auteur');
    expect(groupItems()).toEqual({
      Principal: ['Dashboard', 'Signalements', 'Statistiques'],
      Contenus: ['Actualités', 'Événements', "Points d'intérêt", 'Annuaire'],
    });
  });

  it('shows an Operator its Notifications (delay reminders are for them), and no management nor admin pages', async () => {
    await shellAs('operateur');
    expect(Object.keys(groupItems())).toEqual(['Principal', 'Contenus', 'Gestion']);
    expect(groupItems().Gestion).toEqual(['Notifications']);
  });

  it('marks the item whose path the current path starts with; / only when exact', async () => {
    await shellAs('editeur', '/signalements/create');
    // The create form is a modal dialog: the menu behind it is hidden from assistive technologies while it is open.
    const nav = within(await screen.findByRole('navigation', { name: 'Navigation principale', hidden: true }));
    expect(await nav.findByRole('link', { name: 'Signalements', hidden: true })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Dashboard', hidden: true })).not.toHaveAttribute('aria-current');
    expect(nav.getByRole('link', { name: 'Actualités', hidden: true })).not.toHaveAttribute('aria-current');
  });

  it('marks Dashboard on /', async () => {
    await shellAs('editeur', '/');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses to icons with Ctrl+B and the toggle, kept in the cookie sidebar:state', async () => {
    const user = userEvent.setup();
    const { view } = await shellAs('admin');
    const sidebar = document.getElementById('app-sidebar')!;
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain('sidebar:state=false');
    // Collapsed: icons only, each still named.
    expect(screen.queryByText('Principal')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Signalements' })).toBeInTheDocument();
    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebar).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar:state=true');
    await user.click(screen.getByRole('button', { name: /Afficher ou masquer le menu/ }));
    expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    // A new visit reads the cookie.
    view.unmount();
    await shellAs('admin');
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-state', 'collapsed');
  });

  it('opens as an 18rem side sheet under 768 px', async () => {
    (globalThis as unknown as { __media: { width: number } }).__media.width = 700;
    const user = userEvent.setup();
    const backend = fakeBackend();
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch });
    const toggle = await screen.findByRole('button', { name: /Afficher ou masquer le menu/ });
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();
    await user.click(toggle);
    const nav = await screen.findByRole('navigation', { name: 'Navigation principale' });
    expect(nav.closest('#app-sidebar')).toHaveStyle({ width: '18rem' });
    await user.click(await within(nav).findByRole('link', { name: 'Signalements' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument());
  });

  it('on a phone the header leaves room for the title: « Créer » is an icon button, the theme is chosen in the user menu', async () => {
    (globalThis as unknown as { __media: { width: number } }).__media.width = 390;
    const user = userEvent.setup();
    const backend = fakeBackend();
    backend.sessionStorageFor('admin');
    renderApp('/', { fetch: backend.fetch });
    const create = await screen.findByRole('button', { name: 'Créer' });
    expect(create).not.toHaveTextContent('Créer');
    expect(screen.queryByRole('button', { name: 'Thème' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Menu utilisateur/ }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitemradio', { name: 'Système' })).toHaveAttribute('aria-checked', 'true');
    await user.click(menu.getByRole('menuitemradio', { name: 'Sombre' }));
    await waitFor(() => expect(localStorage.getItem('RaStoremamoudzou.theme')).toBe('"dark"'));
  });
});

describe('header', () => {
  it("the app bar's icon buttons show their name as a hint on hover", async () => {
    const user = userEvent.setup();
    await shellAs('admin');
    await user.hover(screen.getByRole('button', { name: 'Thème' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Thème');
  });

  it('theme menu: Système by default, then Sombre and Clair, stored; Système forgets the choice', async () => {
    const user = userEvent.setup();
    await shellAs('admin');
    await user.click(screen.getByRole('button', { name: 'Thème' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'Système' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Sombre' }));
    await waitFor(() => expect(localStorage.getItem('RaStoremamoudzou.theme')).toBe('"dark"'));
    await waitFor(() => expect(getComputedStyle(document.querySelector('header')!).backgroundColor).toBe('rgb(18, 18, 18)'));
    await user.click(screen.getByRole('button', { name: 'Thème' }));
    expect(within(screen.getByRole('menu')).getByRole('menuitemradio', { name: 'Sombre' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(screen.getByRole('menu')).getByRole('menuitemradio', { name: 'Système' }));
    await waitFor(() => expect(localStorage.getItem('RaStoremamoudzou.theme')).toBeNull());
  });

  it('"Créer" offers the four create forms to an Editor and opens one', async () => {
    const user = userEvent.setup();
    await shellAs('editeur');
    await user.click(await screen.findByRole('button', { name: 'Créer' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Nouveau signalement', 'Nouvelle actualité', 'Nouvel événement', 'Nouveau POI']);
    await user.click(screen.getByRole('menuitem', { name: 'Nouvelle actualité' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel article' });
    expect(within(dialog).getByRole('textbox', { name: 'Titre' })).toBeRequired();
    expect(within(dialog).getByRole('textbox', { name: 'Slug' })).toBeRequired();
  });

  it('"Créer" offers an Author only what the role may create', async () => {
    const user = userEvent.setup();
    await shellAs('auteur');
    await user.click(await screen.findByRole('button', { name: 'Créer' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Nouvelle actualité',
      'Nouvel événement',
      'Nouveau POI',
    ]);
  });

  it('user menu: profile, notification preferences, and logout with its toast', async () => {
    const user = userEvent.setup();
    await shellAs('editeur');
    await user.click(await screen.findByRole('button', { name: /^Menu utilisateur/ }));
    expect(await screen.findByRole('menuitem', { name: 'Mon profil' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Préférences de notifications' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Mon profil' }));
    // Mon profil is a page of its own (/profil), not in the sidebar.
    const identity = await screen.findByRole('region', { name: 'Informations' });
    expect(await within(identity).findByText('editeur@mairie.test')).toBeInTheDocument();
    expect(within(identity).getByText('Éditeur')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Changer le mot de passe' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Menu utilisateur/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    expect(await screen.findByText('Vous avez été déconnecté avec succès')).toBeInTheDocument();
    expect(screen.getByText('Déconnexion')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(localStorage.getItem('mamoudzou.auth.token')).toBeNull();
  });
});

void act;
