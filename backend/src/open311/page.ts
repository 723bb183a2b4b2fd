import type { Core } from '@strapi/strapi';
import {
  categoryIconOf,
  CITIZEN_API_PREFIX,
  CITIZEN_PAGE_LIMITS,
  HONEYPOT_FIELD,
  type CitizenForm,
  type CitizenNearby,
  type CitizenReportPage,
} from '@mamoudzou/domain/citizen-page';
import type { NearbyReport } from '@mamoudzou/domain/duplicates';
import { normalizeReference, open311Status, reportTypeOfService, serviceCodeOf } from '@mamoudzou/domain/open311';
import { MODERATION_STATUS, REPORT_STATUS_LABELS, type ReportStatus } from '@mamoudzou/domain/vocabulary';
import { formTicket, issuedAtOfTicket } from '../email/links';
import { now } from '../utils/clock';
import { createRateLimiter } from '../utils/rate-limit';
import { currentSettings } from '../utils/services';
import type { Answer } from './format';
import { contentIsPublished, publicReports, serviceRequestOf, townDateTime } from './requests';
import { asRequests, checkParams, fail, fileOnce, PENDING_NOTE, pathPart, publicRead, respond, text, typesOf, withinClientLimit, withPhotos, type Client } from './server';

/**
 * The citizens' page's own routes (/open311/page/…, JSON), beside Open311's: the page (src/citizen/, served at
 * /signaler) holds no key. A key written in a public page is everyone's: anyone could copy it and file as the
 * page, at the page's limit, crowding out the residents. So the page's Open311 client keeps its key on the
 * server, and the page files here, through the same code as POST /open311/v2/requests (fileOnce: the same
 * checks, the same report, moderation, audit and Idempotency-Key), as that client, with what a public form needs
 * besides: a honeypot field, a minimum filling time counted from a ticket the backend signed, a limit per client
 * address, the client's own limit, the monthly limit per e-mail address of the reports' rules. Reading goes
 * through Open311's public reads (nothing of a report awaiting moderation but its reference and « en cours de
 * vérification »). No page client (a production base until the town opens the page in Intégrations): closed.
 */

const CLIENT = 'api::open311-client.open311-client';
const REPORT = 'api::report.report';
const UPDATE = 'api::report-update.report-update';
const HOUR_MS = 3600_000;

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};
/** Reports a client address may file through the page per hour (CITIZEN_PAGE_REPORTS_PER_HOUR). */
const reportsPerHour = () => positive(process.env.CITIZEN_PAGE_REPORTS_PER_HOUR, CITIZEN_PAGE_LIMITS.reportsPerHour);
/** Seconds a form must stay open before it is sent (CITIZEN_PAGE_MIN_FILL_SECONDS; 0 turns the check off). */
export function minimumFillSeconds() {
  const value = Number(process.env.CITIZEN_PAGE_MIN_FILL_SECONDS);
  return Number.isInteger(value) && value >= 0 ? value : CITIZEN_PAGE_LIMITS.minimumFillSeconds;
}

/** Reports and « Je suis concerné aussi » per client address over the last hour, on this instance. */
const filedBy = createRateLimiter<string>(HOUR_MS);
const followedBy = createRateLimiter<string>(HOUR_MS);

const CLOSED_MESSAGE = 'La page de signalement n’est pas ouverte : la mairie ne l’a pas encore activée. Appelez la mairie pour signaler un problème.';

function pageClients(strapi: Core.Strapi) {
  return strapi.service(CLIENT) as unknown as { pageClient(): Promise<Client | undefined> };
}
function reports(strapi: Core.Strapi) {
  return strapi.service(REPORT as any) as unknown as {
    followFromPage(reference: string, email: string | null): Promise<Record<string, unknown>>;
    answerRepairQuestion(token: unknown, answer: unknown): Promise<Record<string, unknown>>;
    nearbyReports(point: { latitude: unknown; longitude: unknown; type: unknown }): Promise<NearbyReport[]>;
  };
}

const objectAnswer = (value: unknown): Answer => ({ kind: 'object', root: 'answer', value: value as Record<string, unknown> });

