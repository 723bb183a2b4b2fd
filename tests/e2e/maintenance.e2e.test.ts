import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, logIn, openLoggedIn, openPage, screenshot, seriousViolations } from './browser';

/**
 * Maintenance mode as staff meet it, in Chromium against the servers `npm start` runs: an
 * administrator turns it on; an Operator then sees the maintenance screen with the message, and
 * an administrator keeps working under a banner. The backend refuses the Operator's writes (503).
 */

const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
const MESSAGE = 'Mise à jour du serveur jusqu’à 14 h : merci de votre patience.';
let browser: Browser;
let adminToken: string;

async function api(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

const setMaintenance = (on: boolean) => api('PUT', '/api/setting', adminToken, { data: { maintenanceMode: on, maintenanceMessage: MESSAGE } });

beforeAll(async () => {
  browser = await launch();
  adminToken = (await api('POST', '/api/auth/local', undefined, { identifier: 'admin@mairie.test', password: 'Admin123!' })).body.jwt;
  expect((await setMaintenance(true)).status).toBe(200);
});
afterAll(async () => {
  await setMaintenance(false);
  await browser?.close();
});

describe('maintenance mode', () => {
  it('shows an Operator the maintenance screen with the message; the backend refuses their writes', async () => {
    const { page, errors } = await openPage(browser);
    await logIn(page, spaUrl, 'operateur@mairie.test', 'Operateur123!', '/signalements');
    await page.getByRole('heading', { name: 'Maintenance en cours' }).waitFor();
    expect(await page.getByText(MESSAGE).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(0);
    await page.getByText('Connexion réussie').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    await screenshot(page, 'maintenance-operateur');
    expect(await seriousViolations(page)).toEqual([]);

    const token = await page.evaluate(() => localStorage.getItem('mamoudzou.auth.token'));
    const write = await api('POST', '/api/reports', token!, { data: { title: 'Pendant la maintenance', type: 'Voirie', description: 'x', zone: 'Kawéni', address: 'Rue' } });
    expect(write).toMatchObject({ status: 503, body: { error: { message: MESSAGE } } });

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    // The session ended on the server too.
    expect((await api('GET', '/api/users/me', token!)).status).toBe(401);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('lets an administrator work under a banner', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!');
    await page.getByRole('heading', { name: /Bienvenue/ }).waitFor();
    const banner = page.getByRole('status').filter({ hasText: 'Mode maintenance actif' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(MESSAGE);
    await screenshot(page, 'maintenance-admin');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Signalements' }).click();
    await page.locator('tbody tr').first().waitFor();
    expect(await banner.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
