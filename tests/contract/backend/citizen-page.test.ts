import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIZEN_PAGE_CLIENT_NAME, HONEYPOT_FIELD } from '../../../domain/citizen-page';
import { callsTo, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { testClock } from '../support/clock';
import { pageCall, photoWithPosition, type PagePhoto } from '../support/citizen-page';
import { linkIn, startTestSmtp, type TestSmtp } from '../support/smtp';
import { seededCopy } from '../support/prepared-backend';

/**
 * The citizens' own page's backend (/open311/page/…): it files through Open311's code as the page's own client,
 * whose key never leaves the server; it keeps robots out (honeypot, minimum filling time, limit per address); it
 * strips photos of their metadata before anyone sees them; « Je suis concerné aussi » follows a report; a report's
 * public page shows nothing unpublished; « Est-ce réparé ? » answers by signed links, once, and « non » reopens.
 * A backend of its own (a mail server to read the links, a clock moved instead of waited for).
 */
const APP_URL = 'http://mairie.test';
const clock = testClock();
const PER_HOUR = 4;
let smtp: TestSmtp;
let backend: RunningBackend;

beforeAll(async () => {
  smtp = await startTestSmtp();
  backend = await startBackend({
    build: false,
    ...seededCopy(),
    env: { ...smtp.env, APP_URL, CLOCK_OFFSET_FILE: clock.file, EMAIL_CITIZEN_GRACE_MS: '300', CITIZEN_PAGE_REPORTS_PER_HOUR: String(PER_HOUR), OPEN311_PUBLIC_READS_PER_MINUTE: '1000' },
  });
});
afterAll(async () => {
  await backend?.stop();
  await smtp?.stop();
  clock.remove();
});

const { api, login } = callsTo(() => backend.url);
const page = (method: 'GET' | 'POST', route: string, options: Parameters<typeof pageCall>[3] = {}) => pageCall(backend.url, method, route, options);

/** Each visitor files from an address of its own (the limit per address is this file's own test). */
let visitor = 1;
const nextVisitor = () => `127.0.0.${++visitor}`;

/** A form as the page gets it, then filled for longer than the minimum filling time. */
async function filledTicket() {
  const form = await page('GET', 'form.json');
  expect(form.status).toBe(200);
  clock.advance(10_000);
  return form.json.ticket as string;
}

const fields = (overrides: Record<string, string> = {}) => ({
  service_code: 'voirie',
  lat: '-12.7798',
  long: '45.2301',
  description: `Nid-de-poule profond ${unique()}`,
  [HONEYPOT_FIELD]: '',
  ...overrides,
});

async function fileReport(overrides: Record<string, string> = {}, photos: PagePhoto[] = [], from = nextVisitor(), headers: Record<string, string> = {}) {
  const ticket = await filledTicket();
  return page('POST', 'requests.json', { fields: fields({ ticket, ...overrides }), photos, from, headers });
}

async function staffReport(reference: string) {
  const res = await api('GET', `/api/reports?filters[reference][$eq]=${reference}&populate[photos]=true`, { token: await login('admin') });
  return res.body.data[0];
}

async function approve(reference: string) {
  const report = await staffReport(reference);
  const res = await api('POST', `/api/reports/${report.documentId}/moderation`, { token: await login('operator'), body: { decision: 'approve' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return report.documentId as string;
}

describe('the page’s form', () => {
  it('gives the settings’ categories with their pictures, the photo limits, the retention of personal data and a signed ticket', async () => {
    const form = await page('GET', 'form.json');
    expect(form.status).toBe(200);
    expect(form.headers['cache-control']).toBe('no-store');
    expect(form.json).toMatchObject({ open: true, photos: { max: 3, maxMegabytes: 10 }, retentionDays: 365, mapProvider: 'openstreetmap', minimumFillSeconds: 5 });
    expect(form.json.services).toContainEqual({ service_code: 'eclairage-public', service_name: 'Éclairage public', icon: 'lampe', sub_types: ['Lampadaire éteint', 'Lampadaire endommagé', 'Éclairage insuffisant'] });
    expect(form.json.ticket).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]+$/);
  });
});

describe('filing from the page', () => {
  it('files as the page’s own client, awaiting moderation, answered as Open311 answers; a retry with the same key files once', async () => {
    const key = unique('cle');
    const first = await fileReport({ email: `${unique('habitant')}@exemple.test`, 'attribute[sous_type]': 'Nid-de-poule' }, [], nextVisitor(), { 'Idempotency-Key': key });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    const reference = first.json[0].service_request_id;
    expect(first.json[0]).toMatchObject({ service_request_id: expect.stringMatching(/^MZ-\d{4}-\d{5,}$/), account_id: null });
    const stored = await staffReport(reference);
    expect(stored).toMatchObject({ source: CITIZEN_PAGE_CLIENT_NAME, report_status: 'a_valider', subType: 'Nid-de-poule' });

    // The same request again (its answer was lost): the same answer, no second report.
    const again = await page('POST', 'requests.json', { fields: fields({ ticket: await filledTicket(), description: stored.description, email: stored.citizenEmail, 'attribute[sous_type]': 'Nid-de-poule' }), from: nextVisitor(), headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json[0].service_request_id).toBe(reference);
  });

  it('refuses robots: the hidden field filled, no ticket or a forged one, a form sent sooner than a person fills it', async () => {
    const honeypot = await fileReport({ [HONEYPOT_FIELD]: 'http://promo.example' });
    expect(honeypot.status).toBe(400);
    expect(honeypot.json[0].description).toBe('Envoi refusé : un champ réservé a été rempli.');

    // Sent from the page served at another address than the backend's, as `npm start` serves them.
    const forged = await page('POST', 'requests.json', { fields: fields({ ticket: 'lq2w3e.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }), from: nextVisitor(), headers: { Origin: 'http://localhost:5173' } });
    expect(forged.status).toBe(400);
    expect(forged.json[0].description).toBe('Formulaire expiré ou incomplet : rechargez la page puis renvoyez-le.');
    // The page asks for a new form by this code, never by the sentence.
    expect(forged.headers['x-error-code']).toBe('form_expired');
    expect(String(forged.headers['access-control-expose-headers']).split(',')).toEqual(expect.arrayContaining(['Retry-After', 'X-Error-Code']));
    const none = await page('POST', 'requests.json', { fields: fields(), from: nextVisitor() });
    expect(none.status).toBe(400);

    const { ticket } = (await page('GET', 'form.json')).json;
    const fast = await page('POST', 'requests.json', { fields: fields({ ticket }), from: nextVisitor() });
    expect(fast.status).toBe(429);
    expect(fast.json[0].description).toBe('Formulaire envoyé trop vite : patientez quelques secondes puis renvoyez-le.');
    expect(Number(fast.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(6_000);
    expect((await page('POST', 'requests.json', { fields: fields({ ticket }), from: nextVisitor() })).status).toBe(201);
    // A day later the ticket is stale: the page asks for a new one.
    clock.advance(25 * 3600_000);
    const stale = await page('POST', 'requests.json', { fields: fields({ ticket }), from: nextVisitor() });
    expect(stale.status).toBe(400);
    expect(stale.headers['x-error-code']).toBe('form_expired');
  });

  it('files at most the limit per hour from one address; another address files on', async () => {
    const from = nextVisitor();
    for (let i = 0; i < PER_HOUR; i++) expect((await fileReport({}, [], from)).status).toBe(201);
    const over = await fileReport({}, [], from);
    expect(over.status).toBe(429);
    expect(over.json[0].description).toBe(`Trop d’envois depuis cette connexion : au plus ${PER_HOUR} signalements par heure. Réessayez plus tard ou appelez la mairie.`);
    expect((await fileReport({}, [], nextVisitor())).status).toBe(201);
  });

  it('is closed while the town has no open page client; opened again in Intégrations, it files', async () => {
    const admin = await login('admin');
    const clients = (await api('GET', '/api/open311-clients?pagination[pageSize]=100', { token: admin })).body.data as any[];
    const open = clients.filter((c) => c.page && !c.revokedAt);
    expect(open).toHaveLength(1);
    expect((await api('DELETE', `/api/open311-clients/${open[0].documentId}`, { token: admin })).status).toBe(200);

    expect((await page('GET', 'form.json')).json.open).toBe(false);
    const closed = await fileReport();
    expect(closed.status).toBe(403);
    expect(closed.json[0].description).toBe('La page de signalement n’est pas ouverte : la mairie ne l’a pas encore activée. Appelez la mairie pour signaler un problème.');

    const opened = await api('POST', '/api/open311-clients', { token: admin, body: { data: { page: true } } });
    expect(opened.status).toBe(201);
    // Its key stays on the server: nobody is given one to copy.
    expect(opened.body.data).toMatchObject({ name: CITIZEN_PAGE_CLIENT_NAME, page: true });
    expect(opened.body.data.apiKey).toBeUndefined();
    expect((await api('POST', '/api/open311-clients', { token: admin, body: { data: { page: true } } })).status).toBe(400);
    expect((await api('POST', '/api/open311-clients', { token: await login('operator'), body: { data: { page: true } } })).status).toBe(403);
    expect((await fileReport()).status).toBe(201);
  });
});

describe('a photo from the page', () => {
  it('is stored without its EXIF position, device or owner, before anyone sees it; shown only once approved', async () => {
    const sent = await photoWithPosition();
    // The test's photo does carry a position: the check below can fail.
    expect(await exifr.gps(sent)).toMatchObject({ latitude: expect.closeTo(-12.775, 3), longitude: expect.closeTo(45.23, 3) });
    const filed = await fileReport({}, [{ name: 'IMG_2041.jpg', type: 'image/jpeg', bytes: sent }]);
    expect(filed.status, JSON.stringify(filed.json)).toBe(201);
    const reference = filed.json[0].service_request_id;

    const stored = await staffReport(reference);
    expect(stored.photos).toHaveLength(1);
    const file = await fetch(new URL(stored.photos[0].url, backend.url));
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await exifr.gps(bytes)).toBeUndefined();
    expect(await exifr.parse(bytes, { tiff: true, exif: true, gps: true, xmp: true, iptc: true })).toBeUndefined();
    expect(bytes.includes(Buffer.from('FabricantTel'))).toBe(false);

    // Awaiting moderation, its public page shows nothing of it.
    const pending = await page('GET', `requests/${reference}.json`);
    expect(pending.json).toMatchObject({ pending: true, photos: [], updates: [] });
    expect(pending.json.request).toMatchObject({ description: null, media_url: null, lat: null, long: null });
    await approve(reference);
    const shown = await page('GET', `requests/${reference}.json`);
    expect(shown.json.photos).toEqual([new URL(stored.photos[0].url, backend.url).toString()]);
  });

  it('refuses more photos than the settings allow, and a file that is not an image', async () => {
    const photo = { name: 'a.jpg', type: 'image/jpeg', bytes: await photoWithPosition() };
    const many = await fileReport({}, [photo, photo, photo, photo]);
    expect(many.status).toBe(400);
    expect(many.json[0].description).toBe('media : au plus 3 photos');
    const text = await fileReport({}, [{ name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('<html>pas une image</html>') }]);
    expect(text.status).toBe(400);
    expect(text.json[0].description).toBe("media : photo.jpg n'est pas une image lisible (JPEG, PNG, WebP ou GIF)");
  });
});

describe('« Déjà signalé ? » and « Je suis concerné aussi »', () => {
  it('lists the published open reports of the type nearby; following one adds the resident to its news by e-mail', async () => {
    const point = { lat: '-12.7650', long: '45.2150' };
    const filed = await fileReport({ ...point, service_code: 'eclairage-public', email: `${unique('auteur')}@exemple.test` });
    const reference = filed.json[0].service_request_id;
    const near = { service_code: 'eclairage-public', lat: '-12.76505', long: '45.21505' };
    expect((await page('GET', 'nearby.json', { fields: near })).json.map((r: any) => r.service_request_id)).not.toContain(reference);
    const documentId = await approve(reference);
    const listed = (await page('GET', 'nearby.json', { fields: near })).json as any[];
    expect(listed.find((r) => r.service_request_id === reference)).toMatchObject({ service_name: 'Éclairage public', distance: expect.any(Number) });
    expect(JSON.stringify(listed)).not.toContain('@exemple.test');

    const follower = `${unique('voisin')}@exemple.test`;
    const followed = await page('POST', `requests/${reference}/followers.json`, { fields: { email: follower, ticket: await filledTicket(), [HONEYPOT_FIELD]: '' }, from: nextVisitor() });
    expect(followed.status, JSON.stringify(followed.json)).toBe(201);
    expect(followed.json).toMatchObject({ service_request_id: reference, following: true, message: `C’est noté : vous recevrez par e-mail les nouvelles du signalement ${reference}.` });
    const told = await smtp.waitFor(follower, (m) => m.subject.includes('vous le suivez'));
    expect(linkIn(told, `${APP_URL}/signaler/suivi/`)).toBe(`${APP_URL}/signaler/suivi/${reference}`);

    const operator = await login('operator');
    await api('POST', '/api/report-updates', { token: operator, body: { data: { report: documentId, text: 'Le lampadaire sera changé lundi.', public: true } } });
    const news = await smtp.waitFor(follower, (m) => m.subject.includes('réponse de la mairie'));
    expect(news.text).toContain('Vous suivez ce signalement : vous avez indiqué être concerné(e).');
    expect(news.text).toContain('Le lampadaire sera changé lundi.');
    const lines = (await api('GET', `/api/report-updates?filters[report][$eq]=${documentId}&pagination[pageSize]=50`, { token: operator })).body.data as any[];
    expect(lines.map((l) => l.text)).toContain('Un autre habitant est concerné (page Signaler) et suit le signalement par e-mail.');
  });
});

describe('a report’s public page', () => {
  it('shows its status, the public replies and the map point, never the citizen, an internal note or the assignee', async () => {
    const email = `${unique('prive')}@exemple.test`;
    const filed = await fileReport({ email, first_name: 'Fatima', last_name: 'Secrète', phone: '0639000000' });
    const reference = filed.json[0].service_request_id;
    const pending = await page('GET', `requests/${reference}.json`);
    expect(pending.json.request.status_notes).toBe('Signalement reçu, en cours de vérification par la mairie avant sa prise en charge.');
    const documentId = await approve(reference);
    const operator = await login('operator');
    await api('PUT', `/api/reports/${documentId}`, { token: operator, body: { data: { assignedTo: 'Moussa Attoumani' } } });
    await api('POST', '/api/report-updates', { token: operator, body: { data: { report: documentId, text: 'Note interne : voir avec le garage.', public: false } } });
    await api('POST', '/api/report-updates', { token: operator, body: { data: { report: documentId, text: 'Une équipe passe demain.', public: true } } });
    const shown = await page('GET', `requests/${reference}.json`);
    expect(shown.json).toMatchObject({ pending: false, request: { service_request_id: reference, status: 'open', status_notes: 'Une équipe passe demain.', lat: -12.7798, long: 45.2301 } });
    expect(shown.json.updates.map((u: any) => u.text)).toEqual(['Signalement reçu', 'Statut : Nouveau', 'Une équipe passe demain.']);
    const text = JSON.stringify(shown.json);
    for (const secret of [email, 'Secrète', '0639000000', 'Note interne', 'Moussa']) expect(text).not.toContain(secret);
    expect((await page('GET', 'requests/MZ-2020-99999.json')).status).toBe(404);
  });
});

describe('« Est-ce réparé ? »', () => {
  it('asks the citizen of a resolved report by two signed links; « non » reopens it with a public note and warns the assignee; a link answers once', async () => {
    const email = `${unique('repare')}@exemple.test`;
    const filed = await fileReport({ email });
    const reference = filed.json[0].service_request_id;
    const documentId = await approve(reference);
    const editor = await login('editor');
    const operator = await login('operator');
    expect((await api('PUT', `/api/reports/${documentId}`, { token: operator, body: { data: { assignedTo: 'Zaïnaba Said', report_status: 'resolu' } } })).status).toBe(200);

    const resolved = await smtp.waitFor(email, (m) => m.subject.includes('résolu'));
    expect(resolved.text).toContain('Est-ce réparé ? Dites-le-nous en un clic, sans compte :');
    const no = linkIn(resolved, `${APP_URL}/signaler/suivi/${reference}?reponse=non&jeton=`);
    const yes = linkIn(resolved, `${APP_URL}/signaler/suivi/${reference}?reponse=oui&jeton=`);
    const token = new URL(no).searchParams.get('jeton')!;
    expect(new URL(yes).searchParams.get('jeton')).toBe(token);

    // A forged link (another signature, another closing, another report) is refused and changes nothing.
    const [id, closing, signature] = token.split('.');
    for (const forged of [`${id}.${closing}.${signature.slice(0, -2)}AA`, `${id}.${(parseInt(closing, 36) + 1000).toString(36)}.${signature}`, `abc${id.slice(3)}.${closing}.${signature}`, 'n-importe-quoi']) {
      const refused = await page('POST', 'repair-answers.json', { fields: { jeton: forged, reponse: 'non' } });
      expect(refused.status, forged).toBe(400);
      expect(refused.json[0].description).toBe('Ce lien n’est pas valide. Ouvrez le lien reçu par e-mail tel quel.');
    }
    expect((await staffReport(reference)).report_status).toBe('resolu');

    const answered = await page('POST', 'repair-answers.json', { fields: { jeton: token, reponse: 'non' } });
    expect(answered.status, JSON.stringify(answered.json)).toBe(201);
    expect(answered.json).toMatchObject({ service_request_id: reference, reopened: true, message: 'Merci : le signalement est rouvert et le service chargé est prévenu.' });
    expect((await staffReport(reference)).report_status).toBe('en_cours');
    const shown = await page('GET', `requests/${reference}.json`);
    expect(shown.json.request.status).toBe('open');
    expect(shown.json.updates.map((u: any) => u.text)).toContain('Un habitant indique que le problème n’est pas réparé : le signalement est rouvert et le service chargé est prévenu.');
    const notifications = (await api('GET', '/api/notifications?pagination[pageSize]=50&sort[0]=createdAt:desc', { token: editor })).body.data as any[];
    expect(notifications.map((n) => n.title)).toContain(`Signalement ${reference} rouvert : pas réparé selon un habitant`);

    // The same link again (either answer): refused, nothing reopened twice.
    for (const reponse of ['non', 'oui']) {
      const reused = await page('POST', 'repair-answers.json', { fields: { jeton: token, reponse } });
      expect(reused.status).toBe(409);
      expect(reused.json[0].description).toBe('Vous avez déjà répondu à cette question pour ce signalement. Merci !');
    }

    // Resolved again: a new question; the old closing's link no longer counts.
    expect((await api('PUT', `/api/reports/${documentId}`, { token: operator, body: { data: { report_status: 'resolu' } } })).status).toBe(200);
    const second = await smtp.waitFor(email, (m) => m.subject.includes('résolu') && !m.text.includes(token));
    const stale = await page('POST', 'repair-answers.json', { fields: { jeton: token, reponse: 'non' } });
    expect(stale.status).toBe(409);
    expect(stale.json[0].description).toBe('Ce lien concerne une clôture précédente de ce signalement : il ne vaut plus.');
    const fixed = new URL(linkIn(second, `${APP_URL}/signaler/suivi/${reference}?reponse=oui&jeton=`)).searchParams.get('jeton')!;
    const confirmed = await page('POST', 'repair-answers.json', { fields: { jeton: fixed, reponse: 'oui' } });
    expect(confirmed.json).toMatchObject({ reopened: false, message: 'Merci : la réparation est confirmée.' });
    expect((await staffReport(reference)).report_status).toBe('resolu');

    // Statistiques: the answers about this period's closings.
    // The backend's clock went a day and more ahead in this file: a period around it.
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * 3600_000).toISOString().slice(0, 10);
    const figures = await api('GET', `/api/reports/figures?from=${day(-30)}&to=${day(3)}`, { token: editor });
    expect(figures.status).toBe(200);
    expect(figures.body.confirmedRepair.current).toMatchObject({ answers: expect.any(Number), fixed: expect.any(Number) });
    expect(figures.body.confirmedRepair.current.answers).toBeGreaterThanOrEqual(2);
    expect(figures.body.confirmedRepair.current.rate).toBe(Math.round((figures.body.confirmedRepair.current.fixed / figures.body.confirmedRepair.current.answers) * 1000) / 10);
  });
});
