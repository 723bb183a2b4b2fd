import type { Core } from '@strapi/strapi';
import { gpsAddress, JURISDICTION_ID, OPEN311_LIMITS, reportTypeOfService, serviceCodeOf } from '@mamoudzou/domain/open311';
import { serviceForReportType } from '@mamoudzou/domain/settings';
import { forbiddenCharacterIn, forbiddenCharacterMessage } from '@mamoudzou/domain/input';
import { insideCommune, zoneOfAddress, zoneOfPoint } from '@mamoudzou/domain/territory';
import { reportTypesOf, type ReportType } from '@mamoudzou/domain/vocabulary';
import { writeAudit } from '../audit/writer';
import { open311Retry } from '../idempotency/open311';
import { once } from '../idempotency/store';
import type { OwnErrorCode } from '@mamoudzou/domain/errors';
import { now } from '../utils/clock';
import { databaseErrorSummary } from '../utils/database';
import { databaseUnavailableAnswer } from '../middlewares/database-readiness';
import { createRateLimiter } from '../utils/rate-limit';
import { currentSettings } from '../utils/services';
import { errorAnswer, render, type Answer, type Format, type ListAnswer } from './format';
import { cleanPhotos, forgetPhotos, MediaRefusal, sentMedia, storePhotos, type CleanPhoto } from './media';
import { publicReports, serviceRequestOf, townDateTime, type PublicReport } from './requests';
import { open311Status } from '@mamoudzou/domain/open311';
import { MODERATION_STATUS, REPORT_STATUS_LABELS, type ReportStatus } from '@mamoudzou/domain/vocabulary';

/** status_notes of a report awaiting moderation. */
export const PENDING_NOTE = 'Signalement reçu, en cours de vérification par la mairie avant sa prise en charge.';

/**
 * The citizens' channel: Open311 GeoReport v2 (open311.org/GeoReport_v2) under /open311/v2/, in XML
 * and JSON as the address's suffix says. Anyone may read the services and the public requests;
 * filing one needs a client's key (Intégrations). Errors are GeoReport v2's list of
 * {code, description}, in French.
 */

const PREFIX = '/open311/v2/';
const UPDATE = 'api::report-update.report-update';
const REPORT = 'api::report.report';
const CLIENT = 'api::open311-client.open311-client';
/** The sub-type, as the one attribute of a service that has some. */
const SUB_TYPE_ATTRIBUTE = 'sous_type';
const DAY_MS = 24 * 3600 * 1000;

export class Open311Error extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A 429's delay before a retry, in seconds (60 unless said). */
    readonly retryAfter?: number,
    /**
     * What the refusal is, for a program (the answer's `X-Error-Code` header): GeoReport v2's error has only a status
     * and a description, and a client must not recognise a refusal by its French wording.
     */
    readonly code?: OwnErrorCode,
  ) {
    super(message);
  }
}
export const fail = (status: number, message: string, retryAfter?: number, code?: OwnErrorCode) => new Open311Error(status, message, retryAfter, code);

export interface Client {
  id: number;
  name: string;
}

/** Each client's requests over the last minute, on this instance (the settings' open311RateLimit per minute). */
const rateLimiter = createRateLimiter<number>(60_000);
/** Reads without a key, per client address over the last minute, on this instance. */
const publicReads = createRateLimiter<string>(60_000);
/** Reads without a key an address may make per minute (OPEN311_PUBLIC_READS_PER_MINUTE): a client that needs more asks for a key. */
function publicReadLimit() {
  const limit = Number(process.env.OPEN311_PUBLIC_READS_PER_MINUTE);
  return Number.isInteger(limit) && limit > 0 ? limit : 60;
}

function timeline(strapi: Core.Strapi) {
  return strapi.service(UPDATE as any) as unknown as { latestReplies(reports: string[]): Promise<Map<string, string>> };
}

