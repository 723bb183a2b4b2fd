import { DEMO_OPEN311_CLIENT } from '@mamoudzou/domain/open311';
import type { Core } from '@strapi/strapi';
import { slaStatusOf } from '@mamoudzou/domain/sla';
import { MODERATION_STATUS, REPORT_PRIORITIES, REPORT_STATUSES, REPORT_TYPES, slaTargetFor, ZONES } from '@mamoudzou/domain/vocabulary';
import { ASSIGNEES, emailLocalPart, FIRST_NAMES, LAST_NAMES } from './data/people';
import { REPORT_PLACES } from './data/places';
import { COMMON_TAGS, DURATIONS, NOTES_BY_STATUS, PROBLEMS, SERVICE_BY_TYPE, TAGS_BY_TYPE, URGENCY } from './data/report-texts';
import type { PictureLibrary } from './photos';
import { createRandom, weightedDeck, type Random } from './prng';

const REPORT_UID = 'api::report.report';
const REPORT_COUNT = 60;
const TIMELINE_UID = 'api::report-update.report-update';
const PHOTO_COUNT = 10;
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** How long ago reports of each status were made, in days. */
const AGE_DAYS: Record<string, [number, number]> = {
  nouveau: [0, 10],
  en_cours: [2, 35],
  en_attente: [5, 60],
  resolu: [6, 90],
  rejete: [3, 90],
};
const OPEN = new Set(['nouveau', 'en_cours', 'en_attente']);

export interface ReportSeed {
  data: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  /** What the backend keeps of its service level: reminder time, closing, first response (rules/sla.ts). */
  sla: { slaWarningAt: Date; closedAt: Date | null; firstResponseAt: Date | null };
  /** Pictures to generate and attach. */
  photos: { name: string; variant: number; alternativeText: string }[];
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key) => values[key] ?? '');
const round = (value: number, digits: number) => Number(value.toFixed(digits));

function citizen(random: Random) {
  if (!random.chance(0.5)) return {};
  const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  const pair = () => String(random.int(0, 99)).padStart(2, '0');
  return {
    citizenName: name,
    ...(random.chance(0.8) ? { citizenEmail: `${emailLocalPart(name)}@exemple.yt` } : {}),
    ...(random.chance(0.8) ? { citizenPhone: `+262 639 ${pair()} ${pair()} ${pair()}` } : {}),
  };
}

/** The demo reports, the same for a given `now`: every zone, type, sub-type, status and priority. */
export function buildReports(now: Date = new Date()): ReportSeed[] {
  const random = createRandom(976); // Mayotte's department number
  const zones = weightedDeck(random, [
    ['Centre-ville', 14], ['Kawéni', 12], ['Cavani', 8], ['Mtsapéré', 8], ['Passamainti', 6], ['Tsoundzou', 7], ['Autres', 5],
  ] as [string, number][], REPORT_COUNT);
  const statuses = weightedDeck(random, [['en_cours', 16], ['nouveau', 14], ['resolu', 16], ['en_attente', 8], ['rejete', 6]] as [string, number][], REPORT_COUNT);
  const priorities = weightedDeck(random, [['normale', 26], ['haute', 15], ['basse', 12], ['critique', 7]] as [string, number][], REPORT_COUNT);
  const withPhotos = new Set(random.sample([...Array(REPORT_COUNT).keys()], PHOTO_COUNT));

  const seeds: ReportSeed[] = [];
  for (let i = 0; i < REPORT_COUNT; i++) {
    const type = REPORT_TYPES[i % REPORT_TYPES.length];
    const subType = type.subTypes.length ? type.subTypes[Math.floor(i / REPORT_TYPES.length) % type.subTypes.length] : undefined;
    const [problemTitle, problemText] = random.pick(PROBLEMS[subType ?? 'Autres']);
    const zone = zones[i];
    const place = random.pick(REPORT_PLACES[zone]);
    const report_status = statuses[i];
    const priority = priorities[i];

    const [minAge, maxAge] = AGE_DAYS[report_status];
    const createdAt = new Date(now.getTime() - random.float(minAge, maxAge) * DAY - random.int(0, 12) * HOUR);
    let slaTarget = slaTargetFor(priority, createdAt);
    // Some open reports close to their deadline, so that every SLA state shows.
    if (OPEN.has(report_status) && random.chance(0.15)) slaTarget = new Date(now.getTime() + random.int(2, 22) * HOUR);
    const delay = slaTarget.getTime() - createdAt.getTime();
    // Closed reports were closed within 20 % to 140 % of their delay (mostly on time), never in the future.
    const closedAt = OPEN.has(report_status) ? null : new Date(Math.min(now.getTime() - HOUR, createdAt.getTime() + random.float(0.2, 1.4) * delay));
    const updatedAt = closedAt ?? (report_status === 'nouveau' ? createdAt : new Date(createdAt.getTime() + random.float(0.1, 0.9) * (now.getTime() - createdAt.getTime())));
    const firstResponseAt = report_status === 'nouveau' ? null : new Date(Math.min(updatedAt.getTime(), createdAt.getTime() + random.float(0.02, 0.3) * delay));
    const slaWarningAt = new Date(createdAt.getTime() + 0.75 * delay);

    const assigned = report_status !== 'nouveau' || random.chance(0.2);
    const assignedTo = assigned ? random.pick(ASSIGNEES) : undefined;
    const values = { at: place.at, duree: random.pick(DURATIONS), agent: assignedTo ?? "l'équipe d'astreinte" };
    const notesWanted = random.chance(report_status === 'nouveau' ? 0.25 : 0.6);
    const notes = notesWanted ? random.sample(NOTES_BY_STATUS[report_status], random.int(1, 2)).map((n) => fill(n, values)) : undefined;
    const tags = random.sample([...TAGS_BY_TYPE[type.value], ...COMMON_TAGS], random.int(0, 3));

    const data: Record<string, unknown> = {
      title: fill(`${problemTitle} {at}`, values),
      type: type.value,
      ...(subType ? { subType } : {}),
      description: `${fill(problemText, values)} ${random.pick(URGENCY[priority])}`,
      report_status,
      priority,
      zone,
      address: place.address,
      latitude: round(place.latitude + random.float(-0.0012, 0.0012), 6),
      longitude: round(place.longitude + random.float(-0.0012, 0.0012), 6),
      ...(assignedTo ? { assignedTo } : {}),
      service: random.pick(SERVICE_BY_TYPE[type.value]),
      slaTarget: slaTarget.toISOString(),
      // Open reports read theirs live (backend/src/api/report/rules/sla.ts); closed ones froze it when closed.
      slaStatus: slaStatusOf({ report_status, slaTarget, slaWarningAt, closedAt }, now),
      ...citizen(random),
      tags,
      ...(notes ? { internalNotes: notes } : {}),
    };
    const photos = withPhotos.has(i)
      ? Array.from({ length: random.int(1, 2) }, (_, k) => ({
          name: `signalement-${String(i + 1).padStart(2, '0')}-${k + 1}`,
          variant: i * 3 + k,
          alternativeText: `${problemTitle} – photo ${k + 1}`,
        }))
      : [];
    seeds.push({ data, createdAt, updatedAt, sla: { slaWarningAt, closedAt, firstResponseAt }, photos });
  }
  // The three latest new reports came through the citizens' app and await moderation (the settings ask for it by default).
  const latestNew = seeds.filter((s) => s.data.report_status === 'nouveau').sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 3);
  for (const seed of latestNew) {
    Object.assign(seed.data, { report_status: 'a_valider', source: DEMO_OPEN311_CLIENT.name });
    delete seed.data.assignedTo;
  }
  return seeds;
}

