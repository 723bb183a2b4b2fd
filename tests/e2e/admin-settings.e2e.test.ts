import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openLoggedIn, openPage, screenshot, seriousViolations } from './browser';

/**
 * Paramétrages and Intégrations as an administrator meets them, in Chromium against the servers
 * `npm start` runs: a setting changed, saved and still there after a reload (and on the login
 * page); a backup made from the Maintenance tab; every tab and the integrations page looked at
 * and checked by axe.
 */

const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
const TABS = ['Général', 'Notifications', 'Signalements', 'Sécurité', 'Intégrations', 'Maintenance'];
let browser: Browser;

async function adminToken() {
  const res = await fetch(`${apiUrl}/api/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: 'admin@mairie.test', password: 'Admin123!' }),
  });
  return ((await res.json()) as { jwt: string }).jwt;
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await fetch(`${apiUrl}/api/setting/reset`, { method: 'POST', headers: { Authorization: `Bearer ${await adminToken()}` } });
  await browser?.close();
});

describe('Paramétrages', () => {
  it('a changed setting is saved, kept after a reload, and the town’s name shows in the header and on the login page', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/parametrages');
    const name = page.getByLabel('Nom du site');
    await name.waitFor();
    await name.fill('Ville de Mamoudzou');
    await page.getByRole('tab', { name: 'Signalements' }).click();
    const limit = page.getByLabel('Signalements par personne et par mois');
    await limit.fill('25');
    await page.getByText('Modifications non sauvegardées').waitFor();
    await page.getByRole('button', { name: 'Sauvegarder', exact: true }).click();
    await page.getByText('Paramètres sauvegardés').waitFor();
    await page.getByText('Modifications non sauvegardées').waitFor({ state: 'detached' });

    // Reloaded: the same tab (its address, /parametrages/signalements), the saved values.
    await page.reload();
    await page.getByRole('tab', { name: 'Signalements', selected: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/parametrages/signalements');
    expect(await page.getByLabel('Signalements par personne et par mois').inputValue()).toBe('25');
    await page.getByRole('tab', { name: 'Général' }).click();
    expect(await page.getByLabel('Nom du site').inputValue()).toBe('Ville de Mamoudzou');
    await page.getByText('Ville de Mamoudzou', { exact: true }).first().waitFor();

    const visitor = await openPage(browser);
    await visitor.page.goto(`${spaUrl}/login`);
    await visitor.page.getByText('Ville de Mamoudzou', { exact: true }).waitFor();
    await visitor.page.context().close();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('every tab, looked at and checked by axe; a backup made from the Maintenance tab is listed', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/parametrages');
    await page.getByRole('tab', { name: 'Général' }).waitFor();
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      if (tab === 'Maintenance') {
        await page.getByRole('button', { name: 'Sauvegarder maintenant' }).click();
        await page.getByText('Sauvegarde terminée').waitFor({ timeout: 60_000 });
        await page.getByRole('table', { name: 'Sauvegardes disponibles' }).getByText(/^sauvegarde-\d{8}-\d{6}/).first().waitFor();
        await page.getByText('Sauvegarde terminée').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
      }
      await screenshot(page, `parametrages-${tab.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()}`);
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('Intégrations', () => {
  it('shows a state badge for each service; looked at and checked by axe', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/integrations');
    await page.getByText(/^Dernière vérification : /).waitFor();
    const badge = (card: string) => page.getByRole('region', { name: card }).getByRole('status');
    // Email: npm start runs its mail catcher (MailDev) when no SMTP server is given, and the backend sends there.
    for (const card of ['Serveur de contenu', 'Fournisseur de carte', 'Envois de fichiers', 'Versions', 'Tâches planifiées', 'Temps réel (Socket.IO)', 'Email']) {
      await expect.poll(() => badge(card).textContent(), { timeout: 15_000 }).toBe('Opérationnel');
    }
    // A backup was made by the previous test: the database is up to date.
    expect(await badge('Base de données').textContent()).toBe('Opérationnel');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.getByRole('button', { name: 'Vérifier' }).waitFor();
    await screenshot(page, 'integrations');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
