import { expect } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { TOKEN_KEY, USER_KEY } from '../../src/providers/session';
import { chromiumPath } from '../support/chromium';

/** Chromium's headless shell (tests/support/chromium.ts), driven by playwright-core (each test opens a fresh context); screenshots under test-results/e2e. */
export const SCREENSHOTS = path.resolve('test-results', 'e2e');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The map tile servers of the settings' providers, and a 1×1 light-grey PNG to answer them with. */
export const MAP_TILES = /tile\.openstreetmap\.org|api\.mapbox\.com|tile\.googleapis\.com/;
export const PLAIN_TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');

const CHROMIUM_ARGS = [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
];
export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
}

/** A browser with a profile of its own in `dir` (not an incognito context: what Chromium asks before it offers to install an app). */
export async function launchWithProfile(dir: string, options: { width: number; height: number }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, { executablePath: await chromiumPath(), args: CHROMIUM_ARGS, viewport: options, locale: 'fr-FR', reducedMotion: 'reduce' });
}

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  timezoneId?: string;
  /** What the browser holds at the start (openLoggedIn: a session). */
  storageState?: BrowserContextOptions['storageState'];
  /**
   * No service worker unless 'allow': it precaches the whole app in the background of each new context (a tenth of
   * a file's processor time), which only the field agents' tests (offline, redeploy) are about.
   */
  serviceWorkers?: BrowserContextOptions['serviceWorkers'];
  /** A touch screen (a phone): its pointer is coarse, it cannot hover. */
  hasTouch?: boolean;
  /**
   * The system's motion setting. 'reduce' unless a test says otherwise: the app then opens its dialogs and menus
   * without transitions or ripples (the setting's purpose), which also spares Chromium a tenth of its drawing.
   */
  reducedMotion?: BrowserContextOptions['reducedMotion'];
  /** Where the phone says it is, and the permissions granted (['geolocation']). */
  geolocation?: BrowserContextOptions['geolocation'];
  permissions?: string[];
}

export async function openPage(browser: Browser, options: PageOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 860 },
    colorScheme: options.colorScheme ?? 'light',
    locale: 'fr-FR',
    // The browser's time zone (the town's is Indian/Mayotte, whatever this says).
    timezoneId: options.timezoneId,
    storageState: options.storageState,
    serviceWorkers: options.serviceWorkers ?? 'block',
    reducedMotion: options.reducedMotion ?? 'reduce',
    geolocation: options.geolocation,
    permissions: options.permissions,
    hasTouch: options.hasTouch,
  });
  // A save dialog is the system's own: no test can answer it, and headless Chromium dismisses it at once. Without a
  // service worker, exports here go the way of the browsers that have no such dialog (Firefox, Safari): a download.
  await context.addInitScript(() => Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true }));
  const page = await context.newPage();
  // No internet here: map tiles get a plain tile, so no screen depends on the tile servers (a test may refuse them instead).
  await page.route(MAP_TILES, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PLAIN_TILE }));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** The whole page by default; `fullPage: false` for what the screen shows (a full-screen dialog over a long list). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  try {
    await page.screenshot({ path: file, fullPage });
  } catch (error) {
    // Seen once under load: a whole-page capture waited 30 s for a frame (fonts loaded, page idle). The picture is
    // for people to look at, not a check: try once more with what the screen shows before failing the test.
    if (!fullPage || !/Timeout/.test(String(error))) throw error;
    await page.screenshot({ path: file, fullPage: false, timeout: 15_000 });
  }
  return file;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core on the page (WCAG 2.0/2.1 A and AA rules): the serious and critical violations. Once the transitions
 * have run: axe measures the colours as drawn, and a toast fading out is drawn half transparent (seen under load).
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await animationsDone(page);
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export async function logIn(page: Page, spaUrl: string, email: string, password: string, path = '/') {
  await page.goto(`${spaUrl}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByText('Connexion réussie').waitFor();
}

/** The session each account's login left in the browser, by address and account: one login per file and account. */
const sessions = new Map<string, Promise<BrowserContextOptions['storageState']>>();

/**
 * A page at `path`, logged in as `email`, for the tests where logging in is not the point: the file's first call
 * for this account logs in through the login page (logIn) in a page of its own; every call opens with the session
 * that login left in local storage (nothing else of that page), so that no "Connexion réussie" toast covers the
 * screen. A test that ends the session (logout, password) logs in with logIn instead.
 */
export async function openLoggedIn(browser: Browser, spaUrl: string, email: string, password: string, path = '/', options: PageOptions = {}): Promise<WatchedPage> {
  const key = `${spaUrl} ${email}`;
  if (!sessions.has(key)) {
    sessions.set(
      key,
      (async () => {
        const { page } = await openPage(browser);
        await logIn(page, spaUrl, email, password);
        const { origins } = await page.context().storageState();
        await page.context().close();
        const session = origins.map((origin) => ({ ...origin, localStorage: origin.localStorage.filter(({ name }) => name === TOKEN_KEY || name === USER_KEY) }));
        return { cookies: [], origins: session };
      })(),
    );
  }
  const watched = await openPage(browser, { ...options, storageState: await sessions.get(key) });
  await watched.page.goto(`${spaUrl}${path}`);
  return watched;
}

/** Until the page's CSS transitions and animations have run (a dialog's or a sheet's entrance, a fade). */
export async function animationsDone(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

/**
 * A sidebar's links as their text reads: « Signalements » carries the count of reports awaiting moderation
 * when there are some (the e2e files run in any order, so whether there are is not this check's business).
 */
export const sidebarLabels = (labels: readonly string[]) =>
  labels.map((label) => (label === 'Signalements' ? expect.stringMatching(/^Signalements(\d+ \(\d+ signalement\(s\) à valider\))?$/) : label));
