import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { animationsDone, launch, launchWithProfile, logIn, openLoggedIn, PLAIN_TILE, screenshot, seriousViolations, type WatchedPage } from './browser';

/**
 * Field agents on a phone (390 × 844): the app is installable (manifest, service worker in control),
 * an agent's report reads offline after a reload with the « Hors ligne » banner, a status change, a
 * note and an « après intervention » photo made offline are sent once when the network returns, a conflict is shown and not written, and
 * a session opened before a redeploy still opens its next screen.
 */

const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
const PHONE = { width: 390, height: 844 };
/** An agent's phone, with the service worker the other files' browsers go without (it precaches the whole app). */
const AGENT_PHONE = { ...PHONE, serviceWorkers: 'allow' as const };
// Each test waits for the worker's precache before it starts (see serviceWorkerInControl): more than the layer's minute under load.
vi.setConfig({ testTimeout: 180_000 });
const OPERATOR = ['operateur@mairie.test', 'Operateur123!'] as const;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function tokenOf(email: string, password: string) {
  const res = await fetch(`${apiUrl}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: email, password }) });
  return ((await res.json()) as { jwt: string }).jwt;
}

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${apiUrl}${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** A report assigned to the demo operator, as a citizen's arrives. */
async function assignedReport(title: string) {
  const token = await tokenOf('admin@mairie.test', 'Admin123!');
  const created = await api('POST', '/api/reports', token, {
    data: { title, description: 'Lampadaire éteint devant l’école', type: 'Éclairage public', address: 'Rue du Commerce, Mamoudzou', zone: 'Kawéni', priority: 'haute', assignedTo: 'Moussa Attoumani', service: 'Service Technique' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.documentId as string;
}

const timelineOf = async (report: string) =>
  (await api('GET', `/api/report-updates?filters[report][$eq]=${report}&pagination[pageSize]=100`, await tokenOf(...OPERATOR))).body.data as { kind: string; text: string | null; statusAfter: string | null }[];

/** Until the service worker controls the page (precache done, the shell served by it). */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  // It precaches the whole app (233 files) first: over 30 s when npm test's other runs share the processor.
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 90_000 });
}

/** The browser's own lines about requests refused offline (not the app's errors). */
const offlineNoise = (line: string) => /ERR_INTERNET_DISCONNECTED|Failed to load resource|net::ERR_/.test(line);

describe('field agents on a phone', () => {
  it('can install the app: French manifest with icons, a service worker in control, no installability error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-install-'));
    const context = await launchWithProfile(dir, PHONE);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await logIn(page, spaUrl, ...OPERATOR);
      await serviceWorkerInControl(page);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = (await (await fetch(new URL(href!, spaUrl))).json()) as Record<string, any>;
      expect(manifest).toMatchObject({ name: 'Back-office de la mairie de Mamoudzou', short_name: 'Mairie Mamoudzou', lang: 'fr', display: 'standalone', start_url: '/' });
      expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads an assigned report offline, queues a status change, a note and a photo, and sends each once when back online', async () => {
    const title = `Lampadaire hors ligne ${Date.now()}`;
    const report = await assignedReport(title);
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...OPERATOR, `/signalements/${report}`, AGENT_PHONE);
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByText('Informations générales').waitFor();
    await serviceWorkerInControl(page);
    // The device keeps what was read a second after the answers.
    await page.waitForTimeout(1500);

    // No network: the report opens again after a reload, with the banner.
    await page.context().setOffline(true);
    await page.reload();
    await detail.getByText('Informations générales').waitFor();
    // The report's dialog fills the screen and covers the banner under the app bar: it shows the banner itself.
    const banner = detail.getByRole('status').filter({ hasText: 'Hors ligne' });
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toMatch(/Hors ligne — Données enregistrées sur cet appareil, mises à jour le \d\d\/\d\d\/\d{4} \d\d:\d\d\./);
    await animationsDone(page);
    await screenshot(page, 'field-offline-report');
    expect(await seriousViolations(page)).toEqual([]);

    // A status change with an internal note, made offline.
    await detail.getByRole('button', { name: 'Changer statut' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Changer le statut' });
    // On a phone the statuses are large options to tap.
    await statusDialog.getByRole('radio', { name: 'En cours' }).check();
    // Native radios in whole-row labels: the chosen row marked, the current status disabled, nothing serious for axe.
    await expect.poll(() => statusDialog.getByRole('radio', { name: 'Nouveau (actuel)' }).isDisabled()).toBe(true);
    await animationsDone(page);
    await screenshot(page, 'field-status-dialog');
    expect(await seriousViolations(page)).toEqual([]);
    const note = `Ampoule changée sur place ${Date.now()}`;
    await statusDialog.getByRole('textbox', { name: 'Note interne (facultatif)' }).fill(note);
    await statusDialog.getByRole('button', { name: 'Changer le statut' }).click();
    await statusDialog.waitFor({ state: 'hidden' });
    // Said as kept on the device, not as done.
    await page.getByText('Pas de réseau : la modification sera envoyée dès son retour.').waitFor();
    expect(await page.getByText('Le signalement est maintenant « En cours ».').count()).toBe(0);
    // The « après intervention » photo, through the camera's file input.
    await detail.getByText('Photo après intervention').waitFor();
    await detail.locator('input[type="file"][capture="environment"]').setInputFiles({ name: 'apres-intervention.png', mimeType: 'image/png', buffer: PLAIN_TILE });
    await detail.getByRole('button', { name: 'Fermer' }).last().click();
    await detail.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: '3 modifications en attente d\'envoi' }).waitFor();
    await page.getByRole('button', { name: 'Voir' }).click();
    const queued = page.getByRole('list', { name: 'Modifications faites sur cet appareil' });
    await expect.poll(() => queued.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Statut : En cours'),
      expect.stringContaining('Note interne'),
      expect.stringContaining('Photo après intervention'),
    ]);
    await animationsDone(page);
    await screenshot(page, 'field-offline-queue');
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing reached the backend.
    expect((await timelineOf(report)).filter((line) => line.kind === 'status' || line.text === note)).toEqual([]);

    // The app closed and opened again, still offline: the queue is still there.
    await page.reload();
    await page.getByRole('status').filter({ hasText: '3 modifications en attente d\'envoi' }).waitFor();

    // The network returns: both are sent, in order, once.
    await page.context().setOffline(false);
    await page.getByRole('status').filter({ hasText: 'en attente' }).waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(async () => (await api('GET', `/api/reports/${report}`, await tokenOf(...OPERATOR))).body.data.report_status).toBe('en_cours');
    const lines = await timelineOf(report);
    expect(lines.filter((line) => line.kind === 'status').map((line) => line.statusAfter)).toEqual(['en_cours']);
    expect(lines.filter((line) => line.text === note)).toHaveLength(1);
    const withPhotos = await api('GET', `/api/reports/${report}?populate[photos]=true`, await tokenOf(...OPERATOR));
    expect(withPhotos.body.data.photos.map((photo: { name: string }) => photo.name)).toEqual(['apres-intervention.png']);
    expect(errors.filter((line) => !offlineNoise(line))).toEqual([]);
    await page.context().close();
  });

  it('requests failing while the browser says it is online (a captive or weak network): after a reload, « Hors ligne » and the copy on the device; a report never opened says its detail is not here', async () => {
    const stamp = Date.now();
    const title = `Lampadaire réseau faible ${stamp}`;
    const report = await assignedReport(title);
    // Listed on the device, never opened (nor assigned to the agent, so not fetched ahead for the round).
    const otherTitle = `Poubelle renversée ${stamp}`;
    const other = await api('POST', '/api/reports', await tokenOf('admin@mairie.test', 'Admin123!'), {
      data: { title: otherTitle, description: 'Devant la poste', type: 'Propreté', address: 'Rue de la Poste, Mamoudzou', zone: 'Kawéni' },
    });
    expect(other.status).toBe(201);
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...OPERATOR, '/signalements', AGENT_PHONE);
    await page.getByText(otherTitle).first().waitFor();
    await serviceWorkerInControl(page);
    await page.waitForTimeout(1500);
    await page.getByText(title).first().click();
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByText('Informations générales').waitFor();
    await page.waitForTimeout(1500);

    // Every request to the server fails; the browser still says it is online.
    await page.context().route(`${apiUrl}/**`, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await detail.getByText('Informations générales').waitFor();
    await detail.getByRole('status').filter({ hasText: 'Hors ligne' }).waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    expect(await page.getByText('Envoi des modifications en attente').count()).toBe(0);
    expect(await page.getByText('Impossible de joindre le serveur').count()).toBe(0);
    await animationsDone(page);
    await screenshot(page, 'field-flaky-report', { fullPage: false });

    // A status change and a note made there show on the report as made, marked « En attente d'envoi ».
    await detail.getByRole('button', { name: 'Changer statut' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Changer le statut' });
    await statusDialog.getByRole('radio', { name: 'En cours' }).check();
    // Native radios in whole-row labels: the chosen row marked, the current status disabled, nothing serious for axe.
    await expect.poll(() => statusDialog.getByRole('radio', { name: 'Nouveau (actuel)' }).isDisabled()).toBe(true);
    await animationsDone(page);
    await screenshot(page, 'field-status-dialog');
    expect(await seriousViolations(page)).toEqual([]);
    const note = `Câble à remplacer ${stamp}`;
    await statusDialog.getByRole('textbox', { name: 'Note interne (facultatif)' }).fill(note);
    await statusDialog.getByRole('button', { name: 'Changer le statut' }).click();
    await statusDialog.waitFor({ state: 'hidden' });
    await page.getByText('Pas de réseau : la modification sera envoyée dès son retour.').waitFor();
    const suivi = detail.getByRole('list', { name: 'Suivi' });
    await suivi.getByRole('listitem').filter({ hasText: note }).getByText('En attente d\'envoi').waitFor();
    await suivi.getByRole('listitem').filter({ hasText: 'Nouveau → En cours' }).getByText('En attente d\'envoi').waitFor();
    expect(await detail.getByText('En cours', { exact: true }).count()).toBeGreaterThan(0);
    await animationsDone(page);
    await screenshot(page, 'field-flaky-pending-top', { fullPage: false });
    await suivi.scrollIntoViewIfNeeded();
    await screenshot(page, 'field-flaky-pending', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);

    // The list as the device kept it, not « 0 signalement(s) » with an error in English.
    await detail.getByRole('button', { name: 'Fermer' }).last().click();
    await page.getByText(otherTitle).first().waitFor();
    expect(await page.getByText(/Failed to fetch|Erreur lors du chargement/).count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Hors ligne' }).first().waitFor();
    await animationsDone(page);
    await screenshot(page, 'field-flaky-list');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByText(otherTitle).first().click();
    // What the list holds of it, and its detail said not to be here.
    const missing = page.getByRole('dialog', { name: otherTitle });
    await missing.getByText("Hors ligne : cette fiche n'a pas été ouverte avec le réseau, son détail n'est pas enregistré sur cet appareil. Elle s'affichera au retour du réseau.").waitFor();
    await animationsDone(page);
    await screenshot(page, 'field-flaky-not-on-device', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);

    // The server answers again: the app finds out by itself, and the report opens.
    await page.context().unroute(`${apiUrl}/**`);
    await page.getByRole('dialog', { name: otherTitle }).getByText('Informations générales').waitFor({ timeout: 15_000 });
    // And the queue goes at once, with no « online » event from the browser (it never said it was offline).
    await page.getByRole('status').filter({ hasText: 'en attente' }).waitFor({ state: 'detached', timeout: 15_000 });
    const token = await tokenOf(...OPERATOR);
    expect((await api('GET', `/api/reports/${report}`, token)).body.data.report_status).toBe('en_cours');
    expect((await timelineOf(report)).filter((line) => line.text === note)).toHaveLength(1);
    expect(errors.filter((line) => !offlineNoise(line))).toEqual([]);
    await page.context().close();
  });

  it('shows a conflict when the report changed meanwhile, and leaves the newer change in place', async () => {
    const title = `Voirie conflit ${Date.now()}`;
    const report = await assignedReport(title);
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...OPERATOR, `/signalements/${report}`, AGENT_PHONE);
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByText('Informations générales').waitFor();
    await serviceWorkerInControl(page);
    await page.context().setOffline(true);
    await detail.getByRole('button', { name: 'Changer statut' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Changer le statut' });
    // On a phone the statuses are large options to tap.
    await statusDialog.getByRole('radio', { name: 'Résolu' }).check();
    await statusDialog.getByRole('button', { name: 'Changer le statut' }).click();
    await statusDialog.waitFor({ state: 'hidden' });
    await detail.getByRole('button', { name: 'Fermer' }).last().click();
    await page.getByRole('status').filter({ hasText: '1 modification en attente d\'envoi' }).waitFor();

    // Meanwhile, an editor puts the report on hold.
    const editor = await tokenOf('editeur@mairie.test', 'Editeur123!');
    expect((await api('PUT', `/api/reports/${report}`, editor, { data: { report_status: 'en_attente' } })).status).toBe(200);

    await page.context().setOffline(false);
    const conflict = page.getByRole('status').filter({ hasText: 'Conflit' });
    await conflict.waitFor({ timeout: 30_000 });
    await conflict.getByText(/Ce signalement a été modifié le \d\d\/\d\d\/\d{4} \d\d:\d\d depuis que vous l'avez ouvert/).waitFor();
    await animationsDone(page);
    await screenshot(page, 'field-conflict');
    expect(await seriousViolations(page)).toEqual([]);
    expect((await api('GET', `/api/reports/${report}`, editor)).body.data.report_status).toBe('en_attente');

    await conflict.getByRole('button', { name: 'Abandonner « Statut : Résolu »' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(errors.filter((line) => !offlineNoise(line))).toEqual([]);
    await page.context().close();
  });
});

describe('logging out', () => {
  it('warns about unsent changes, then leaves nothing personal on the device', async () => {
    const title = `Propreté déconnexion ${Date.now()}`;
    const report = await assignedReport(title);
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...OPERATOR, `/signalements/${report}`, AGENT_PHONE);
    const detail = page.getByRole('dialog', { name: title });
    await detail.getByText('Informations générales').waitFor();
    await serviceWorkerInControl(page);
    await page.waitForTimeout(1500);
    await page.context().setOffline(true);
    await detail.getByRole('button', { name: 'Changer statut' }).click();
    const statusDialog = page.getByRole('dialog', { name: 'Changer le statut' });
    // On a phone the statuses are large options to tap.
    await statusDialog.getByRole('radio', { name: 'En cours' }).check();
    await statusDialog.getByRole('button', { name: 'Changer le statut' }).click();
    await statusDialog.waitFor({ state: 'hidden' });
    await detail.getByRole('button', { name: 'Fermer' }).last().click();
    await page.getByRole('status').filter({ hasText: '1 modification en attente d\'envoi' }).waitFor();
    const kept = () =>
      page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('mamoudzou-hors-ligne');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        if (!db.objectStoreNames.contains('donnees')) return [];
        const keys = await new Promise<IDBValidKey[]>((resolve) => {
          const request = db.transaction('donnees').objectStore('donnees').getAllKeys();
          request.onsuccess = () => resolve(request.result);
        });
        db.close();
        return keys.map(String).sort();
      });
    expect(await kept()).toEqual(['ecritures', 'requetes']);

    await page.getByRole('button', { name: /Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    const warning = page.getByRole('dialog', { name: 'Modifications non envoyées' });
    await warning.getByText('Une modification faite sans réseau n\'a pas encore été envoyée.', { exact: false }).waitFor();
    await animationsDone(page);
    expect(await seriousViolations(page)).toEqual([]);
    await warning.getByRole('button', { name: 'Se déconnecter quand même' }).click();
    await page.waitForURL(/\/login$/);
    // The login page, even without a network (it will say so when the agent tries).
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await expect.poll(kept).toEqual([]);
    expect(await page.evaluate(() => caches.has('photos'))).toBe(false);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => /tournee|auth/.test(key)))).toEqual([]);
    // The change never left the device.
    await page.context().setOffline(false);
    expect((await api('GET', `/api/reports/${report}`, await tokenOf(...OPERATOR))).body.data.report_status).toBe('nouveau');
    expect(errors.filter((line) => !offlineNoise(line))).toEqual([]);
    await page.context().close();
  });
});

describe('« Autour de moi » and « Ma tournée »', () => {
  it('orders the open reports by distance from the phone, links to navigation, and keeps the round the agent orders', async () => {
    // Three reports 150 m, 500 m and 1.1 km north of the phone (a degree of latitude is about 110.6 km here).
    const here = { latitude: -12.7905, longitude: 45.2005 };
    const stamp = Date.now();
    const token = await tokenOf('admin@mairie.test', 'Admin123!');
    const titles = { far: `Nid-de-poule loin ${stamp}`, near: `Nid-de-poule proche ${stamp}`, mid: `Nid-de-poule moyen ${stamp}` };
    for (const [key, meters] of [['far', 1100], ['near', 150], ['mid', 500]] as const) {
      const created = await api('POST', '/api/reports', token, {
        data: { title: titles[key], description: 'Trou dans la chaussée', type: 'Voirie', address: 'Route nationale 1', zone: 'Passamainti', latitude: here.latitude + meters / 110_600, longitude: here.longitude },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    // A citizen's report 300 m away, awaiting moderation: not for the field until the town approves it.
    const pending = `Trou signalé par un citoyen ${stamp}`;
    const filed = await fetch(`${apiUrl}/open311/v2/requests.json`, {
      method: 'POST',
      body: new URLSearchParams({ api_key: 'mz311_demo-mamoudzou-application-citoyenne', service_code: 'voirie', lat: String(here.latitude + 300 / 110_600), long: String(here.longitude), description: pending }),
    });
    expect(filed.status, await filed.clone().text()).toBe(201);
    const { page, errors } = await openLoggedIn(browser, spaUrl, ...OPERATOR, '/signalements?vue=autour-de-moi', { ...AGENT_PHONE, geolocation: here, permissions: ['geolocation'] });
    await page.getByText('elle n\'est ni enregistrée ni envoyée à la mairie').waitFor();
    await page.getByRole('button', { name: 'Utiliser ma position' }).click();
    const list = page.getByRole('list', { name: 'Signalements ouverts autour de moi' });
    await list.getByRole('listitem').first().waitFor();
    const items = await list.getByRole('listitem').allInnerTexts();
    const indexOf = (title: string) => items.findIndex((text) => text.includes(title));
    expect(indexOf(titles.near)).toBeGreaterThanOrEqual(0);
    expect(indexOf(titles.near)).toBeLessThan(indexOf(titles.mid));
    expect(indexOf(titles.mid)).toBeLessThan(indexOf(titles.far));
    expect(items[indexOf(titles.near)]).toContain('à 150 m');
    expect(items[indexOf(titles.far)]).toContain('à 1,1 km');
    expect(items.some((text) => text.includes(pending))).toBe(false);
    const directions = list.getByRole('link', { name: `Itinéraire vers « ${titles.near} » (ouvre l'application de navigation)` });
    expect(await directions.getAttribute('href')).toBe(`https://www.google.com/maps/dir/?api=1&destination=${(here.latitude + 150 / 110_600).toFixed(6)},45.200500`);

    // The day's round: two stops, then the second moved first.
    await list.getByRole('button', { name: `Ajouter à ma tournée : « ${titles.far} »` }).click();
    await list.getByRole('button', { name: `Ajouter à ma tournée : « ${titles.near} »` }).click();
    const tour = page.getByRole('list', { name: 'Ma tournée' });
    await expect.poll(() => tour.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(titles.far), expect.stringContaining(titles.near)]);
    await tour.getByRole('button', { name: `Monter « ${titles.near} »` }).click();
    await expect.poll(() => tour.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(titles.near), expect.stringContaining(titles.far)]);
    await animationsDone(page);
    await screenshot(page, 'field-nearby');
    expect(await seriousViolations(page)).toEqual([]);
    // The round stays on the device with its reports: on site without a network, after a reload, a stop opens its report.
    await serviceWorkerInControl(page);
    await page.waitForTimeout(1500);
    await page.context().setOffline(true);
    await page.reload();
    // The app starts again from the device (service worker, kept reads): more than expect.poll's second on a busy machine.
    await expect.poll(() => page.getByRole('list', { name: 'Ma tournée' }).getByRole('listitem').allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining(titles.near), expect.stringContaining(titles.far)]);
    await page.getByRole('button', { name: `Ouvrir « ${titles.far} »` }).click();
    const stop = page.getByRole('dialog', { name: titles.far });
    await stop.getByText('Informations générales').waitFor();
    await stop.getByText('Signalement reçu').waitFor();
    expect(errors.filter((line) => !offlineNoise(line))).toEqual([]);
    await page.context().close();
  });
});

/** A redeploy: the SPA built again with another build id, so the chunks get other names (the old ones are gone). */
function rebuild(buildId: string) {
  const build = spawnSync('npx', ['vite', 'build'], {
    cwd: process.cwd(),
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', VITE_API_URL: apiUrl, VITE_SOCKET_URL: apiUrl, VITE_BUILD_ID: buildId },
  });
  expect(build.status, build.stderr).toBe(0);
}

async function openEvents(page: Page) {
  await page.getByRole('button', { name: 'Afficher ou masquer le menu (Ctrl+B)' }).click();
  await page.getByRole('link', { name: 'Événements' }).click();
}

const scriptsOf = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.endsWith('.js')));

