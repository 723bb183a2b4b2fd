import { writeFileSync } from 'node:fs';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import type { StorageState } from './browser';

/**
 * A field agent's taps on a phone (390 × 844, touch, the processor slowed 4× as on a mid-range phone), each timed
 * in the page from the finger's pointerdown to the first frame painted after what it asked for shows (to a frame or
 * two: the page is polled at each frame): a report's detail from its card, the status dialog, a status change
 * painted, and back to the list. The status change is undone with « Annuler » (nothing is sent), so rounds repeat.
 *
 * A tap that closes a dialog is timed as the web's responsiveness measure (INP) times it: to the frame that shows
 * its result (the new status under the closing window, the list under the closing detail), the window's fade-out
 * (Material's 195 ms on a phone) not counted; the time until the window has left, and the list takes taps again,
 * is measured beside it (`…Gone`).
 */
export interface PhoneInteractions {
  detail: number;
  statusDialog: number;
  statusPainted: number;
  backToList: number;
  detailGone: number;
}

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const CPU_SLOWDOWN = 4;

/**
 * Milliseconds from the tap on `target` to the frame after the one in which `shown` (a page expression) first holds,
 * watched in the page at each frame from before the tap (no round trip to the bench in the figure); and, with
 * `thenGone`, to the frame after the one in which that holds too.
 */
async function tapUntil(page: Page, target: Locator, shown: string, thenGone?: string): Promise<{ shown: number; gone: number }> {
  await page.evaluate(`(() => {
    const tap = (window.__tap = { at: NaN, shown: NaN, gone: NaN });
    addEventListener('pointerdown', () => { tap.at = performance.now(); }, { capture: true, once: true });
    const after = (key) => requestAnimationFrame(() => { tap[key] = performance.now() - tap.at; });
    const watch = () => {
      if (Number.isNaN(tap.at)) return requestAnimationFrame(watch);
      if (!tap.shownSeen) {
        if (!(${shown})) return requestAnimationFrame(watch);
        tap.shownSeen = true;
        after('shown');
      }
      if (${thenGone ? `!(${thenGone})` : 'false'}) return requestAnimationFrame(watch);
      ${thenGone ? "after('gone');" : ''}
    };
    requestAnimationFrame(watch);
  })()`);
  await target.click();
  const done = thenGone ? '!Number.isNaN(window.__tap.gone)' : '!Number.isNaN(window.__tap.shown)';
  await page.waitForFunction(done, undefined, { timeout: 30_000 });
  return page.evaluate('({ shown: window.__tap.shown, gone: window.__tap.gone })');
}

/**
 * BENCH_TAPS_RENDERS=prefix: which components React rendered during each tap of the first round (and the second
 * after it), named as a build with BENCH_SPA_MINIFY=0 names them, through the hook React gives developer tools.
 */
function countRenders() {
  type Fiber = { type?: unknown; flags: number; child?: Fiber; sibling?: Fiber; alternate?: Fiber | null; memoizedProps?: Record<string, unknown> };
  // For these, which of their props changed (a memo that does not hold says why).
  const watched = new Set(['RecordCard', 'ListCards', 'ListBody', 'ResourceScreenLayout', 'ListBase', 'ResourceList', 'DetailDialog']);
  const w = window as unknown as { __renders?: Record<string, number>; __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
  const nameOf = (type: unknown): string | undefined => {
    if (typeof type === 'function') return (type as { displayName?: string; name?: string }).displayName || (type as { name?: string }).name;
    if (type && typeof type === 'object' && 'render' in type) return nameOf((type as { render: unknown }).render);
    if (type && typeof type === 'object' && 'type' in type) return nameOf((type as { type: unknown }).type);
    return undefined;
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    checkDCE: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      const counts = w.__renders;
      if (!counts) return;
      // As React's developer tools do: a subtree whose children are the previous commit's bailed out (not rendered);
      // a fiber without a previous version was mounted by this commit, with its whole subtree.
      const visit = (fiber: Fiber, mounted: boolean) => {
        const name = nameOf(fiber.type);
        // PerformedWork (1): React ran this component in the commit's render.
        if (name && (mounted || fiber.flags & 1)) {
          counts[name] = (counts[name] ?? 0) + 1;
          const before = fiber.alternate?.memoizedProps;
          if (!mounted && before && watched.has(name)) {
            const changed = Object.keys(fiber.memoizedProps ?? {}).filter((key) => fiber.memoizedProps![key] !== before[key]);
            const why = `${name} (${changed.join(', ') || 'no prop changed'})`;
            counts[why] = (counts[why] ?? 0) + 1;
          }
        }
        if (!mounted && fiber.alternate && fiber.child === fiber.alternate.child) return;
        for (let child = fiber.child; child; child = child.sibling) visit(child, mounted || !child.alternate);
      };
      visit(root.current, false);
    },
  };
}

