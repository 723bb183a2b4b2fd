import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { fieldRefusal } from '../../../validation/refusal';
import { DUPLICATE_WINDOW_DAYS, NEARBY_LIMIT, type NearbyReport, type ReportFollower } from '@mamoudzou/domain/duplicates';
import { isEmailAddress } from '@mamoudzou/domain/emails';
import { distanceMetres } from '@mamoudzou/domain/territory';
import { CLOSED_REPORT_STATUSES, effectiveReportStatus, OPEN_REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import { now } from '../../../utils/clock';
import { currentSettings } from '../../../utils/services';
import { coded } from '@mamoudzou/domain/errors';

const REPORT = 'api::report.report';
const UPDATE = 'api::report-update.report-update';
const DAY_MS = 24 * 3600 * 1000;
/** Metres per degree of latitude: the search box around the point, before the exact distance. */
const METRES_PER_DEGREE = 111_320;

export const DUPLICATE_MESSAGES = {
  point: 'latitude et longitude : nombres attendus',
  type: 'type : le type du signalement est requis',
  notFound: 'Signalement introuvable',
  original: 'original : le signalement d’origine est requis',
  self: 'Un signalement ne peut pas être le doublon de lui-même',
  originalIsDuplicate: (reference: string) => `Ce signalement est lui-même un doublon de ${reference} : choisissez l’original`,
  closedAlready: 'Ce signalement est déjà marqué comme doublon',
  note: (reference: string) => `Ce signalement a déjà été fait : il est suivi sous la référence ${reference}. Vous serez informé(e) de son avancement.`,
} as const;


const coordinate = (value: unknown, limit: number) => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : undefined;
};

/**
 * Open reports of `type` within the settings' radius of the point, filed in the last 30 days, nearest
 * first: a range on the coordinates' index, then the exact distance.
 */
export async function nearbyReports(strapi: Core.Strapi, point: { latitude: unknown; longitude: unknown; type: unknown; exclude?: string }): Promise<NearbyReport[]> {
  const latitude = coordinate(point.latitude, 90);
  const longitude = coordinate(point.longitude, 180);
  if (latitude === undefined || longitude === undefined) throw fieldRefusal('latitude', DUPLICATE_MESSAGES.point);
  const type = typeof point.type === 'string' ? point.type.trim() : '';
  if (!type) throw fieldRefusal('type', DUPLICATE_MESSAGES.type);
  const { duplicateRadiusMeters: radius } = await currentSettings(strapi);
  const dLat = radius / METRES_PER_DEGREE;
  const dLng = radius / (METRES_PER_DEGREE * Math.max(0.1, Math.cos((latitude * Math.PI) / 180)));
  const rows = (await strapi.db.query(REPORT).findMany({
    where: {
      latitude: { $gte: latitude - dLat, $lte: latitude + dLat },
      longitude: { $gte: longitude - dLng, $lte: longitude + dLng },
      type,
      report_status: { $in: [...OPEN_REPORT_STATUSES] },
      createdAt: { $gte: new Date(now() - DUPLICATE_WINDOW_DAYS * DAY_MS) },
      ...(point.exclude ? { documentId: { $ne: point.exclude } } : {}),
    },
    select: ['documentId', 'reference', 'title', 'type', 'report_status', 'status', 'address', 'createdAt', 'latitude', 'longitude'],
    limit: 200,
  })) as Record<string, any>[];
  return rows
    .map((row) => ({
      documentId: row.documentId,
      reference: row.reference ?? null,
      title: row.title,
      type: row.type,
      report_status: effectiveReportStatus(row.report_status, row.status),
      address: row.address,
      createdAt: new Date(row.createdAt).toISOString(),
      distance: Math.round(distanceMetres([latitude, longitude], [row.latitude, row.longitude])),
    }))
    .filter((report) => report.distance <= radius)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, NEARBY_LIMIT);
}

