import type { Core } from '@strapi/strapi';
import { open311Status, serviceCodeOf } from '@mamoudzou/domain/open311';
import { MODERATION_STATUS } from '@mamoudzou/domain/vocabulary';

const REPORT = 'api::report.report';

/** A date in the town's time, with its offset, as GeoReport v2 asks (W3C): 2026-11-25T14:03:00+03:00. */
export function townDateTime(value: unknown): string | null {
  if (!value) return null;
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return null;
  return `${new Date(date.getTime() + 3 * 3600 * 1000).toISOString().slice(0, 19)}+03:00`;
}

/**
 * The attributes a public answer reads: nothing of the citizen (name, e-mail, phone), no internal
 * note, no assignee, no tag. What is not read cannot leak.
 */
export const PUBLIC_FIELDS = [
  'reference',
  'type',
  'description',
  'report_status',
  'status',
  'service',
  'address',
  'latitude',
  'longitude',
  'mediaUrl',
  'createdAt',
  'updatedAt',
  'slaTarget',
] as const;

export type PublicReport = Partial<Record<(typeof PUBLIC_FIELDS)[number], any>> & { documentId?: string; photos?: { url?: string }[] };

/**
 * Whether the town publishes what a report says (its text, place, picture): once approved, and never once
 * rejected. A report awaiting moderation is anyone's text to anyone; a rejected one (spam, an insult, a
 * private matter) is what the town refused to take up.
 */
export const contentIsPublished = (status: string) => status !== MODERATION_STATUS && status !== 'rejete';

/** What a report whose content is not published leaves out: everything its citizen wrote or pointed at. */
const WITHHELD = { description: null, agency_responsible: null, expected_datetime: null, address: null, zipcode: null, lat: null, long: null, media_url: null } as const;

/**
 * A report as a GeoReport v2 service request. `origin` makes a stored photo's address absolute. A report whose
 * content is not published answers what its citizen needs to follow it and nothing they wrote: its reference,
 * type, dates, status and the town's note (« en cours de vérification », the reason of a rejection).
 */
export function serviceRequestOf(report: PublicReport, origin: string, statusNotes: string | null = null): Record<string, unknown> {
  const status = report.report_status ?? report.status ?? 'nouveau';
  const photo = report.photos?.[0]?.url;
  return {
    service_request_id: report.reference,
    status: open311Status(status),
    // The latest public reply to the citizen.
    status_notes: statusNotes,
    service_name: report.type ?? null,
    service_code: report.type ? serviceCodeOf(report.type) : '',
    description: report.description ?? null,
    agency_responsible: report.service ?? null,
    service_notice: null,
    requested_datetime: townDateTime(report.createdAt),
    updated_datetime: townDateTime(report.updatedAt),
    expected_datetime: townDateTime(report.slaTarget),
    address: report.address ?? null,
    address_id: null,
    zipcode: '97600',
    lat: typeof report.latitude === 'number' ? report.latitude : null,
    long: typeof report.longitude === 'number' ? report.longitude : null,
    media_url: report.mediaUrl ?? (photo ? new URL(photo, origin).toString() : null),
    ...(contentIsPublished(status) ? {} : WITHHELD),
  };
}

/**
 * The public reports matching `filters` (only those staff left public, and not those awaiting
 * moderation unless `withPending`), newest first, at most `limit`.
 */
export async function publicReports(strapi: Core.Strapi, filters: Record<string, unknown>, limit: number, { withPending = false } = {}): Promise<PublicReport[]> {
  const visible: Record<string, unknown>[] = [filters, { $or: [{ isPublic: true }, { isPublic: { $null: true } }] }];
  if (!withPending) visible.push({ $or: [{ report_status: { $ne: MODERATION_STATUS } }, { report_status: { $null: true } }] });
  return (await strapi.documents(REPORT).findMany({
    filters: { $and: visible },
    fields: [...PUBLIC_FIELDS] as any,
    populate: { photos: { fields: ['url'] } } as any,
    sort: 'createdAt:desc',
    limit,
  } as any)) as PublicReport[];
}
