import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { FLAGS, logInThrough } from './browser';
import { chromiumPath } from '../../tests/support/chromium';

const run = promisify(execFile);

/**
 * The yardstick of the phone section: the smallest react-admin app of the same versions
 * (bench/minimal: <Admin>, one list of 25 reports, one bundle), built by the project's vite
 * against the bench's backend. Its session is a token in localStorage (`minimal.token`).
 */
export function buildMinimal(root: string, outDir: string, apiUrl: string) {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', path.join(root, 'bench/minimal/vite.config.ts'), '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', VITE_API_URL: apiUrl },
    stdio: 'inherit',
  });
}

/** react-admin's default router is a hash router: the list of reports is /#/reports. */
export const MINIMAL_LIST = '/#/reports';
export const MINIMAL_TOKEN_KEY = 'minimal.token';

export interface PhoneFigures {
  label: string;
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** JavaScript files the load fetched, and their bytes on the wire. */
  jsRequests: number;
  jsBytes: number;
}

export interface PhoneRun {
  label: string;
  url: string;
  /** Before the run, in the same browser (logging in); the HTTP cache is emptied after it. */
  prepare?: (page: Page) => Promise<void>;
}

/** BENCH_PHONE_LHR=folder keeps each run's Lighthouse report there (its audits: LCP's element, the request chains, unused code). */
function keepReport(label: string, json: string) {
  const dir = process.env.BENCH_PHONE_LHR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
  let n = 1;
  while (existsSync(path.join(dir, `${name}-${n}.json`))) n++;
  writeFileSync(path.join(dir, `${name}-${n}.json`), json);
}

/**
 * Lighthouse's mobile profile (its default simulated throttling: a slow 4G and a 4× slower CPU),
 * performance only, on each run's URL in one Chromium that playwright started with a debugging
 * port. Storage is kept between runs (the sessions), the HTTP cache emptied before each: cold loads.
 */
export async function lighthousePhone(cli: string, port: number, runs: PhoneRun[]): Promise<PhoneFigures[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-phone-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: await chromiumPath(), args: [...FLAGS, `--remote-debugging-port=${port}`], locale: 'fr-FR' });
  const results: PhoneFigures[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    for (const r of runs) {
      await r.prepare?.(page);
      // A blank page, so that the page of the preparation stops its requests (the socket's polling) before the run.
      await page.goto('about:blank');
      await cdp.send('Network.clearBrowserCache');
      // Cold as a first visit, but for the session: no service worker, no precache, no data kept on the device.
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(r.url).origin, storageTypes: 'service_workers,cache_storage,indexeddb' });
      const args = [cli, r.url, `--port=${port}`, '--output=json', '--output-path=stdout', '--only-categories=performance', '--disable-storage-reset', '--quiet', '--locale=fr'];
      const { stdout } = await run(process.execPath, args, { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: await chromiumPath() } });
      const lhr = JSON.parse(stdout);
      keepReport(r.label, stdout);
      const requests: { resourceType?: string; transferSize?: number; url: string }[] = lhr.audits['network-requests']?.details?.items ?? [];
      const scripts = requests.filter((item) => item.resourceType === 'Script');
      results.push({
        label: r.label,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        jsRequests: scripts.length,
        jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      });
    }
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** Logs the back-office in through its login page once per browser (later runs keep the session). */
export function ourLogin(spaUrl: string, account: { email: string; password: string }) {
  let done = false;
  return async (page: Page) => {
    if (done) return;
    await logInThrough(page, spaUrl, account.email, account.password);
    done = true;
  };
}

/**
 * The minimal app's session: the token it keeps, written on its origin once the freshly loaded app has
 * made its own check. Without a token it logs out (removing the key) and shows its login page: a token
 * written before that check ends was removed by it, and the measured load then showed the login page.
 * A token taken when asked for (a function), not the bench's first one: a session left idle past the
 * settings' timeout answers 401, and the app logs out on it. Checked as the measured load will find it:
 * the list's first row, not the login page.
 */
export function minimalLogin(minimalUrl: string, session: string | (() => Promise<string>)) {
  return async (page: Page) => {
    const jwt = typeof session === 'string' ? session : await session();
    await page.goto(`${minimalUrl}/#/login`);
    // The login form is there once react-admin's check has failed and its logout has run.
    await page.locator('form button[type="submit"]').waitFor({ timeout: 60_000 });
    await page.evaluate(([key, token]) => localStorage.setItem(key, token), [MINIMAL_TOKEN_KEY, jwt] as const);
    await page.goto(`${minimalUrl}${MINIMAL_LIST}`);
    await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 });
    if ((await page.evaluate((key) => localStorage.getItem(key), MINIMAL_TOKEN_KEY)) !== jwt) throw new Error('minimal : la session a été effacée par l’application');
  };
}
