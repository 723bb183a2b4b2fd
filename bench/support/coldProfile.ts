import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LEAST_UPPER_BOUND, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Browser } from 'playwright-core';
import type { StorageState } from './browser';
import { CPU_SLOWDOWN, PHONE_VIEWPORT } from './interactions';

/**
 * Where a cold load of the list spends its processor on a phone (390 px, CPU slowed 4×): a CPU profile of the load
 * until the first row is painted, each sample's function mapped through the build's source maps (`vite build
 * --sourcemap hidden`: the maps are written beside the files, never named by them) to the file it was written in.
 * The app's own code is what maps into `src/`, and the code run as the app's own files load (a minified file is one
 * line, whose modules cannot be told apart: with BENCH_SPA_MINIFY=0 each line says its module); each library is its
 * package; the rest is the browser's (style, layout, parsing, the garbage collector). Also: the page's elements once the row shows, those of one card, and
 * the layouts JavaScript forced by reading a size before the first row (Chromium's timeline).
 */
export interface ColdProfile {
  /** ms from navigation to the first row (performance.now() in the page, CPU slowed). */
  firstRowMs: number;
  /** ms of CPU in the app's own code (src/) until the first row, and by file. */
  ownMs: number;
  ownByFile: [string, number][];
  /** ms of CPU by library (node_modules package) and by the browser's own categories. */
  byPackage: [string, number][];
  totalMs: number;
  elements: number;
  cardElements: number;
  cards: number;
  /** The layout shifts of the load (until a second after the first row), with what moved. */
  shifts: { value: number; at: number; sources: string[] }[];
  /** Layouts forced by JavaScript (a size read while styles were dirty) before the first row, and where. */
  forcedLayouts: number;
  forcedLayoutMs: number;
  forcedLayoutSources: string[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
  /** Samples by line (from 1) within the function. */
  positionTicks?: { line: number; ticks: number }[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const FIRST_ROW = `!!document.querySelector('tbody tr td, [role="listitem"] article')`;

type Resolve = (url: string, line: number, column: number | 'line') => string | undefined;

/**
 * The source a position of a built file comes from (its maps read once), as `src/…` or `node_modules/<package>`;
 * `'line'` for the column: the first source of that line, where the file has lines (a build with BENCH_SPA_MINIFY=0:
 * a minified file is one line, and a module's code run as it loads cannot be told from another's).
 */
function sourceResolver(dist: string, spaUrl: string): Resolve {
  const maps = new Map<string, { map: TraceMap; lines: number } | null>();
  return (url, line, column) => {
    if (!url.startsWith(spaUrl)) return undefined;
    const file = path.join(dist, new URL(url).pathname);
    if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? { map: new TraceMap(readFileSync(`${file}.map`, 'utf8')), lines: readFileSync(file, 'utf8').split('\n').length } : null);
    const mapped = maps.get(file);
    if (!mapped) return `${path.basename(file)} (sans carte)`;
    if (column === 'line' && mapped.lines < 50) {
      // A minified file is one line: its modules' code run as they load counts as the app's where the file is the app's.
      const chunk = path.basename(file).replace(/-[\w-]{8}\.js$/, '');
      return /^(vendor-|rolldown-runtime)/.test(chunk) ? `${chunk} (au chargement)` : `src/* (au chargement : ${chunk})`;
    }
    const source = originalPositionFor(mapped.map, column === 'line' ? { line: line + 1, column: 0, bias: LEAST_UPPER_BOUND } : { line: line + 1, column }).source;
    if (!source) return `${path.basename(file)} (hors carte)`;
    const modules = source.lastIndexOf('node_modules/');
    if (modules >= 0) {
      const [scope, name] = source.slice(modules + 'node_modules/'.length).split('/');
      return `node_modules/${scope.startsWith('@') ? `${scope}/${name}` : scope}`;
    }
    const own = source.indexOf('src/');
    return own >= 0 ? source.slice(own) : source;
  };
}

/**
 * Self time of each sample's function, by where it was written; a script's own code (its modules' code run as they
 * load, the function at its first character) by the lines its samples fell on.
 */
function attribute(profile: Profile, resolve: Resolve) {
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));
  const totals = new Map<string, number>();
  const add = (where: string, t: number) => totals.set(where, (totals.get(where) ?? 0) + t);
  let total = 0;
  for (const node of profile.nodes) {
    const t = selfTime.get(node.id) ?? 0;
    const { url, lineNumber, columnNumber, functionName } = node.callFrame;
    if (!t || functionName === '(idle)') continue;
    total += t;
    const ticks = node.positionTicks ?? [];
    const allTicks = ticks.reduce((sum, tick) => sum + tick.ticks, 0);
    if (url && lineNumber === 0 && columnNumber === 0 && allTicks) {
      for (const tick of ticks) add(resolve(url, tick.line - 1, 'line') ?? 'autre script', (t * tick.ticks) / allTicks);
      continue;
    }
    add((url && resolve(url, lineNumber, columnNumber)) || (url ? 'autre script' : functionName.startsWith('(') ? functionName : `navigateur : ${functionName || 'natif'}`), t);
  }
  return { total, totals };
}