/** Reports as service requests, each with its latest public reply as status_notes. */
export async function asRequests(strapi: Core.Strapi, reports: PublicReport[], origin: string) {
  const replies = await timeline(strapi).latestReplies(reports.map((r) => r.documentId!).filter(Boolean));
  return reports.map((report) => serviceRequestOf(report, origin, replies.get(report.documentId!) ?? null));
}

function clients(strapi: Core.Strapi) {
  return strapi.service(CLIENT) as unknown as { byKey(key: string): Promise<Client | undefined>; touch(id: number, at: Date): Promise<void> };
}

/**
 * The client a key names, within its rate limit (settings' open311RateLimit per minute); without a key (reading
 * only), the caller's address within the public reads' limit.
 */
async function clientOf(strapi: Core.Strapi, key: unknown, required: boolean, ip = ''): Promise<Client | undefined> {
  if (typeof key !== 'string' || !key) {
    if (required) throw fail(403, "Clé d'API requise (api_key) : demandez-en une à la mairie.");
    publicRead(ip);
    return undefined;
  }
  const client = await clients(strapi).byKey(key);
  if (!client) throw fail(403, "Clé d'API inconnue ou révoquée.");
  await withinClientLimit(strapi, client);
  return client;
}

/** A read without a key, within the public reads' limit per client address. */
export function publicRead(ip: string) {
  const limit = publicReadLimit();
  if (!publicReads.take(ip, limit, now())) {
    throw fail(429, `Trop de requêtes : au plus ${limit} par minute par adresse sans clé d'API. Réessayez dans une minute, ou demandez une clé à la mairie.`);
  }
}

/** A client's request, within its limit (settings' open311RateLimit per minute); noted as its latest. */
export async function withinClientLimit(strapi: Core.Strapi, client: Client) {
  const { open311RateLimit } = await currentSettings(strapi);
  if (!rateLimiter.take(client.id, open311RateLimit, now())) throw fail(429, `Trop de requêtes : au plus ${open311RateLimit} par minute pour ce client. Réessayez dans une minute.`);
  await clients(strapi).touch(client.id, new Date(now()));
}

export const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A parameter's name as an error quotes it: short, and without what it refuses. */
const nameOf = (name: string) => (forbiddenCharacterIn(name) ? 'paramètre' : name.slice(0, 60));

/** One value of a form field: a text (or a JSON number or boolean), without control or bidi override characters. */
function checkValue(name: string, value: unknown) {
  if (value !== null && typeof value === 'object') throw fail(400, `${nameOf(name)} : une seule valeur attendue (champ répété ou imbriqué refusé)`);
  const forbidden = typeof value === 'string' ? forbiddenCharacterIn(value) : undefined;
  if (forbidden) throw fail(400, `${nameOf(name)} : ${forbiddenCharacterMessage(forbidden)}`);
}

/**
 * Every parameter is one value and `attribute` a set of them: a field given twice (description[]=…) or nested is
 * refused, never dropped or half read; no text holds a control or bidi override character (NUL included).
 */
export function checkParams(params: Record<string, unknown>) {
  // A multipart form names the sub-type `attribute[sous_type]` as one flat field: the same set as a form's.
  for (const name of Object.keys(params)) {
    const match = /^attribute\[([^\]]{1,60})\]$/.exec(name);
    if (!match) continue;
    const set = (params.attribute && typeof params.attribute === 'object' && !Array.isArray(params.attribute) ? params.attribute : {}) as Record<string, unknown>;
    params.attribute = { ...set, [match[1]]: params[name] };
    delete params[name];
  }
  for (const [name, value] of Object.entries(params)) {
    checkValue('paramètre', name);
    if (name === 'attribute' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [code, inner] of Object.entries(value)) checkValue(`attribute[${code}]`, inner);
    } else checkValue(name, value);
  }
}

/** A part of the address (a service code, a reference), decoded; a malformed %-sequence is the caller's error. */
export function pathPart(raw: string, name: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw fail(400, "Adresse mal encodée : chaque « % » doit être suivi de deux chiffres hexadécimaux formant de l'UTF-8.");
  }
  checkValue(name, decoded);
  return decoded;
}

