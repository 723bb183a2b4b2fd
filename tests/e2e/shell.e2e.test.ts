import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { animationsDone, launch, logIn, openLoggedIn, openPage, screenshot, seriousViolations, sidebarLabels } from './browser';

/**
 * The shell as staff use it, in Chromium against the servers `npm start` runs: login for each demo
 * role, the sidebar each role sees, an admin page refused to an Author, axe-core on the login page
 * and the shell, and no console error along the way.
 */

const spaUrl = inject('spaUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SIDEBARS = {
  admin: ['Dashboard', 'Signalements', 'Statistiques', 'Actualités', 'Événements', "Points d'intérêt", 'Annuaire', 'Notifications', 'Utilisateurs & Rôles', 'Paramétrages', "Journal d'audit", 'Intégrations'],
  superadmin: ['Dashboard', 'Signalements', 'Statistiques', 'Actualités', 'Événements', "Points d'intérêt", 'Annuaire', 'Notifications', 'Utilisateurs & Rôles', 'Paramétrages', "Journal d'audit", 'Intégrations'],
  editeur: ['Dashboard', 'Signalements', 'Statistiques', 'Actualités', 'Événements', "Points d'intérêt", 'Annuaire', 'Notifications', 'Utilisateurs & Rôles', 'Paramétrages', 'Intégrations'],
  operateur: ['Dashboard', 'Signalements', 'Statistiques', 'Actualités', 'Événements', "Points d'intérêt", 'Annuaire', 'Notifications'],
  auteur: ['Dashboard', 'Signalements', 'Statistiques', 'Actualités', 'Événements', "Points d'intérêt", 'Annuaire'],
};
const PASSWORDS = { admin: 'Admin123!', superadmin: 'Super123!', editeur: 'Editeur123!', operateur: 'Operateur123!', auteur: 'Auteur123!' };

describe('login page', () => {
  it('renders in French with no serious or critical accessibility violation', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${spaUrl}/login`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await screenshot(page, 'login');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('refuses a wrong password with the toast and the red box', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${spaUrl}/login`);
    await page.getByLabel('Email').fill('admin@mairie.test');
    await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Erreur de connexion').waitFor();
    expect(await page.locator('#login-error').textContent()).toBe('Email ou mot de passe incorrect.');
    await screenshot(page, 'login-error');
    await page.context().close();
  });
});

