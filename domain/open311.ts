/**
 * The citizens' channel speaks Open311 GeoReport v2 (open311.org/GeoReport_v2): its vocabulary here,
 * read by the backend's server and the back-office's screens alike.
 */
import type { ReportStatus, ReportType } from './vocabulary';

/**
 * The address a report filed by position only is given (staff read the point there). Never a
 * citizen's words: a reply says its zone instead (response-templates.ts).
 */
export const gpsAddress = (latitude: number, longitude: number) => `Position GPS ${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
export const isGpsAddress = (address: string | null | undefined) => typeof address === 'string' && /^Position GPS -?\d/.test(address);

/** The one jurisdiction this server answers for; a request naming another is refused. */
export const JURISDICTION_ID = 'mamoudzou.yt';

/** A report type's service code: its name without accents, case or spaces (« Éclairage public »: eclairage-public). */
export function serviceCodeOf(typeName: string): string {
  return typeName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The report type a service code stands for, among the settings' types. */
export function reportTypeOfService(code: string, types: readonly ReportType[]): ReportType | undefined {
  return types.find((type) => serviceCodeOf(type.value) === code);
}

/** Open311 knows two states: a report still to be handled is open, a resolved or rejected one closed. */
export function open311Status(status: ReportStatus | string): 'open' | 'closed' {
  return status === 'resolu' || status === 'rejete' ? 'closed' : 'open';
}

/** The GeoReport v2 limits the server applies. */
export const OPEN311_LIMITS = {
  description: 4000,
  /** Most requests a GET requests answers. */
  requests: 1000,
  /** Widest start_date → end_date span, in days. */
  spanDays: 90,
  /** Default span when no date is given (GeoReport v2's suggestion). */
  defaultSpanDays: 90,
} as const;

/** Where a report came from when staff typed it (else the Open311 client's name). */
export const BACK_OFFICE_SOURCE = 'Back-office';

/**
 * A report's short reference, read aloud on the phone and printed on letters: MZ-{year}-{number},
 * the year of its creation in Mayotte and its number in the database, five digits at least.
 */
export function reportReference(createdAt: Date, id: number): string {
  const year = new Date(createdAt.getTime() + 3 * 3600 * 1000).getUTCFullYear();
  return `MZ-${year}-${String(id).padStart(5, '0')}`;
}

/** A reference as someone may type it (mz-2026-42, MZ 2026 00042): the stored form, or none. */
export function normalizeReference(text: string): string | undefined {
  const match = /^\s*mz[\s-]*(\d{4})[\s-]*(\d{1,9})\s*$/i.exec(text);
  return match ? `MZ-${match[1]}-${match[2].padStart(5, '0')}` : undefined;
}

/** A client's key starts so, for people and secret scanners to recognise it. */
export const OPEN311_KEY_PREFIX = 'mz311_';

/** The demo data's client (« Application citoyenne (démo) »): its key is printed by `npm start` and shown in the README, like the demo passwords. */
export const DEMO_OPEN311_CLIENT = { name: 'Application citoyenne (démo)', key: 'mz311_demo-mamoudzou-application-citoyenne' } as const;