function serviceOf(type: ReportType, table: Record<string, string>) {
  return {
    service_code: serviceCodeOf(type.value),
    service_name: type.label,
    description: type.subTypes.length ? `${type.label} : ${type.subTypes.join(', ')}` : type.label,
    metadata: type.subTypes.length > 0,
    type: 'realtime',
    keywords: type.subTypes.join(', '),
    group: serviceForReportType(type.value, table) ?? 'Mairie de Mamoudzou',
  };
}

export async function typesOf(strapi: Core.Strapi) {
  const settings = await currentSettings(strapi);
  return { types: reportTypesOf(settings.signalementCategories), settings };
}

function discovery(origin: string): Answer {
  const changeset = '2026-11-25T00:00:00+03:00';
  return {
    kind: 'object',
    root: 'discovery',
    value: {
      changeset,
      contact: 'Mairie de Mamoudzou, Place Mariage, 97600 Mamoudzou',
      key_service: "Une clé d'API est délivrée par la mairie (Intégrations du back-office).",
      endpoints: [
        {
          specification: 'http://wiki.open311.org/GeoReport_v2',
          url: `${origin}/open311/v2`,
          changeset,
          type: 'production',
          formats: ['text/xml', 'application/json'],
        },
      ],
    },
    xmlLists: { endpoints: 'endpoint', formats: 'format' },
  };
}

async function services(strapi: Core.Strapi): Promise<Answer> {
  const { types, settings } = await typesOf(strapi);
  return { kind: 'list', root: 'services', item: 'service', items: types.map((type) => serviceOf(type, settings.reportTypeServices)) };
}

async function serviceDefinition(strapi: Core.Strapi, code: string): Promise<Answer> {
  const { types } = await typesOf(strapi);
  const type = reportTypeOfService(code, types);
  if (!type) throw fail(404, `Service inconnu : ${code}`);
  const attributes = type.subTypes.length
    ? [
        {
          variable: true,
          code: SUB_TYPE_ATTRIBUTE,
          datatype: 'singlevaluelist',
          // The back-office's form leaves the sub-type optional: so does the channel.
          required: false,
          datatype_description: 'Un des sous-types proposés',
          order: 1,
          description: 'Sous-type',
          values: type.subTypes.map((subType) => ({ key: subType, name: subType })),
        },
      ]
    : [];
  return { kind: 'object', root: 'service_definition', value: { service_code: code, attributes }, xmlLists: { attributes: 'attribute', values: 'value' } };
}

/** A date parameter (W3C), or none; a malformed one is refused. */
function dateParam(value: unknown, name: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw fail(400, `${name} : date invalide (format attendu : 2026-11-25T08:00:00+03:00)`);
  return date;
}

/** start_date → end_date, the last 90 days by default, 90 days at most. */
function periodOf(query: Record<string, unknown>) {
  let end = dateParam(query.end_date, 'end_date');
  let start = dateParam(query.start_date, 'start_date');
  if (!end) end = start ? new Date(start.getTime() + OPEN311_LIMITS.spanDays * DAY_MS) : new Date(now());
  if (!start) start = new Date(end.getTime() - OPEN311_LIMITS.defaultSpanDays * DAY_MS);
  if (end < start) throw fail(400, 'end_date doit suivre start_date');
  if (end.getTime() - start.getTime() > OPEN311_LIMITS.spanDays * DAY_MS) throw fail(400, `Période trop longue : au plus ${OPEN311_LIMITS.spanDays} jours entre start_date et end_date`);
  return { start, end };
}

/**
 * FixMyStreet's servicerequestupdates: the public lines of the public reports' timelines in the
 * period (receipt, status changes, replies), oldest first.
 */