describe.each(Object.keys(SIDEBARS) as (keyof typeof SIDEBARS)[])('logged in as %s', (account) => {
  it('sees the sidebar of the role and a working list', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, `${account}@mairie.test`, PASSWORDS[account]);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(sidebarLabels(SIDEBARS[account]));
    await page.getByRole('heading', { name: /Bienvenue/ }).waitFor();
    await screenshot(page, `shell-${account}`);
    await nav.getByRole('link', { name: 'Signalements' }).click();
    await page.waitForURL(`${spaUrl}/signalements`);
    await page.locator('tbody tr').first().waitFor();
    expect(await page.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the first paint', () => {
  it('« Chargement du back-office… » until the app renders, the page not moving when the app replaces it', async () => {
    // On a phone, before the app's scripts have run: the status text of index.html alone.
    const { page } = await openPage(browser, { width: 390, height: 844 });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${spaUrl}/`);
    await page.getByRole('status').filter({ hasText: 'Chargement du back-office…' }).waitFor();
    const before = await page.evaluate(() => document.body.getBoundingClientRect().toJSON());
    await page.unroute('**/assets/*.js');
    await page.goto(`${spaUrl}/login`);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    const after = await page.evaluate(() => document.body.getBoundingClientRect().toJSON());
    // The body's box where the app's will be (a margin collapsing through it put it 40 % down the screen: the whole
    // page then moved up as the app came, a layout shift of 0.4 in Lighthouse).
    expect({ top: before.top, left: before.left }).toEqual({ top: after.top, left: after.left });
    expect(before.top).toBe(0);
    await page.context().close();
  });
});

describe('access', () => {
  it('refuses /utilisateurs to an Author, with the roles', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, 'auteur@mairie.test', PASSWORDS.auteur);
    await page.goto(`${spaUrl}/utilisateurs`);
    await page.getByRole('heading', { name: 'Accès refusé' }).waitFor();
    await page.getByText('Rôle requis : Administrateur ou Éditeur. Votre rôle : Auteur.').waitFor();
    await screenshot(page, 'access-denied-auteur');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends a visitor to /login without keeping the refused page in history, then back after login', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${spaUrl}/evenements`);
    await page.waitForURL(`${spaUrl}/login`);
    // Replaced, not pushed: the history holds the blank start page and /login only.
    expect(await page.evaluate(() => history.length)).toBe(2);
    await page.getByLabel('Email').fill('editeur@mairie.test');
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORDS.editeur);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${spaUrl}/evenements`);
    await page.getByRole('link', { name: 'Événements' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.context().close();
  });

  it('the shell of an Administrator has no serious or critical accessibility violation, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', PASSWORDS.admin, '/signalements', { colorScheme });
      await page.locator('tbody tr').first().waitFor();
      await screenshot(page, `shell-signalements-${colorScheme}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('offers « skip to content » to the keyboard: out of sight until the first Tab focuses it, then on screen, and it leads to the content', async () => {
    const { page } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', PASSWORDS.admin, '/signalements');
    await page.locator('tbody tr').first().waitFor();
    const skip = page.locator('a.skip-link');
    expect((await skip.boundingBox())!.x).toBeLessThan(0);
    await page.keyboard.press('Tab');
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#main-content');
    await page.context().close();
  });

  it('collapses the sidebar with Ctrl+B and keeps it collapsed after a reload', async () => {
    const { page } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', PASSWORDS.admin);
    await page.locator('#app-sidebar[data-state="expanded"]').waitFor();
    await page.keyboard.press('Control+b');
    await page.locator('#app-sidebar[data-state="collapsed"]').waitFor();
    await page.reload();
    await page.locator('#app-sidebar[data-state="collapsed"]').waitFor();
    await page.getByRole('heading', { name: /Bienvenue/ }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sidebar:state')?.value).toBe('false');
    await screenshot(page, 'shell-collapsed');
    await page.context().close();
  });

  it('opens the sidebar as a sheet on a phone; menus grow and buttons ripple unless the system asks for less motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page } = await openPage(browser, { width: 390, height: 844, reducedMotion });
      await logIn(page, spaUrl, 'editeur@mairie.test', PASSWORDS.editeur);
      // MUI's grow of a menu and a pressed button's ripple, or neither (WCAG 2.3.3).
      const userButton = page.getByRole('button', { name: /Menu utilisateur/ });
      await userButton.click();
      const menu = page.locator('#user-menu .MuiPaper-root');
      await menu.waitFor();
      const transition = await menu.evaluate((paper) => getComputedStyle(paper).transitionDuration);
      // (The open menu hides the rest of the page from roles: the button by its attribute.)
      const ripples = await page.locator('button[aria-controls="user-menu"] .MuiTouchRipple-root').count();
      if (reducedMotion === 'reduce') expect({ transition, ripples }).toEqual({ transition: expect.stringMatching(/^0s(, 0s)*$/), ripples: 0 });
      else expect({ transition, ripples }).toEqual({ transition: expect.stringMatching(/^0?\.\d+s, 0?\.\d+s$/), ripples: 1 });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: /Afficher ou masquer le menu/ }).click();
      await page.getByRole('navigation', { name: 'Navigation principale' }).waitFor();
      await animationsDone(page); // the sheet's slide-in
      const box = await page.locator('#app-sidebar').boundingBox();
      expect(box).toMatchObject({ x: 0, width: 288 }); // 18rem
      if (reducedMotion === 'no-preference') await screenshot(page, 'shell-mobile-sheet');
      await page.context().close();
    }
  });
});