/** GET /api/reports/:id/nearby: the possible duplicates of a stored report (none when it has no point). */
export async function nearbyOfReport(strapi: Core.Strapi, documentId: string): Promise<NearbyReport[] | null> {
  const report = await strapi.db.query(REPORT).findOne({ where: { documentId }, select: ['latitude', 'longitude', 'type'] });
  if (!report) return null;
  if (typeof report.latitude !== 'number' || typeof report.longitude !== 'number') return [];
  return nearbyReports(strapi, { latitude: report.latitude, longitude: report.longitude, type: report.type, exclude: documentId });
}

/** How many citizens follow a report (their report was its duplicate) and still hear of it: staff see the number only. */
export const followerCountOf = (followers: unknown) =>
  Array.isArray(followers) ? followers.filter((f: ReportFollower) => f && isEmailAddress(f.email) && !f.optOut).length : 0;

/** The followers a report hands on: its citizen (unless they opted out) and its own followers, once each. */
function followersOf(report: Record<string, any>): ReportFollower[] {
  const list: ReportFollower[] = Array.isArray(report.followers) ? report.followers.filter((f: ReportFollower) => f && isEmailAddress(f.email) && !f.optOut) : [];
  if (isEmailAddress(report.citizenEmail) && !report.citizenEmailOptOut) list.unshift({ email: report.citizenEmail, from: report.reference ?? null });
  return list;
}

const mergeFollowers = (into: ReportFollower[], added: ReportFollower[], exclude: string | null) => {
  const seen = new Set([exclude, ...into.map((f) => f.email)].filter(Boolean).map((e) => String(e).toLowerCase()));
  const merged = [...into];
  for (const follower of added) {
    const key = follower.email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push({ email: follower.email, from: follower.from ?? null });
  }
  return merged;
};

/**
 * POST /api/reports/:id/duplicate { original }: the report is a duplicate of another. It is closed
 * (rejeté) with a public note naming the original's reference, and its citizen and followers follow
 * the original from then on. All of it or nothing.
 */
export async function markDuplicate(strapi: Core.Strapi, documentId: string, body: Record<string, unknown>, user: unknown) {
  const originalId = typeof body?.original === 'string' ? body.original.trim() : '';
  if (!originalId) throw fieldRefusal('original', DUPLICATE_MESSAGES.original);
  if (originalId === documentId) throw fieldRefusal('original', DUPLICATE_MESSAGES.self);
  return strapi.db.transaction(async () => {
    const fields = ['id', 'documentId', 'reference', 'report_status', 'status', 'duplicateOf', 'citizenEmail', 'citizenEmailOptOut', 'followers'];
    const [report, original] = await Promise.all([
      strapi.db.query(REPORT).findOne({ where: { documentId }, select: fields }),
      strapi.db.query(REPORT).findOne({ where: { documentId: originalId }, select: fields }),
    ]);
    if (!report) throw new errors.NotFoundError(DUPLICATE_MESSAGES.notFound, coded('not_found'));
    if (!original) throw fieldRefusal('original', DUPLICATE_MESSAGES.notFound);
    if (report.duplicateOf) throw fieldRefusal('original', DUPLICATE_MESSAGES.closedAlready);
    if (original.duplicateOf) {
      const first = await strapi.db.query(REPORT).findOne({ where: { documentId: original.duplicateOf }, select: ['reference'] });
      throw fieldRefusal('original', DUPLICATE_MESSAGES.originalIsDuplicate(first?.reference ?? original.duplicateOf));
    }
    const reference = original.reference ?? String(original.id);
    const followers = mergeFollowers(Array.isArray(original.followers) ? original.followers : [], followersOf(report), original.citizenEmail ?? null);
    await strapi.db.query(REPORT).update({ where: { id: original.id }, data: { followers } });
    // The link is written before the status, so that the closing's e-mail names the original.
    await strapi.db.query(REPORT).update({ where: { id: report.id }, data: { duplicateOf: original.documentId, followers: [] } });
    await (strapi.service(UPDATE as any) as any).record({ report: documentId, kind: 'reply', text: DUPLICATE_MESSAGES.note(reference), author: user });
    const closed = CLOSED_REPORT_STATUSES.includes(effectiveReportStatus(report.report_status, report.status));
    return closed
      ? strapi.documents(REPORT).findOne({ documentId })
      : strapi.documents(REPORT).update({ documentId, data: { report_status: 'rejete' } as any });
  });
}
