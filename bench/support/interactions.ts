import type { Browser, Locator, Page } from 'playwright-core';
import type { StorageState } from './browser';

/**
 * A field agent's taps on a phone (390 × 844, touch, the processor slowed 4× as on a mid-range phone), each timed
 * in the page from the finger's pointerdown to the first frame painted after what it asked for shows (to a frame or
 * two: the page is polled at each frame): a report's detail from its card, the status dialog, a status change
 * painted, and back to the list. The status change is undone with « Annuler » (nothing is sent), so rounds repeat.
 */
export interface PhoneInteractions {
  detail: number;
  statusDialog: number;
  statusPainted: number;
  backToList: number;
}

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const CPU_SLOWDOWN = 4;

/** Milliseconds from the tap on `target` to the frame after `shown` (a page expression) holds. */
async function tapUntil(page: Page, target: Locator, shown: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __tapAt: number };
    w.__tapAt = Number.NaN;
    addEventListener('pointerdown', () => (w.__tapAt = performance.now()), { capture: true, once: true });
  });
  await target.click();
  await page.waitForFunction(shown, undefined, { polling: 'raf', timeout: 30_000 });
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now() - (window as unknown as { __tapAt: number }).__tapAt))));
}

const dialogNamed = (name: string) => `[...document.querySelectorAll('[role="dialog"]')].some((d) => d.querySelector('h2')?.textContent?.includes(${JSON.stringify(name)}))`;

/** One round on the reports list: the card `index` opened, its status changed (then undone), closed. */
export async function phoneInteractions(browser: Browser, spaUrl: string, state: StorageState, index: number): Promise<PhoneInteractions> {
  const context = await browser.newContext({ locale: 'fr-FR', storageState: state, viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
  let step = 'la liste';
  try {
    const page = await context.newPage();
    await page.goto(`${spaUrl}/signalements`);
    const cards = page.getByRole('list', { name: 'Liste des signalements' }).getByRole('listitem');
    await cards.nth(index).waitFor({ timeout: 60_000 });
    // The page settled (socket, idle work) before the timings: they are the taps', not the load's.
    await page.waitForTimeout(2_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const card = cards.nth(index).locator('article');
    const title = (await card.locator('a').first().textContent())!.trim();

    step = 'la fiche';
    const detail = await tapUntil(page, card, dialogNamed(title));
    const change = page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Changer statut' });
    step = 'la fenêtre des statuts';
    await change.waitFor();
    // BENCH_TAPS_TRACE=file: Chromium's timeline of this tap in the first round (what the time went to).
    const trace = index === 0 ? process.env.BENCH_TAPS_TRACE : undefined;
    if (trace) await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
    const statusDialog = await tapUntil(page, change, `!!document.querySelector('[role="radiogroup"]')`);
    if (trace) await browser.stopTracing();
    const choices = page.getByRole('dialog', { name: 'Changer le statut' }).getByRole('radio');
    step = 'le choix d’un statut';
    // Another status than the report's own (shown, disabled): the first one offered and not chosen yet.
    const count = await choices.count();
    for (let i = 0; i < count; i++) {
      if (!(await choices.nth(i).isChecked()) && (await choices.nth(i).isEnabled())) {
        // The whole row is the option (its input is drawn by MUI, not itself clickable).
        await choices.nth(i).locator('xpath=ancestor::label').click();
        break;
      }
    }
    const submit = page.getByRole('dialog', { name: 'Changer le statut' }).getByRole('button', { name: 'Changer le statut' });
    step = 'le changement de statut';
    // Painted: the dialog gone and « Annuler » offered (the new status is shown with it).
    const statusPainted = await tapUntil(page, submit, `!document.querySelector('[role="radiogroup"]') && [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Annuler')`);
    step = 'l’annulation';
    await page.getByRole('button', { name: 'Annuler' }).first().click();
    const close = page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Fermer' }).last();
    step = 'le retour à la liste';
    const backToList = await tapUntil(page, close, `!document.querySelector('[role="dialog"]') && !!document.querySelector('[role="listitem"] article')`);
    return { detail, statusDialog, statusPainted, backToList };
  } catch (error) {
    throw new Error(`${step} : ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context.close();
  }
}