/**
 * What a robot gives itself away by: the hidden field filled, a form the backend gave no ticket for, or sent
 * sooner than a person fills it. The ticket is good for a day (a report waiting offline on a phone asks for a
 * new one when it goes).
 */
function checkHuman(body: Record<string, unknown>) {
  if (text(body[HONEYPOT_FIELD])) throw fail(400, 'Envoi refusé : un champ réservé a été rempli.');
  const issuedAt = issuedAtOfTicket(body.ticket);
  if (issuedAt === null || now() - issuedAt > CITIZEN_PAGE_LIMITS.ticketHours * HOUR_MS || issuedAt > now() + 60_000) {
    throw fail(400, 'Formulaire expiré ou incomplet : rechargez la page puis renvoyez-le.', undefined, 'form_expired');
  }
  const wait = issuedAt + minimumFillSeconds() * 1000 - now();
  if (wait > 0) throw fail(429, 'Formulaire envoyé trop vite : patientez quelques secondes puis renvoyez-le.', Math.ceil(wait / 1000));
}

/** The page's own fields: what Open311's filing is given is the rest. */
function withoutPageFields(body: Record<string, unknown>) {
  const { ticket: _ticket, [HONEYPOT_FIELD]: _honeypot, api_key: _key, ...rest } = body;
  return rest;
}

async function openPage(strapi: Core.Strapi): Promise<Client> {
  const client = await pageClients(strapi).pageClient();
  if (!client) throw fail(403, CLOSED_MESSAGE);
  return client;
}

function within(limiter: ReturnType<typeof createRateLimiter<string>>, ip: string, limit: number, what: string) {
  if (!limiter.take(ip, limit, now())) throw fail(429, `Trop d’envois depuis cette connexion : au plus ${limit} ${what} par heure. Réessayez plus tard ou appelez la mairie.`, 3600);
}

async function form(strapi: Core.Strapi): Promise<CitizenForm> {
  const { types, settings } = await typesOf(strapi);
  const icons = new Map(settings.signalementCategories.map((category) => [category.name, categoryIconOf(category)]));
  return {
    open: Boolean(await pageClients(strapi).pageClient()),
    town: { name: settings.siteName, phone: settings.contactPhone, email: settings.contactEmail, address: settings.address },
    services: types.map((type) => ({ service_code: serviceCodeOf(type.value), service_name: type.label, icon: icons.get(type.value) ?? 'autre', sub_types: type.subTypes })),
    photos: { max: settings.citizenMaxPhotos, maxMegabytes: settings.maxFileUploadSize },
    retentionDays: settings.citizenDataRetentionDays,
    mapProvider: settings.mapProvider,
    duplicateRadiusMeters: settings.duplicateRadiusMeters,
    minimumFillSeconds: minimumFillSeconds(),
    ticket: formTicket(now()),
  };
}

/** « Déjà signalé ? »: open reports of the type around the point that the town published (approved, left public). */
async function nearby(strapi: Core.Strapi, query: Record<string, unknown>): Promise<CitizenNearby[]> {
  const { types } = await typesOf(strapi);
  const type = reportTypeOfService(text(query.service_code), types);
  if (!type) throw fail(404, `Service inconnu : ${text(query.service_code)}`);
  const latitude = Number(query.lat);
  const longitude = Number(query.long);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) throw fail(400, 'lat et long : nombres attendus (WGS84)');
  const found = (await reports(strapi).nearbyReports({ latitude, longitude, type: type.value })).filter((report) => report.reference);
  if (found.length === 0) return [];
  const published = await publicReports(strapi, { reference: { $in: found.map((report) => report.reference) } }, found.length);
  const shown = new Map(published.map((report) => [report.reference, report]));
  return found.flatMap((report) => {
    const row = shown.get(report.reference);
    if (!row) return [];
    return [{ service_request_id: report.reference!, service_name: type.label, address: row.address ?? null, requested_datetime: townDateTime(row.createdAt), distance: report.distance }];
  });
}

