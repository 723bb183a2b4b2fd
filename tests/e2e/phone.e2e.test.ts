import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { animationsDone, launch, openLoggedIn, screenshot, seriousViolations } from './browser';

/**
 * The back-office on a phone (390 × 844), as staff tap it: the global search closes with its button
 * and with Back, the calendar's week reads as a list of days, and every control is a 44 × 44 px
 * target (WCAG 2.5.5), measured from the laid-out page. Also axe-core on the news list with a selection.
 */

const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
const PHONE = { width: 390, height: 844 };
const ADMIN = ['admin@mairie.test', 'Admin123!'] as const;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function adminToken() {
  const res = await fetch(`${apiUrl}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: ADMIN[0], password: ADMIN[1] }) });
  return ((await res.json()) as { jwt: string }).jwt;
}

/** The controls smaller than 44 × 44 px among those shown: what, and its size. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'button, [role="button"], a[href], [role="tab"], [role="switch"], [role="checkbox"], [role="combobox"], input[type="checkbox"], input[type="radio"], [role="menuitem"]';
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      // A native checkbox or radio is drawn hidden inside its (measured) MUI wrapper.
      const target = element.matches('input[type="checkbox"], input[type="radio"]') ? (element.parentElement as HTMLElement) : element;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || target.closest('[aria-hidden="true"]')) continue;
      if (box.bottom < 0 || box.top > window.innerHeight * 3) continue;
      // WCAG 2.5.5 leaves out a link inside a sentence.
      if (element.tagName === 'A' && getComputedStyle(element).display === 'inline' && element.closest('p')) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
        small.push(`${name} (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return small;
  });
}

describe('on a phone (390 × 844)', () => {
  it('the global search fills the screen and closes with its button and with Back, staying in the app', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...ADMIN, '/signalements', PHONE);
    await page.getByRole('list', { name: 'Liste des signalements' }).getByRole('listitem').first().waitFor();
    const open = async () => {
      await page.getByRole('button', { name: 'Rechercher...' }).click();
      const dialog = page.getByRole('dialog', { name: 'Recherche globale' });
      await dialog.waitFor();
      await animationsDone(page);
      return dialog;
    };
    let dialog = await open();
    expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await dialog.getByRole('combobox', { name: 'Recherche globale' }).fill('lampadaire');
    await dialog.getByRole('option').first().waitFor();
    await screenshot(page, 'phone-search');
    expect(await seriousViolations(page)).toEqual([]);
    const close = dialog.getByRole('button', { name: 'Fermer la recherche' });
    expect(await close.boundingBox()).toMatchObject({ width: 44, height: 44 });
    await close.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/signalements');

    dialog = await open();
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/signalements');
    await page.getByRole('list', { name: 'Liste des signalements' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the calendar’s week is a list of its days, each event with its time and whole title on a line that reads', async () => {
    const token = await adminToken();
    const title = 'Conseil municipal extraordinaire sur le budget';
    const day = new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10); // today in Mayotte
    const created = await fetch(`${apiUrl}/api/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { title, slug: `conseil-${Date.now()}`, date: day, time: '18:30:00.000', location: 'Hôtel de ville', category: 'Autre' } }),
    });
    expect(created.status).toBe(201);

    const { page, errors } = await openLoggedIn(browser, spaUrl, ...ADMIN, `/evenements?vue=calendrier&periode=semaine&date=${day}`, PHONE);
    const event = page.getByRole('button', { name: `18:30 ${title}` });
    await event.waitFor();
    const days = page.locator('ol > li');
    expect(await days.count()).toBe(7);
    // The time on one line, the title beside it, nothing wider than the screen.
    const time = event.getByText('18:30', { exact: true });
    const lineHeight = await time.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await time.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
    expect((await event.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'phone-week');
    await event.click();
    await page.getByRole('dialog', { name: title }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('every control on the dashboard, the reports list, its filters and the header is at least 44 × 44 px', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...ADMIN, '/', PHONE);
    await page.getByRole('heading', { name: /Bienvenue/ }).waitFor();
    await page.locator('main').getByRole('link').first().waitFor();
    expect(await smallTargets(page)).toEqual([]);

    await page.goto(`${spaUrl}/signalements`);
    await page.getByRole('list', { name: 'Liste des signalements' }).getByRole('listitem').first().waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: 'Filtres' }).click();
    await page.getByRole('combobox', { name: /^Zone/ }).waitFor();
    expect(await smallTargets(page)).toEqual([]);

    await page.getByRole('button', { name: /Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Mon profil' }).waitFor();
    await animationsDone(page); // the menu grows in: measured before, it is smaller
    expect(await smallTargets(page)).toEqual([]);
    await screenshot(page, 'phone-targets');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the news list with a selection', () => {
  it('passes axe-core (no serious or critical violation), the page’s « select all » included', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...ADMIN, '/actualites');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByText('2 sélectionné(s)').first().waitFor();
    const all = page.locator('thead').getByRole('checkbox');
    expect(await all.evaluate((input) => (input as HTMLInputElement).indeterminate)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await all.check();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'news-selection');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
