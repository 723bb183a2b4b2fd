import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startBackend, type RunningBackend } from '../contract/support/backend-server';
import { MINUTE, testClock } from '../contract/support/clock';
import { launch, logIn, openLoggedIn, openPage, screenshot, seriousViolations } from './browser';

/**
 * Service levels as staff live them, in Chromium: a critique report left open, the backend's clock
 * moved, and the assignee's bell rings with the reminder; the new screens (Statistiques, the list's
 * tabs, the dashboard's SLA card, the settings' section) pass axe at desktop and phone widths.
 */
const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a reminder before a report is late', () => {
  // A backend of its own, whose clock this test moves (the shared one serves the other files' sessions).
  const clock = testClock();
  let backend: RunningBackend;
  afterAll(async () => {
    await backend?.stop();
    clock.remove();
  });

  it("the assignee's bell rings with the reminder, its reference and a link to the report", { timeout: 300_000 }, async () => {
    backend = await startBackend({ build: false, env: { CLOCK_OFFSET_FILE: clock.file, SLA_REMINDER_RULE: '* * * * * *', CORS_ORIGINS: spaUrl } });
    const api = async (method: string, path: string, token?: string, body?: unknown) => {
      const res = await fetch(`${backend.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const admin = (await api('POST', '/api/auth/local', undefined, { identifier: 'admin@mairie.test', password: 'Admin123!' })).body.jwt;
    // An hour for a critique report: the reminder comes at 45 minutes, within a session's idle time.
    expect((await api('PUT', '/api/setting', admin, { data: { slaHours: { critique: 1, haute: 72, normale: 168, basse: 336 } } })).status).toBe(200);

    // The built back-office talks to this backend: its calls to the shared one are sent here.
    const { page, errors } = await openPage(browser);
    await page.route(`${apiUrl}/**`, (route) => route.continue({ url: route.request().url().replace(apiUrl, backend.url) }));
    await logIn(page, spaUrl, 'editeur@mairie.test', 'Editeur123!');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    await dropdown.waitFor();
    if (await dropdown.getByRole('button', { name: 'Tout marquer comme lu' }).count()) await dropdown.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    const created = await api('POST', '/api/reports', admin, {
      data: { title: 'Feu tricolore éteint au carrefour', type: 'Signalisation', description: 'Plus aucun feu ne fonctionne.', priority: 'critique', zone: 'Kawéni', address: 'Carrefour Baobab', assignedTo: 'editeur@mairie.test' },
    });
    expect(created.status).toBe(201);
    const { reference, documentId } = created.body.data;
    // The creation's news, read, so that the bell counts the reminder alone.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000, interval: 250 }).toBe('Notifications, 1 non lue(s)');
    await bell.click();
    await dropdown.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    clock.advance(46 * MINUTE);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000, interval: 250 }).toBe('Notifications, 1 non lue(s)');
    await bell.click();
    const reminder = dropdown.getByRole('button', { name: `Signalement ${reference} : échéance proche`, exact: true });
    await reminder.waitFor();
    await screenshot(page, 'sla-reminder-bell');
    expect(await seriousViolations(page)).toEqual([]);
    await reminder.click();
    await page.getByRole('dialog', { name: 'Feu tricolore éteint au carrefour' }).getByText('Informations générales').waitFor();
    expect(page.url()).toContain(`/signalements/${documentId}`);
    // The reminder is on the report's timeline.
    await page.getByText(/^Échéance proche : 75 % du délai écoulé/).waitFor();
    // socket.io's upgrade to a websocket goes to the shared backend, which cannot be redirected here and refuses
    // this backend's session: the client stays on polling. Any other error counts.
    expect(errors.filter((e) => !/WebSocket connection to .* failed/.test(e))).toEqual([]);
    await page.context().close();
  });
});

describe('the new screens, at desktop and phone widths', () => {
  for (const width of [1366, 390]) {
    it(`Statistiques, the list's « En retard » tab, the SLA card and the settings' section pass axe (${width} px)`, { timeout: 180_000 }, async () => {
      const { page, errors } = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/statistiques', { width, height: width > 500 ? 860 : 844 });
      await page.getByRole('region', { name: 'Par type', exact: true }).waitFor();
      await page.getByText(/signalement\(s\) ouvert\(s\) localisé\(s\)/).waitFor();
      await screenshot(page, `statistiques-${width}`);
      if (width > 500) {
        // Beside the menu on a computer, every column of every table of figures is in view (« Dans les temps » was cut off).
        const scrollers = await page.getByRole('region', { name: /\(faire défiler horizontalement\)$/ }).all();
        expect(scrollers.length).toBeGreaterThanOrEqual(3);
        for (const scroller of scrollers) {
          const overflow = await scroller.evaluate((region) => region.scrollWidth - region.clientWidth);
          expect({ table: await scroller.getAttribute('aria-label'), overflow }).toEqual({ table: expect.any(String), overflow: 0 });
        }
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: '90 jours' }).click();
      await page.getByText(/^Du \d{2}\/\d{2}\/\d{4} au/).waitFor();

      await page.goto(`${spaUrl}/signalements?onglet=en-retard`);
      await page.getByRole('tab', { name: /^En retard \(\d+\)$/, selected: true }).waitFor();
      await screenshot(page, `signalements-en-retard-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`${spaUrl}/`);
      const card = page.getByRole('region', { name: 'Délais de traitement' });
      await card.getByText(/%$/).first().waitFor();
      await card.getByRole('link', { name: 'En retard', exact: true }).click();
      await page.getByRole('tab', { name: /^En retard \(\d+\)$/, selected: true }).waitFor();

      await page.goto(`${spaUrl}/parametrages/signalements`);
      await page.getByRole('region', { name: 'Délais de traitement' }).waitFor();
      await page.getByRole('region', { name: 'Rappels et escalade' }).scrollIntoViewIfNeeded();
      await screenshot(page, `parametrages-delais-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