/** Which values of each list the seeds leave out (empty lists when every value is represented). */
export function missingValues(seeds: ReportSeed[]) {
  const seen = (field: string) => new Set(seeds.map((s) => s.data[field]));
  const missing = (field: string, values: readonly (string | undefined)[]) => values.filter((v) => !seen(field).has(v));
  return {
    zone: missing('zone', ZONES),
    type: missing('type', REPORT_TYPES.map((t) => t.value)),
    subType: missing('subType', REPORT_TYPES.flatMap((t) => t.subTypes)),
    report_status: missing('report_status', REPORT_STATUSES),
    priority: missing('priority', REPORT_PRIORITIES),
    slaStatus: missing('slaStatus', ['dans_les_temps', 'proche_echeance', 'depasse']),
  };
}

/** Seeds the reports when there are none. */
export async function seedReports(strapi: Core.Strapi, pictures: PictureLibrary): Promise<number> {
  if ((await strapi.db.query(REPORT_UID).count()) > 0) return 0;
  const seeds = buildReports();
  for (const seed of seeds) {
    const photoIds: number[] = [];
    for (const photo of seed.photos) {
      const id = await pictures.get({ ...photo, theme: String(seed.data.type) });
      if (id) photoIds.push(id);
    }
    const created = await strapi.documents(REPORT_UID).create({
      data: { ...seed.data, ...(photoIds.length ? { photos: photoIds } : {}) } as any,
    });
    await backdate(strapi, REPORT_UID, created.id as number, seed.createdAt, seed.updatedAt, { ...seed.sla, slaStatus: seed.data.slaStatus });
    // Its receipt on the timeline happened when the report was made, not when the demo was loaded.
    // It was received « Nouveau »; its later status is a change of its own, on the day it was made (Open311's
    // servicerequestupdates read each line's status at its time).
    const final = String(seed.data.report_status ?? 'nouveau');
    const received = final === MODERATION_STATUS ? final : 'nouveau';
    const receipt = await strapi.db.query(TIMELINE_UID).findOne({ where: { report: created.documentId, kind: 'created' }, select: ['id'] });
    if (receipt) await backdate(strapi, TIMELINE_UID, receipt.id, seed.createdAt, seed.createdAt, { statusAfter: received });
    if (receipt && final !== received) {
      const change = await strapi.db.query(TIMELINE_UID).create({ data: { report: created.documentId, kind: 'status', public: true, statusBefore: 'nouveau', statusAfter: final } });
      await backdate(strapi, TIMELINE_UID, change.id, seed.updatedAt, seed.updatedAt);
    }
  }
  return seeds.length;
}

/**
 * The document service stamps createdAt and updatedAt with the current time, and the query engine's
 * timestamps lifecycle overwrites updatedAt on every update: give the record its demo dates with a
 * plain knex update. Dates go in as Date objects, which knex stores as epoch milliseconds on SQLite
 * (as Strapi does) and as timestamps on PostgreSQL.
 */
export async function backdate(strapi: Core.Strapi, uid: string, id: number, createdAt: Date, updatedAt: Date, more: Record<string, unknown> = {}) {
  const meta = strapi.db.metadata.get(uid as any);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string })?.columnName ?? attribute;
  // getConnection qualifies the table with DATABASE_SCHEMA on PostgreSQL.
  await strapi.db
    .getConnection(meta.tableName)
    .where({ id })
    .update({ [column('createdAt')]: createdAt, [column('updatedAt')]: updatedAt, ...Object.fromEntries(Object.entries(more).map(([k, v]) => [column(k), v])) });
}
