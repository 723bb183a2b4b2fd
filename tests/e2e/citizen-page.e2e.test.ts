import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_OPEN311_CLIENT } from '../../domain/open311';
import { launch, logIn, openPage, screenshot, seriousViolations, type WatchedPage } from './browser';
import { backendApi } from './backendApi';

/**
 * The citizens' own page (/signaler) on a phone (390 × 844), end to end against the servers `npm start` runs: a
 * report filed with a photo and the phone's (mocked) position reaches the back-office « À valider », is approved
 * and answered, and its public page shows the answer; « Je suis concerné aussi » follows an open report nearby;
 * « non » to « Est-ce réparé ? » reopens a resolved report; a report filed offline, or whose sending failed while
 * the browser said it was online, is sent once when the network carries it. axe on every state of the page.
 */

const spaUrl = inject('spaUrl');
const apiUrl = inject('apiUrl');
const mailCatcherUrl = inject('mailCatcherUrl');
const PHONE = { width: 390, height: 844 };
/** Where the phone says it is: Kawéni, in the commune. */
const KAWENI = { latitude: -12.7745, longitude: 45.2148 };
const stamp = Date.now().toString(36);
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const { api, tokenOf } = backendApi(apiUrl);
const operatorToken = () => tokenOf('operateur@mairie.test', 'Operateur123!');

async function reportsWith(description: string) {
  const res = await api('GET', `/api/reports?filters[description][$eq]=${encodeURIComponent(description)}&pagination[pageSize]=10`, undefined, await operatorToken());
  return res.body.data as any[];
}

