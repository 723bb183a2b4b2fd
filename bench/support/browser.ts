import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from '../../tests/support/chromium';
import { gzippedSize } from './spa';

const run = promisify(execFile);
export const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export const launch = async () => chromium.launch({ executablePath: await chromiumPath(), args: FLAGS });

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Logs in through the login page; answers the logged-in browser storage (the session), for fresh contexts. */
export async function loggedInState(browser: Browser, spaUrl: string, email: string, password: string): Promise<StorageState> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await logInThrough(page, spaUrl, email, password);
  const state = await context.storageState();
  await context.close();
  return state;
}

export async function logInThrough(page: Page, spaUrl: string, email: string, password: string) {
  await page.goto(`${spaUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByText('Connexion réussie').waitFor();
}

/** What the page is waiting for before it counts as shown: the login form, the dashboard's figures, the list's first row. */
export type Ready = 'login' | 'dashboard' | 'firstRow' | 'citizen';
const READY: Record<Ready, string> = {
  login: `!!document.querySelector('button[type="submit"]')`,
  dashboard: `[...document.querySelectorAll('h2')].some((h) => h.textContent === 'Signalements au total') && !document.querySelector('.MuiSkeleton-root')`,
  // A row of the table, or a card of the phone's layout.
  firstRow: `!!document.querySelector('tbody tr td, [role="listitem"] article')`,
  // The citizens' page: its form's categories.
  citizen: `!!document.querySelector('.categories input')`,
};

export interface ColdLoad {
  /** ms from navigation start to ready (performance.now() in the page). */
  readyMs: number;
  /** gzipped bytes of the JavaScript files the load fetched from the SPA. */
  jsGzip: number;
  jsFiles: string[];
  /** The same, of the files requested before the screen was ready (without what loads once the page is idle). */
  jsGzipBeforeReady: number;
  jsFilesBeforeReady: number;
  /** API calls (method and path) the load made, in order. */
  api: string[];
  /** From the page's own observers: largest contentful paint, layout shift, total blocking time (long tasks past 50 ms). */
  lcp: number;
  cls: number;
  tbt: number;
}

/**
 * A cold load (new context, empty cache) of `route`, logged in when `state` is given, on a phone-sized or desktop viewport.
 * The API is on the page's own address, as the bench serves it (spa.ts).
 */
export async function coldLoad(browser: Browser, spaUrl: string, dist: string, route: string, ready: Ready, state?: StorageState, mobile = false): Promise<ColdLoad> {
  const context = await browser.newContext({
    locale: 'fr-FR',
    storageState: state,
    viewport: mobile ? { width: 412, height: 823 } : { width: 1366, height: 860 },
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __perf: { lcp: number; cls: number; tbt: number } };
    w.__perf = { lcp: 0, cls: 0, tbt: 0 };
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.__perf.lcp = e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => {
        const shift = e as PerformanceEntry & { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) w.__perf.cls += shift.value;
      }),
    ).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.__perf.tbt += Math.max(0, e.duration - 50)))).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const jsFiles: string[] = [];
  const api: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(spaUrl) && url.endsWith('.js')) jsFiles.push(new URL(url).pathname);
    if (url.startsWith(spaUrl) && new URL(url).pathname.startsWith('/api/')) api.push(`${request.method()} ${new URL(url).pathname}`);
  });
  await page.goto(`${spaUrl}${route}`);
  const readyMs = (await (await page.waitForFunction(`(${READY[ready]}) && performance.now()`, undefined, { timeout: 60_000 })).jsonValue()) as number;
  const beforeReady = jsFiles.slice();
  // Late shifts and requests (lazy chunks, charts) belong to the load too (the socket's polling may never let the network idle).
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(1_000);
  const perf = (await page.evaluate('window.__perf')) as { lcp: number; cls: number; tbt: number };
  await context.close();
  const gzipOf = (files: string[]) => files.reduce((sum, file) => sum + gzippedSize(path.join(dist, file)), 0);
  return { readyMs, jsGzip: gzipOf(jsFiles), jsFiles, jsGzipBeforeReady: gzipOf(beforeReady), jsFilesBeforeReady: beforeReady.length, api, ...perf };
}

/** Lighthouse's CLI, when the package is there (BENCH_LIGHTHOUSE_DIR, or the project's own node_modules). */
export function lighthouseCli(): string | undefined {
  const dirs = [process.env.BENCH_LIGHTHOUSE_DIR, process.cwd()].filter(Boolean) as string[];
  for (const dir of dirs) {
    try {
      const cli = createRequire(path.join(dir, 'package.json')).resolve('lighthouse/cli/index.js');
      if (existsSync(cli)) return cli;
    } catch {
      /* not installed there */
    }
  }
  return undefined;
}

export interface LighthouseFigures {
  route: string;
  formFactor: 'mobile' | 'desktop';
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/**
 * Lighthouse (performance only, its default simulated throttling) on a Chromium that playwright
 * started with a debugging port: /login first, logged out; then logged in through the page, the
 * other routes, the HTTP cache emptied before each run (storage kept: the session).
 */
export async function lighthouseRuns(cli: string, spaUrl: string, routes: { route: string; loggedIn: boolean }[], account: { email: string; password: string }, port: number): Promise<LighthouseFigures[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: await chromiumPath(), args: [...FLAGS, `--remote-debugging-port=${port}`], locale: 'fr-FR' });
  const results: LighthouseFigures[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    let loggedIn = false;
    for (const { route, loggedIn: wantsLogin } of [...routes].sort((a, b) => Number(a.loggedIn) - Number(b.loggedIn))) {
      if (wantsLogin && !loggedIn) {
        await logInThrough(page, spaUrl, account.email, account.password);
        loggedIn = true;
      }
      for (const formFactor of ['mobile', 'desktop'] as const) {
        await cdp.send('Network.clearBrowserCache');
        const args = [cli, `${spaUrl}${route}`, `--port=${port}`, '--output=json', '--output-path=stdout', '--only-categories=performance', '--disable-storage-reset', '--quiet', '--locale=fr'];
        if (formFactor === 'desktop') args.push('--preset=desktop');
        const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: await chromiumPath() } });
        const lhr = JSON.parse(stdout);
        results.push({
          route,
          formFactor,
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
        });
      }
    }
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/**
 * A repeat visit without the network on a phone-sized viewport: `route` loaded once online (the
 * service worker installs and takes control, the app keeps what it read), then the device goes
 * offline and the page is loaded again. Answers when the screen is ready and its LCP, from the
 * shell and code the service worker serves and the data the device kept; null when no worker took control.
 */
export async function offlineRepeatVisit(
  browser: Browser,
  spaUrl: string,
  route: string,
  ready: Ready,
  state?: StorageState,
  { cpuSlowdown = 1, online = false }: { cpuSlowdown?: number; online?: boolean } = {},
): Promise<{ readyMs: number; lcp: number } | null> {
  const context = await browser.newContext({ locale: 'fr-FR', storageState: state, viewport: { width: 412, height: 823 } });
  try {
    await context.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.__lcp = e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(`${spaUrl}${route}`);
    await page.waitForFunction(READY[ready], undefined, { timeout: 60_000 });
    const controlled = await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 60_000 }).then(() => true, () => false);
    if (!controlled) return null;
    // The app keeps what it read a second after the answers.
    await page.waitForTimeout(2_000);
    // Online, the next visit as an agent makes it: the shell from the service worker, the data from the device or the network.
    if (!online) await context.setOffline(true);
    if (cpuSlowdown > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.reload();
    const readyMs = (await (await page.waitForFunction(`(${READY[ready]}) && performance.now()`, undefined, { timeout: 60_000 })).jsonValue()) as number;
    await page.waitForTimeout(500);
    return { readyMs, lcp: (await page.evaluate('window.__lcp')) as number };
  } finally {
    await context.close();
  }
}