/** Until no request has been in flight for half a second, then the page's next idle moment. */
async function quiet(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  // The socket's long polls stay open by design: not the page's work.
  const counted = (request: Request) => !request.url().includes('/socket.io/');
  const up = (request: Request) => counted(request) && ((inFlight += 1), (lastChange = Date.now()));
  const down = (request: Request) => counted(request) && ((inFlight = Math.max(0, inFlight - 1)), (lastChange = Date.now()));
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  try {
    while (inFlight > 0 || Date.now() - lastChange < 500) await page.waitForTimeout(100);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })));
  } finally {
    page.off('request', up);
    page.off('requestfinished', down);
    page.off('requestfailed', down);
  }
}

const dialogNamed = (name: string) => `[...document.querySelectorAll('[role="dialog"]')].some((d) => d.querySelector('h2')?.textContent?.includes(${JSON.stringify(name)}))`;

/** One round on the reports list: the card `index` opened, its status changed (then undone), closed. */
export async function phoneInteractions(browser: Browser, spaUrl: string, state: StorageState, index: number): Promise<PhoneInteractions> {
  const context = await browser.newContext({ locale: 'fr-FR', storageState: state, viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });
  let step = 'la liste';
  try {
    const page = await context.newPage();
    if (process.env.BENCH_TAPS_RENDERS && index === 0) await page.addInitScript(countRenders);
    await page.goto(`${spaUrl}/signalements`);
    const cards = page.getByRole('list', { name: 'Liste des signalements' }).getByRole('listitem');
    await cards.nth(index).waitFor({ timeout: 60_000 });
    // The page settled (socket, idle work) before the timings: they are the taps', not the load's.
    await page.waitForTimeout(2_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const card = cards.nth(index).locator('article');
    const title = (await card.locator('a').first().textContent())!.trim();

    // BENCH_TAPS_PROFILE=prefix: the JavaScript profile of each tap of the first round, in prefix-<tap>.cpuprofile
    // (which functions the time went to; BENCH_SPA_MINIFY=0 builds the SPA with their names). BENCH_TAPS_TRACE=prefix:
    // Chromium's timeline of each, in prefix-<tap>.json (tasks, style, layout, paint).
    const profiled = async <T>(name: string, tap: () => Promise<T>): Promise<T> => {
      const [profile, trace, renders] = index === 0 ? [process.env.BENCH_TAPS_PROFILE, process.env.BENCH_TAPS_TRACE, process.env.BENCH_TAPS_RENDERS] : [];
      if (renders) {
        await page.evaluate(() => ((window as unknown as { __renders: Record<string, number> }).__renders = {}));
        const result = await tap();
        await page.waitForTimeout(1_000);
        const counted = await page.evaluate(() => (window as unknown as { __renders: Record<string, number> }).__renders);
        writeFileSync(`${renders}-${name}.json`, JSON.stringify(Object.entries(counted).sort((a, b) => b[1] - a[1]), null, 1));
        return result;
      }
      if (trace) {
        await browser.startTracing(page, { path: `${trace}-${name}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
        const result = await tap();
        await browser.stopTracing();
        return result;
      }
      if (!profile) return tap();
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      const result = await tap();
      writeFileSync(`${profile}-${name}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      return result;
    };

    step = 'la fiche';
    const { shown: detail } = await profiled('detail', () => tapUntil(page, card, dialogNamed(title)));
    // The agent reads the report before the next tap: its whole body shown, its requests answered.
    await page.getByRole('dialog', { name: title }).getByRole('heading', { name: 'Historique' }).waitFor();
    await quiet(page);
    const change = page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Changer statut' });
    step = 'la fenêtre des statuts';
    await change.waitFor();
    const { shown: statusDialog } = await profiled('status', () => tapUntil(page, change, `!!document.querySelector('[role="radiogroup"]')`));
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
    await quiet(page);
    // Painted: the dialog gone and « Annuler » offered (the new status is shown with it).
    // Painted: « Annuler » offered (the new status is shown with it) and the statuses' window closed or leaving.
    const undoOffered = `[...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Annuler')`;
    const radiosLeaving = `[...document.querySelectorAll('[role="radiogroup"]')].every((r) => r.closest('.MuiDialog-container')?.style.opacity === '0')`;
    const { shown: statusPainted } = await profiled('painted', () => tapUntil(page, submit, `${undoOffered} && ${radiosLeaving}`));
    step = 'l’annulation';
    await page.getByRole('button', { name: 'Annuler' }).first().click();
    const close = page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Fermer' }).last();
    step = 'le retour à la liste';
    await quiet(page);
    const listShown = `!!document.querySelector('[role="listitem"] article')`;
    const { shown: backToList, gone: detailGone } = await profiled('back', () =>
      tapUntil(page, close, `${listShown} && [...document.querySelectorAll('.MuiDialog-container')].every((c) => c.style.opacity === '0')`, `${listShown} && !document.querySelector('[role="dialog"]')`),
    );
    return { detail, statusDialog, statusPainted, backToList, detailGone };
  } catch (error) {
    throw new Error(`${step} : ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context.close();
  }
}