/** A report filed through Open311 with the demo key, approved by staff (published: « Déjà signalé ? » lists it). */
async function approvedReport(service: string, point: { latitude: number; longitude: number }, email?: string) {
  const form = new URLSearchParams({ api_key: DEMO_OPEN311_CLIENT.key, service_code: service, lat: String(point.latitude), long: String(point.longitude), description: `Signalé avant ${stamp} ${Math.random()}`, ...(email ? { email } : {}) });
  const res = await fetch(`${apiUrl}/open311/v2/requests.json`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
  const reference = ((await res.json()) as any)[0].service_request_id as string;
  const token = await operatorToken();
  const found = await api('GET', `/api/reports?filters[reference][$eq]=${reference}`, undefined, token);
  const documentId = found.body.data[0].documentId as string;
  expect((await api('POST', `/api/reports/${documentId}/moderation`, { decision: 'approve' }, token)).status).toBe(200);
  return { reference, documentId, token };
}

async function waitForMail(to: string, subject: string) {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const all = (await (await fetch(`${mailCatcherUrl}/api/email`)).json()) as { subject: string; text: string; to: { address: string }[] }[];
    const mail = all.find((m) => m.to.some((r) => r.address === to) && m.subject.includes(subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no mail « ${subject} » for ${to}`);
}

/** A phone's photo, as its camera writes it: a JPEG with the place it was taken in its EXIF. */
async function cameraPhoto() {
  const sharp = createRequire(path.resolve('backend/package.json'))('sharp');
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#7f8c8d' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'FabricantTel' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '12/1 46/1 2800/100', GPSLongitudeRef: 'E', GPSLongitude: '45/1 12/1 5300/100' } })
    .toBuffer() as Promise<Buffer>;
}

async function expectAxeClean(page: Page, state: string) {
  expect(await seriousViolations(page), state).toEqual([]);
}

/** The JavaScript the page fetched from the SPA's server. */
function scriptsOf(watched: WatchedPage) {
  const files: string[] = [];
  watched.page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith(spaUrl) && url.endsWith('.js')) files.push(new URL(url).pathname);
  });
  return files;
}

const citizenPage = (options: Parameters<typeof openPage>[1] = {}) => openPage(browser, { ...PHONE, ...options });

describe('the citizens’ page on a phone', () => {
  it('files a report with a photo and the phone’s position; staff approve and answer it; its public page shows the answer', { timeout: 150_000 }, async () => {
    const watched = await citizenPage({ geolocation: KAWENI, permissions: ['geolocation'] });
    const { page, errors } = watched;
    const scripts = scriptsOf(watched);
    await page.goto(`${spaUrl}/signaler`);
    await page.getByRole('heading', { name: 'Signaler un problème', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'Voirie' }).waitFor();
    // Nothing of the back-office: neither react-admin nor MUI nor its shell.
    expect(scripts.filter((file) => /vendor-(mui|admin)|app-(boot|shell|screens)/.test(file))).toEqual([]);
    expect(scripts.some((file) => /leaflet/.test(file))).toBe(false);
    await screenshot(page, 'citizen-page-form-390');
    await expectAxeClean(page, 'empty form');

    // Sending without anything says what is missing, in French.
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await page.getByRole('alert').getByText('Choisissez le type de problème.').waitFor();
    await expectAxeClean(page, 'errors');

    await page.getByText('Voirie', { exact: true }).click();
    await page.getByLabel('Précisez (facultatif)').selectOption('Nid-de-poule');
    await page.getByRole('button', { name: 'Utiliser ma position' }).click();
    await page.getByText('Position trouvée : vérifiez le point sur la carte.').waitFor();
    await page.getByRole('button', { name: 'Emplacement du problème (déplaçable)' }).waitFor();
    // A tap on the map moves the point.
    const before = await page.getByText(/^Point choisi :/).textContent();
    const map = page.getByRole('region', { name: 'Carte : touchez l’endroit du problème' });
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.3);
    await expect.poll(() => page.getByText(/^Point choisi :/).textContent()).not.toBe(before);
    const description = `Nid-de-poule profond devant la pharmacie ${stamp}`;
    await page.getByLabel('Description').fill(description);
    await page.locator('input[type="file"]').setInputFiles({ name: 'IMG_1024.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
    await page.getByRole('img', { name: 'Photo 1 jointe' }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(`habitante-${stamp}@exemple.yt`);
    await page.getByText('Combien de temps : jusqu’à la clôture du signalement, puis 365 jours').waitFor();
    await screenshot(page, 'citizen-page-filled-390');
    await expectAxeClean(page, 'filled form with its map and photo');

    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await page.getByRole('heading', { name: 'Signalement envoyé' }).waitFor({ timeout: 30_000 });
    const reference = (await page.getByText(/porte la référence/).textContent())!.match(/MZ-\d{4}-\d{5,}/)![0];
    await screenshot(page, 'citizen-page-sent-390');
    await expectAxeClean(page, 'sent');

    // Its public page, awaiting moderation: « en cours de vérification » only.
    await page.getByRole('link', { name: 'Suivre ce signalement' }).click();
    await page.getByText('Signalement reçu, en cours de vérification par la mairie.').waitFor();
    expect(await page.getByText(description).count()).toBe(0);
    await expectAxeClean(page, 'public page awaiting moderation');

    // Staff: « À valider » in the back-office, approved and answered.
    const staff = await openPage(browser);
    await logIn(staff.page, spaUrl, 'operateur@mairie.test', 'Operateur123!', '/signalements');
    const row = staff.page.locator('tbody tr', { hasText: reference });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('À valider').waitFor();
    await row.getByText(description).first().click();
    const detail = staff.page.getByRole('dialog', { name: new RegExp(description) });
    const panel = detail.getByRole('region', { name: 'Signalement à valider' });
    await panel.getByRole('button', { name: 'Approuver' }).click();
    await panel.waitFor({ state: 'detached' });
    const answer = `Une équipe de la voirie rebouche le trou jeudi (${stamp}).`;
    await detail.getByRole('textbox', { name: 'Écrire' }).fill(answer);
    await detail.getByRole('button', { name: 'Répondre au citoyen' }).click();
    await staff.page.getByText('Réponse ajoutée au suivi').waitFor();
    expect(staff.errors).toEqual([]);
    await staff.page.context().close();

    const [stored] = await reportsWith(description);
    expect(stored).toMatchObject({ reference, subType: 'Nid-de-poule', source: 'Page Signaler (site de la mairie)' });

    await page.reload();
    await page.getByText(answer).waitFor();
    await page.getByText(description).waitFor();
    await page.getByRole('img', { name: 'Photo 1 du signalement' }).waitFor();
    await page.getByRole('region', { name: 'Carte du lieu du signalement' }).waitFor();
    await screenshot(page, 'citizen-page-report-390');
    await expectAxeClean(page, 'public page answered');
    expect(errors).toEqual([]);
    await page.context().close();

    // The same pages on a computer's screen.
    const desktop = await openPage(browser, { width: 1366, height: 860 });
    await desktop.page.goto(`${spaUrl}/signaler/suivi/${reference}`);
    await desktop.page.getByText(answer).waitFor();
    await screenshot(desktop.page, 'citizen-page-report-1366');
    await desktop.page.goto(`${spaUrl}/signaler`);
    await desktop.page.getByRole('radio', { name: 'Voirie' }).waitFor();
    await screenshot(desktop.page, 'citizen-page-form-1366');
    await expectAxeClean(desktop.page, 'form on a computer');
    expect(desktop.errors).toEqual([]);
    await desktop.page.context().close();
  });

  it('« Déjà signalé ? » shows an open report of the same type nearby; « Je suis concerné aussi » follows it instead of filing', { timeout: 90_000 }, async () => {
    const { reference, documentId, token } = await approvedReport('eclairage-public', KAWENI);
    const { page, errors } = await citizenPage({ geolocation: KAWENI, permissions: ['geolocation'] });
    await page.goto(`${spaUrl}/signaler`);
    await page.getByText('Éclairage public', { exact: true }).click();
    await page.getByRole('button', { name: 'Utiliser ma position' }).click();
    const nearby = page.getByRole('region', { name: 'Déjà signalé ?' });
    const item = nearby.getByRole('listitem').filter({ hasText: reference });
    await item.waitFor();
    await expectAxeClean(page, 'already reported');
    await item.getByRole('button', { name: 'Je suis concerné aussi' }).click();
    const follower = `voisin-${stamp}@exemple.yt`;
    await item.getByLabel('E-mail (facultatif)').fill(follower);
    await item.getByRole('button', { name: 'Je suis concerné aussi' }).click();
    await item.getByText(`C’est noté : vous recevrez par e-mail les nouvelles du signalement ${reference}.`).waitFor({ timeout: 20_000 });
    await screenshot(page, 'citizen-page-concerned-390');
    await expectAxeClean(page, 'concerned');

    await waitForMail(follower, 'vous le suivez');
    const lines = await api('GET', `/api/report-updates?filters[report][$eq]=${documentId}&pagination[pageSize]=50`, undefined, token);
    expect(lines.body.data.map((l: any) => l.text)).toContain('Un autre habitant est concerné (page Signaler) et suit le signalement par e-mail.');
    // Nothing was filed: no report of this phone.
    expect(await page.getByRole('heading', { name: 'Signalement envoyé' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('« non » to « Est-ce réparé ? » from the resolved report’s mail reopens it', { timeout: 120_000 }, async () => {
    const email = `repare-${stamp}@exemple.yt`;
    const { reference, documentId, token } = await approvedReport('voirie', { latitude: -12.7801, longitude: 45.2299 }, email);
    expect((await api('PUT', `/api/reports/${documentId}`, { data: { report_status: 'resolu' } }, token)).status).toBe(200);
    const mail = await waitForMail(email, 'résolu');
    const link = mail.text.match(new RegExp(`\\S+/signaler/suivi/${reference}\\?reponse=non&jeton=\\S+`))![0];
    expect(link.startsWith(`${spaUrl}/signaler/suivi/${reference}`)).toBe(true);

    const { page, errors } = await citizenPage();
    await page.goto(link);
    const question = page.getByRole('region', { name: 'Est-ce réparé ?' });
    await question.getByText('Vous indiquez que le problème n’est pas réparé.').waitFor();
    await expectAxeClean(page, 'repair question');
    // Opening the link changes nothing: the resident confirms.
    expect((await api('GET', `/api/reports/${documentId}`, undefined, token)).body.data.report_status).toBe('resolu');
    await question.getByRole('button', { name: 'Non, ce n’est pas réparé' }).click();
    await question.getByText('Merci : le signalement est rouvert et le service chargé est prévenu.').waitFor();
    await page.getByText('Un habitant indique que le problème n’est pas réparé').waitFor();
    await screenshot(page, 'citizen-page-reopened-390');
    await expectAxeClean(page, 'reopened');
    expect((await api('GET', `/api/reports/${documentId}`, undefined, token)).body.data.report_status).toBe('en_cours');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('installable; a report filed offline, or whose sending failed online, is sent once when the network carries it', { timeout: 150_000 }, async () => {
    const { page, errors } = await citizenPage({ serviceWorkers: 'allow' });
    await page.goto(`${spaUrl}/signaler`);
    await page.getByRole('radio', { name: 'Voirie' }).waitFor();
    const manifest = (await (await fetch(`${spaUrl}/signaler.webmanifest`)).json()) as Record<string, any>;
    expect(manifest).toMatchObject({ lang: 'fr', start_url: '/signaler', scope: '/signaler', display: 'standalone' });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/signaler-sw.js'), undefined, { timeout: 60_000 });

    // Offline: the page opens from the phone and the report waits there.
    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('Vous êtes hors connexion.').waitFor();
    const offlineWords = `Dépôt sauvage hors connexion ${stamp}`;
    await page.getByText('Propreté', { exact: true }).click();
    await page.getByLabel('Ou écrivez l’adresse (rue, quartier, repère)').fill('Rue du Commerce, Kawéni');
    await page.getByLabel('Description').fill(offlineWords);
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await page.getByRole('heading', { name: 'Signalement enregistré sur ce téléphone' }).waitFor();
    await page.getByText('Un signalement attend le réseau pour partir.').waitFor();
    await screenshot(page, 'citizen-page-offline-390');
    await expectAxeClean(page, 'waiting offline');
    expect(await reportsWith(offlineWords)).toEqual([]);

    await page.context().setOffline(false);
    await page.getByText(/Votre signalement en attente est parti : référence MZ-\d{4}-\d{5,}/).waitFor({ timeout: 45_000 });
    expect(await reportsWith(offlineWords)).toHaveLength(1);

    // Online, but the answer is lost on the way back (the backend filed it): it waits, then goes again under the same key.
    await page.goto(`${spaUrl}/signaler`);
    let cut = 0;
    await page.route('**/open311/page/requests.json', async (route) => {
      cut++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    const lostWords = `Encombrants sur le trottoir ${stamp}`;
    await page.getByText('Propreté', { exact: true }).click();
    await page.getByLabel('Ou écrivez l’adresse (rue, quartier, repère)').fill('Place Mariage');
    await page.getByLabel('Description').fill(lostWords);
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await page.getByRole('heading', { name: 'Signalement enregistré sur ce téléphone' }).waitFor({ timeout: 30_000 });
    expect(cut).toBe(1);
    expect(await reportsWith(lostWords)).toHaveLength(1);
    await page.unroute('**/open311/page/requests.json');
    await page.getByRole('button', { name: 'Réessayer maintenant' }).click();
    await page.getByText(/Votre signalement en attente est parti : référence MZ-\d{4}-\d{5,}/).waitFor({ timeout: 45_000 });
    const sent = await reportsWith(lostWords);
    expect(sent).toHaveLength(1);
    await page.getByText(`Votre signalement en attente est parti : référence ${sent[0].reference}.`).waitFor();
    await expectAxeClean(page, 'sent from the queue');
    expect(errors.filter((line) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|Failed to load resource|net::ERR_/.test(line))).toEqual([]);
    await page.context().close();
  });
});