async function requestUpdates(strapi: Core.Strapi, query: Record<string, unknown>): Promise<Answer> {
  const { start, end } = periodOf(query);
  const lines = await strapi.db.query(UPDATE).findMany({
    where: { public: true, createdAt: { $gte: start, $lte: end } },
    select: ['documentId', 'report', 'kind', 'text', 'statusAfter', 'createdAt'],
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    limit: OPEN311_LIMITS.requests,
  });
  const reportIds = [...new Set(lines.map((line: any) => line.report))];
  const reports = await publicReports(strapi, { documentId: { $in: reportIds } }, OPEN311_LIMITS.requests);
  const byId = new Map(reports.map((report) => [report.documentId, report]));
  // Each line says the status at its time: a receipt is open, a reply the status of the last change before it.
  const changes = await strapi.db.query(UPDATE).findMany({
    where: { report: { $in: reportIds }, kind: { $in: ['created', 'status'] }, createdAt: { $lte: end } },
    select: ['report', 'kind', 'statusAfter', 'createdAt'],
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const statusAt = (report: string, at: unknown): ReportStatus => {
    let status: ReportStatus = 'nouveau';
    for (const change of changes as any[]) {
      if (change.report !== report || new Date(change.createdAt).getTime() > new Date(at as string).getTime()) continue;
      if (change.kind === 'status' && change.statusAfter) status = change.statusAfter;
    }
    return status;
  };
  const items = lines.flatMap((line: any) => {
    const report = byId.get(line.report);
    if (!report) return [];
    // The receipt: open, whatever became of the report since.
    const status = (line.kind === 'created' ? 'nouveau' : (line.statusAfter ?? statusAt(line.report, line.createdAt))) as ReportStatus;
    const description = line.kind === 'reply' ? line.text : line.kind === 'created' ? 'Signalement reçu' : `Statut : ${REPORT_STATUS_LABELS[status] ?? status}`;
    return [{ update_id: line.documentId, service_request_id: report.reference, status: open311Status(status), updated_datetime: townDateTime(line.createdAt), description, media_url: null }];
  });
  return { kind: 'list', root: 'service_request_updates', item: 'request_update', items };
}

async function requestList(strapi: Core.Strapi, query: Record<string, unknown>, origin: string): Promise<Answer> {
  const filters: Record<string, unknown>[] = [];
  const ids = text(query.service_request_id);
  if (ids) {
    // GeoReport v2: a list of ids « overrides all other arguments » (status, service, period).
    filters.push({ reference: { $in: ids.split(',').map((id) => id.trim()).filter(Boolean) } });
  } else {
    const { start, end } = periodOf(query);
    filters.push({ createdAt: { $gte: start, $lte: end } });
    const codes = text(query.service_code)
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean);
    if (codes.length) {
      // Several services at once, comma separated (Chicago's and Austin's clients ask so); each must exist.
      const { types } = await typesOf(strapi);
      const wanted = codes.map((code) => {
        const type = reportTypeOfService(code, types);
        if (!type) throw fail(404, `Service inconnu : ${code}`);
        return type.value;
      });
      filters.push({ type: { $in: [...new Set(wanted)] } });
    }
    const status = text(query.status);
    if (status) {
      const wanted = status.split(',').map((s) => s.trim());
      if (wanted.some((s) => s !== 'open' && s !== 'closed')) throw fail(400, 'status : open ou closed attendu');
      if (!(wanted.includes('open') && wanted.includes('closed'))) {
        filters.push({ report_status: wanted.includes('open') ? { $notIn: ['resolu', 'rejete'] } : { $in: ['resolu', 'rejete'] } });
      }
    }
  }
  const reports = await publicReports(strapi, { $and: filters }, OPEN311_LIMITS.requests);
  return { kind: 'list', root: 'service_requests', item: 'request', items: await asRequests(strapi, reports, origin) };
}

/** One request, also while it awaits moderation (its citizen may ask): open, with a note saying so. */
async function oneRequest(strapi: Core.Strapi, id: string, origin: string): Promise<Answer> {
  const [report] = await publicReports(strapi, { reference: id }, 1, { withPending: true });
  if (!report) throw fail(404, `Signalement inconnu : ${id}`);
  const pending = (report.report_status ?? report.status) === MODERATION_STATUS;
  const items = pending ? [serviceRequestOf(report, origin, PENDING_NOTE)] : await asRequests(strapi, [report], origin);
  return { kind: 'list', root: 'service_requests', item: 'request', items };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HTML = /<\s*[a-z!/?]/i;

/** POST requests: a report filed by a client, in the settings' vocabulary and the commune's bounds. */
async function fileRequest(strapi: Core.Strapi, body: Record<string, unknown>, client: Client, photos: CleanPhoto[] = []): Promise<Answer> {
  const { types, settings } = await typesOf(strapi);
  const code = text(body.service_code);
  if (!code) throw fail(400, 'service_code requis');
  const type = reportTypeOfService(code, types);
  if (!type) throw fail(404, `Service inconnu : ${code}`);

  const description = text(body.description);
  if (description.length > OPEN311_LIMITS.description) throw fail(400, `description : au plus ${OPEN311_LIMITS.description} caractères`);
  if (HTML.test(description)) throw fail(400, 'description : le texte ne peut pas contenir de HTML');

  const address = text(body.address_string);
  const hasPoint = body.lat !== undefined && body.lat !== '' && body.long !== undefined && body.long !== '';
  if (!hasPoint && !address) throw fail(400, 'Emplacement requis : lat et long, ou address_string');
  let latitude: number | undefined;
  let longitude: number | undefined;
  if (hasPoint) {
    latitude = Number(body.lat);
    longitude = Number(body.long);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) throw fail(400, 'lat et long : nombres attendus (WGS84)');
    if (!insideCommune(latitude, longitude)) throw fail(400, 'Emplacement hors de la commune de Mamoudzou');
  }

  const email = text(body.email);
  if (email && (!EMAIL.test(email) || email.length > 254)) throw fail(400, 'email : adresse invalide');
  const mediaUrl = text(body.media_url);
  if (mediaUrl) {
    let url: URL | undefined;
    try {
      url = new URL(mediaUrl);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || mediaUrl.length > 1000) throw fail(400, 'media_url : adresse http(s) attendue');
  }

  const attributes = (body.attribute && typeof body.attribute === 'object' ? body.attribute : {}) as Record<string, unknown>;
  const subType = text(attributes[SUB_TYPE_ATTRIBUTE]);
  if (subType && !type.subTypes.includes(subType)) throw fail(400, `attribute[${SUB_TYPE_ATTRIBUTE}] : « ${subType} » n'est pas un sous-type de « ${type.label} »`);

  const name = [text(body.first_name), text(body.last_name)].filter(Boolean).join(' ');
  const summary = description ? `${description.slice(0, 80)}${description.length > 80 ? '…' : ''}` : '';
  // The photos sent with it (multipart `media`), already stripped of their metadata; their files go if the report does not.
  const stored = await storePhotos(strapi, photos);
  const created: any = await strapi.documents(REPORT).create({
    data: {
      title: [subType || type.label, summary].filter(Boolean).join(' : ').slice(0, 200),
      description: description || type.label,
      type: type.value,
      ...(subType ? { subType } : {}),
      priority: 'normale',
      zone: latitude !== undefined && longitude !== undefined ? zoneOfPoint(latitude, longitude) : zoneOfAddress(address),
      address: (address || gpsAddress(latitude!, longitude!)).slice(0, 300),
      ...(latitude !== undefined ? { latitude, longitude } : {}),
      ...(name ? { citizenName: name.slice(0, 120) } : {}),
      ...(email ? { citizenEmail: email } : {}),
      ...(text(body.phone) ? { citizenPhone: text(body.phone).slice(0, 40) } : {}),
      ...(mediaUrl ? { mediaUrl } : {}),
      ...(stored.length ? { photos: stored.map((file) => file.id) } : {}),
      // While the settings ask for moderation, staff approve a citizen's report before it is handled.
      report_status: settings.signalementApprovalRequired ? MODERATION_STATUS : 'nouveau',
      source: client.name,
      isPublic: true,
    } as any,
  }).catch(async (error: unknown) => {
    await forgetPhotos(strapi, stored);
    throw error;
  });
  // The receipt names the service the report was given (the settings' automatic assignment), and only then.
  const service = typeof created.service === 'string' && created.service.trim() ? created.service.trim() : null;
  return {
    kind: 'list',
    root: 'service_requests',
    item: 'request',
    items: [
      {
        service_request_id: created.reference,
        service_notice: `Signalement ${created.reference} reçu par la mairie de Mamoudzou${service ? ` ; service chargé : ${service}` : ''}.`,
        account_id: null,
      },
    ],
  };
}

/**
 * A client's report and its audit entry, written in one transaction: neither is kept without the other. A retry
 * (Idempotency-Key, or the same device's same report) gets the first answer, kept with no citizen's details.
 */
export async function fileOnce(strapi: Core.Strapi, ctx: any, body: Record<string, unknown>, client: Client, photos: CleanPhoto[] = []): Promise<Answer> {
  // The same key with other photos is another request.
  const keyed = photos.length ? { ...body, media_sha256: photos.map((photo) => photo.sentHash) } : body;
  const outcome = await once(strapi, open311Retry(ctx, keyed, client.id), async () => {
    const filed = (await fileRequest(strapi, body, client, photos)) as ListAnswer;
    const reference = String(filed.items[0].service_request_id);
    await writeAudit(strapi, { action: 'create', module: 'signalements', resourceType: 'report', resourceId: reference, userName: `Open311 : ${client.name}`, user: null, ip: ctx.request.ip });
    return { value: filed as Answer, kept: { status: 201, resource: reference, body: JSON.stringify(filed.items) } };
  });
  if (outcome.kind === 'done') return outcome.value;
  if (outcome.kind === 'mismatch') throw fail(422, "Clé d'idempotence déjà utilisée pour une autre requête.");
  if (outcome.kind === 'busy') throw fail(409, 'Une requête identique est en cours : réessayez dans un instant.');
  ctx.set('Idempotent-Replayed', 'true');
  return { kind: 'list', root: 'service_requests', item: 'request', items: JSON.parse(outcome.kept.body ?? '[]') };
}

/**
 * The photos of a request (multipart `media`, as several Open311 servers take them), checked and stripped of
 * their metadata before `work` files them, within the settings' number (citizenMaxPhotos) and size
 * (maxFileUploadSize); their temporary files go once it is done.
 */
export async function withPhotos<T>(strapi: Core.Strapi, ctx: any, work: (photos: CleanPhoto[]) => Promise<T>): Promise<T> {
  const settings = await currentSettings(strapi);
  let cleaned: Awaited<ReturnType<typeof cleanPhotos>>;
  try {
    cleaned = await cleanPhotos(sentMedia(ctx.request.files), { max: settings.citizenMaxPhotos, maxBytes: settings.maxFileUploadSize * 1024 * 1024 });
  } catch (error) {
    if (error instanceof MediaRefusal) throw fail(400, error.message);
    throw error;
  }
  try {
    return await work(cleaned.photos);
  } finally {
    await cleaned.dispose();
  }
}

/** Which answer an address and method ask for; none when the address is not Open311's. */
async function answer(strapi: Core.Strapi, ctx: any, path: string, format: Format): Promise<Answer> {
  const query = (ctx.query ?? {}) as Record<string, unknown>;
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  checkParams(query);
  if (ctx.method === 'POST') checkParams(body);
  const jurisdiction = text(query.jurisdiction_id) || text(body.jurisdiction_id);
  if (jurisdiction && jurisdiction !== JURISDICTION_ID) throw fail(400, `Juridiction inconnue : ${jurisdiction} (ce serveur répond pour ${JURISDICTION_ID})`);
  const origin = ctx.request.origin as string;

  if (ctx.method === 'POST') {
    if (path !== 'requests') throw fail(404, 'Adresse inconnue');
    const client = await clientOf(strapi, body.api_key, true);
    return withPhotos(strapi, ctx, (photos) => fileOnce(strapi, ctx, body, client!, photos));
  }
  if (ctx.method !== 'GET') throw fail(405, 'Méthode non prise en charge');
  // Reading is public; a client that gives its key is counted and named in the audit log.
  const client = await clientOf(strapi, query.api_key, false, ctx.request.ip);
  let result: Answer;
  if (path === 'discovery') result = discovery(origin);
  else if (path === 'services') result = await services(strapi);
  else if (path.startsWith('services/')) result = await serviceDefinition(strapi, pathPart(path.slice('services/'.length), 'service_code'));
  else if (path === 'requests') result = await requestList(strapi, query, origin);
  else if (path.startsWith('requests/')) result = await oneRequest(strapi, pathPart(path.slice('requests/'.length), 'service_request_id'), origin);
  else if (path === 'servicerequestupdates') result = await requestUpdates(strapi, query);
  else throw fail(404, 'Adresse inconnue');
  if (client) {
    await writeAudit(strapi, { action: 'download', module: 'signalements', resourceType: 'open311', resourceId: path, userName: `Open311 : ${client.name}`, user: null, ip: ctx.request.ip } as any);
  }
  return result;
}

/** The Koa middleware (config/middlewares.ts, after the body parser): Open311's addresses, others passed on. */
export function open311Server(strapi: Core.Strapi) {
  return async (ctx: any, next: () => Promise<unknown>) => {
    if (!ctx.path.startsWith(PREFIX)) return next();
    const match = /^(.*)\.(json|xml)$/.exec(ctx.path.slice(PREFIX.length));
    const format: Format = match?.[2] === 'xml' ? 'xml' : 'json';
    await respond(strapi, ctx, format, () => {
      if (!match) throw fail(404, "Format inconnu : l'adresse se termine par .json ou .xml");
      return answer(strapi, ctx, match[1], format);
    });
  };
}

/** A status a rule of the reports refuses with (its own French message): 400, 404, or its own (409). */
function ruleStatus(error: unknown): number | undefined {
  const name = (error as { name?: string })?.name;
  if (name === 'ValidationError') return 400;
  if (name === 'NotFoundError') return 404;
  const status = (error as { details?: { status?: unknown } })?.details?.status;
  return name === 'ApplicationError' && typeof status === 'number' ? status : undefined;
}

/** Runs `produce` and writes its answer, or its refusal as GeoReport v2 errors in French (201 for a POST that succeeds). */
export async function respond(strapi: Core.Strapi, ctx: any, format: Format, produce: () => Promise<Answer>) {
  let result: Answer;
  try {
    result = await produce();
    ctx.status = ctx.method === 'POST' ? 201 : 200;
  } catch (error) {
    const known = error instanceof Open311Error ? error : undefined;
    // A rule of the reports (the monthly limit per citizen) refuses with its own French message.
    const ruled = known ? undefined : ruleStatus(error);
    const validation = ruled ? (error as Error).message : undefined;
    // A database that cannot serve now (read only, full, locked): a 503 the client retries later, as on the API.
    const unavailable = !known && !validation ? databaseUnavailableAnswer(ctx, error) : undefined;
    if (unavailable) strapi.log.error(`open311: database unavailable on ${ctx.method} ${ctx.path}: ${databaseErrorSummary(error)}`);
    else if (!known && !validation) strapi.log.error(`open311: ${(error as Error).stack ?? error}`);
    const status = known?.status ?? ruled ?? (unavailable ? 503 : 500);
    result = errorAnswer(status, known?.message ?? validation ?? unavailable ?? 'Erreur du serveur : réessayez plus tard.');
    ctx.status = status;
    // Open311's limits are per minute; a limit of its own says its delay.
    if (status === 429) ctx.set('Retry-After', String(known?.retryAfter ?? 60));
    if (known?.code) ctx.set('X-Error-Code', known.code);
  }
  const { type, body } = render(result, format);
  ctx.type = type;
  ctx.body = body;
}