export async function coldLoadProfile(browser: Browser, spaUrl: string, dist: string, state: StorageState, saveAs?: string): Promise<ColdProfile> {
  const context = await browser.newContext({ locale: 'fr-FR', storageState: state, viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  try {
    // What moved on the page as it loaded (the layout shifts Lighthouse adds into its CLS), and which elements.
    await context.addInitScript(() => {
      const w = window as unknown as { __shifts: { value: number; at: number; sources: string[] }[] };
      w.__shifts = [];
      const describe = (node: Node | null) => {
        const el = node instanceof Element ? node : node?.parentElement;
        if (!el) return '?';
        const cls = [...el.classList].filter((c) => !c.startsWith('css-')).slice(0, 2).join('.');
        return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} « ${(el.textContent ?? '').trim().slice(0, 30)} »`;
      };
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => {
          const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
          if (shift.hadRecentInput) return;
          w.__shifts.push({ value: shift.value, at: Math.round(shift.startTime), sources: (shift.sources ?? []).map((s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h ${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`) });
        }),
      ).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    // Chromium's timeline, for the layouts JavaScript forces (a Layout event with the script's stack).
    const events: { name: string; ph: string; ts: number; dur?: number; args?: { beginData?: { stackTrace?: { url: string; lineNumber: number; columnNumber: number }[] } } }[] = [];
    cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as typeof events)));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline.stack', transferMode: 'ReportEvents' });
    await cdp.send('Profiler.start');
    await page.goto(`${spaUrl}/signalements`);
    const firstRowMs = (await (await page.waitForFunction(`(${FIRST_ROW}) && performance.now()`, undefined, { timeout: 60_000, polling: 'raf' })).jsonValue()) as number;
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await traced;
    // The shifts of the load: until the first row and the second after it (the counts, the late parts).
    await page.waitForTimeout(1_000);
    const shifts = (await page.evaluate('window.__shifts')) as ColdProfile['shifts'];
    const dom = (await page.evaluate(`(() => {
      const cards = document.querySelectorAll('[role="listitem"]');
      return { elements: document.getElementsByTagName('*').length, cards: cards.length, cardElements: cards[0] ? cards[0].getElementsByTagName('*').length + 1 : 0 };
    })()`)) as { elements: number; cards: number; cardElements: number };
    if (saveAs) writeFileSync(saveAs, JSON.stringify(profile));
    const resolve = sourceResolver(dist, spaUrl);
    const { total, totals } = attribute(profile, resolve);
    const own = [...totals].filter(([where]) => where.startsWith('src/')).sort((a, b) => b[1] - a[1]);
    const packages = new Map<string, number>();
    for (const [where, t] of totals) if (!where.startsWith('src/')) packages.set(where, (packages.get(where) ?? 0) + t);
    // The page's navigation start, in the timeline's clock: a layout after the first row is not the load's.
    const navigation = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart')?.ts ?? 0;
    const forced = events.filter((e) => e.name === 'Layout' && e.ph === 'X' && e.args?.beginData?.stackTrace?.length && (!navigation || e.ts - navigation <= firstRowMs * 1000));
    return {
      firstRowMs,
      ownMs: own.reduce((sum, [, t]) => sum + t, 0),
      ownByFile: own,
      byPackage: [...packages].sort((a, b) => b[1] - a[1]),
      totalMs: total,
      ...dom,
      shifts,
      forcedLayouts: forced.length,
      forcedLayoutMs: forced.reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0),
      // The timeline's stack frames count lines and columns from 1; the nearest frame of the app's own, else the top one.
      forcedLayoutSources: forced.map((e) => {
        const frames = e.args!.beginData!.stackTrace!.map((f) => resolve(f.url, f.lineNumber - 1, f.columnNumber - 1) ?? f.url);
        return frames.find((where) => where.startsWith('src/')) ?? frames[0];
      }),
    };
  } finally {
    await context.close();
  }
}