/**
 * Waits until the page has loaded what it loads by itself after its first screen (the idle preloads: toasts,
 * tooltips, dialogs; the real-time client): no new script for three seconds. A preload that found its chunk gone
 * after the redeploy would reload the page by itself, before the screen the test opens.
 */
async function scriptsSettled(page: Page) {
  let last = -1;
  let quietSince = Date.now();
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await page.waitForTimeout(500)) {
    const count = (await scriptsOf(page)).length;
    if (count !== last) [last, quietSince] = [count, Date.now()];
    else if (Date.now() - quietSince >= 3_000) return;
  }
  throw new Error('the page kept loading scripts for a minute');
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Afficher ou masquer le menu (Ctrl+B)' }).click();
  await page.getByRole('link', { name: 'Paramétrages' }).click();
}

describe('sessions opened before a redeploy', () => {
  // Both sessions are open when the SPA is built again (once: a build is the slowest step of this file),
  // one with its service worker in control, one without.
  let withWorker: WatchedPage;
  let withoutWorker: WatchedPage;
  /** The scripts the session with a service worker had loaded before the redeploy. */
  let loaded: string[];
  /** Full page loads (a reload) after the redeploy, not the app's own route changes. */
  const navigations = { withWorker: 0, withoutWorker: 0 };

  beforeAll(async () => {
    withWorker = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/', AGENT_PHONE);
    await withWorker.page.getByText('Signalements au total').waitFor();
    await serviceWorkerInControl(withWorker.page);
    loaded = await scriptsOf(withWorker.page);
    withoutWorker = await openLoggedIn(browser, spaUrl, 'admin@mairie.test', 'Admin123!', '/', { ...PHONE, serviceWorkers: 'block' });
    await withoutWorker.page.getByText('Signalements au total').waitFor();
    await scriptsSettled(withoutWorker.page);
    withWorker.page.on('load', () => (navigations.withWorker += 1));
    withoutWorker.page.on('load', () => (navigations.withoutWorker += 1));
    rebuild(`redeploy-${Date.now()}`);
  }, 300_000);
  afterAll(async () => {
    await withWorker?.page.context().close();
    await withoutWorker?.page.context().close();
  });

  it('keeps its own chunks through the service worker, then offers the new version', async () => {
    const { page, errors } = withWorker;
    // The old session's chunks are gone from the server.
    const gone = await Promise.all(loaded.map(async (url) => (await fetch(url)).headers.get('content-type')?.includes('javascript') !== true));
    expect(gone.filter(Boolean).length).toBeGreaterThan(0);

    await openEvents(page);
    await page.getByRole('heading', { name: 'Événements' }).first().waitFor();
    expect(navigations.withWorker).toBe(0);

    // The new version is found: the toast offers it, and « Recharger » brings it.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
    const toast = page.getByRole('alert').filter({ hasText: 'Une nouvelle version du back-office est disponible.' });
    await toast.waitFor({ timeout: 30_000 });
    await animationsDone(page);
    await screenshot(page, 'field-update-toast');
    expect(await seriousViolations(page)).toEqual([]);
    await toast.getByRole('button', { name: 'Recharger' }).click();
    await expect.poll(() => navigations.withWorker, { timeout: 30_000 }).toBe(1);
    await page.getByRole('heading', { name: 'Événements' }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('without a service worker, the screen whose chunk is gone reloads once to the new version instead of breaking', async () => {
    const { page, errors } = withoutWorker;
    // Nothing reloaded by itself: everything the page loads without being asked was there before the redeploy.
    expect(navigations.withoutWorker).toBe(0);
    // The settings page is a chunk of its own that the dashboard never loads: the old one is gone.
    expect((await scriptsOf(page)).some((url) => url.includes('/SettingsPage-'))).toBe(false);
    await openSettings(page);
    await page.getByLabel('Nom du site').waitFor();
    expect(navigations.withoutWorker).toBe(1);
    expect(await page.getByText('Hey developer').count()).toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/^\/parametrages(\/|$)/);
    // What the browser said about the missing chunk, and nothing else.
    expect(errors.filter((line) => !/dynamically imported module|Failed to load resource|MIME type/.test(line))).toEqual([]);
  });
});