/** A report's public page: Open311's answer for it, its public timeline and the photos the town published. */
async function reportPage(strapi: Core.Strapi, reference: string, origin: string): Promise<CitizenReportPage> {
  const [report] = await publicReports(strapi, { reference: normalizeReference(reference) ?? reference }, 1, { withPending: true });
  if (!report) throw fail(404, `Signalement inconnu : ${reference}`);
  const status = (report.report_status ?? report.status ?? 'nouveau') as ReportStatus;
  if (status === MODERATION_STATUS) return { request: serviceRequestOf(report, origin, PENDING_NOTE), pending: true, updates: [], photos: [] };
  const [request] = await asRequests(strapi, [report], origin);
  const lines = await strapi.db.query(UPDATE).findMany({
    where: { report: report.documentId, public: true },
    select: ['kind', 'text', 'statusAfter', 'createdAt'],
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    limit: 200,
  });
  const updates = lines.map((line: any) => {
    const after = (line.statusAfter ?? status) as ReportStatus;
    const said = line.kind === 'reply' ? line.text : line.kind === 'created' ? 'Signalement reçu' : `Statut : ${REPORT_STATUS_LABELS[after] ?? after}`;
    return { date: townDateTime(line.createdAt), status: open311Status(after), text: String(said ?? '') };
  });
  const photos = contentIsPublished(status) ? (report.photos ?? []).flatMap((photo) => (photo.url ? [new URL(photo.url, origin).toString()] : [])) : [];
  return { request, pending: false, updates, photos };
}

async function pageAnswer(strapi: Core.Strapi, ctx: any, path: string): Promise<Answer> {
  const query = (ctx.query ?? {}) as Record<string, unknown>;
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  checkParams(query);
  const origin = ctx.request.origin as string;
  const ip = ctx.request.ip as string;
  if (ctx.method === 'GET') {
    publicRead(ip);
    if (path === 'form') return objectAnswer(await form(strapi));
    if (path === 'nearby') return { kind: 'list', root: 'reports', item: 'report', items: (await nearby(strapi, query)) as unknown as Record<string, unknown>[] };
    const one = /^requests\/([^/]+)$/.exec(path);
    if (one) return objectAnswer(await reportPage(strapi, pathPart(one[1], 'service_request_id'), origin));
    throw fail(404, 'Adresse inconnue');
  }
  if (ctx.method !== 'POST') throw fail(405, 'Méthode non prise en charge');
  checkParams(body);
  if (path === 'repair-answers') {
    publicRead(ip);
    return objectAnswer(await reports(strapi).answerRepairQuestion(body.jeton, body.reponse));
  }
  if (path === 'requests') {
    const client = await openPage(strapi);
    checkHuman(body);
    within(filedBy, ip, reportsPerHour(), 'signalements');
    await withinClientLimit(strapi, client);
    return withPhotos(strapi, ctx, (photos) => fileOnce(strapi, ctx, withoutPageFields(body), client, photos));
  }
  const follow = /^requests\/([^/]+)\/followers$/.exec(path);
  if (follow) {
    const client = await openPage(strapi);
    checkHuman(body);
    within(followedBy, ip, CITIZEN_PAGE_LIMITS.followsPerHour, 'réponses « Je suis concerné aussi »');
    await withinClientLimit(strapi, client);
    const email = text(body.email);
    return objectAnswer(await reports(strapi).followFromPage(pathPart(follow[1], 'service_request_id'), email || null));
  }
  throw fail(404, 'Adresse inconnue');
}

/** The Koa middleware of the page's routes (beside Open311's, in middlewares/open311.ts); JSON only. */
export function citizenPageServer(strapi: Core.Strapi) {
  return async (ctx: any, next: () => Promise<unknown>) => {
    if (!ctx.path.startsWith(CITIZEN_API_PREFIX)) return next();
    const match = /^(.*)\.json$/.exec(ctx.path.slice(CITIZEN_API_PREFIX.length));
    // Its answers are the page's, never kept by a shared cache (the ticket is each visitor's).
    ctx.set('Cache-Control', 'no-store');
    await respond(strapi, ctx, 'json', () => {
      if (!match) throw fail(404, "Format inconnu : l'adresse se termine par .json");
      return pageAnswer(strapi, ctx, match[1]);
    });
  };
}
