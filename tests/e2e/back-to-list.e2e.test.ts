import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, openLoggedIn } from './browser';

/**
 * On a phone, a report's detail is a dialog over the list, which stays in place: closing it comes back to the list
 * where the agent left it, at the same scroll position, with the same cards.
 */

const spaUrl = inject('spaUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('back to the list from a report', () => {
  it('keeps the list’s scroll position on a phone', async () => {
    const { page, errors } = await openLoggedIn(browser, spaUrl, 'operateur@mairie.test', 'Operateur123!', '/signalements', { width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Liste des signalements' }).getByRole('listitem');
    await cards.nth(9).waitFor();
    // Down the list, to its tenth card.
    await cards.nth(9).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);
    const title = (await cards.nth(9).locator('article a').first().textContent())!.trim();
    await cards.nth(9).locator('article').click();
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByText('Informations générales').waitFor();
    await detail.getByRole('button', { name: 'Fermer' }).last().click();
    await detail.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/signalements');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
