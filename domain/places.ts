/**
 * Figures and small rules of the points of interest and the directory, shared by the backend (which
 * computes the figures) and the SPA (which shows them). Pure functions.
 */

/** GET /api/pois/stats: figures over every point of interest. */
export interface PoiStats {
  total: number;
  byStatus: Record<string, number>;
  byCategory: Record<string, number>;
  /** Mean rating of the rated points (rating above 0), out of 5, to one decimal; null when none is rated. */
  averageRating: number | null;
  /** How many categories hold at least one point. */
  categories: number;
}

/** A rating average to one decimal, as the stat card shows it (4.25 → 4.3, 4.35 → 4.4); null stays null. */
export function roundRating(average: number | null | undefined): number | null {
  if (average === null || average === undefined || !Number.isFinite(Number(average))) return null;
  return Math.round((Number(average) + Number.EPSILON) * 10) / 10;
}

/** The first `max` items and how many more there are ("+n" after them). */
export function firstItems<T>(items: readonly T[] | null | undefined, max = 3): { shown: T[]; more: number } {
  const list = Array.isArray(items) ? items : [];
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) };
}

/** The emergency number a directory card shows beside the phone: only when it differs from it. */
export function distinctEmergencyPhone(phone: unknown, emergencyPhone: unknown): string | undefined {
  const digits = (value: unknown) => String(value ?? '').replace(/[^\d+]/g, '');
  const emergency = String(emergencyPhone ?? '').trim();
  return emergency && digits(emergency) !== digits(phone) ? emergency : undefined;
}

/** A `tel:` address for a phone number as staff type it ("+262 269 61 10 10" → "tel:+262269611010"). */
export const telHref = (phone: unknown) => `tel:${String(phone ?? '').replace(/[^\d+]/g, '')}`;

/** Markers of the reports map (GET /api/reports/in-area): what a marker needs, nothing more. */
export interface AreaReport {
  documentId: string;
  latitude: number;
  longitude: number;
  title: string;
  report_status: string;
  priority?: string | null;
}
/** Above the cap, groups of nearby reports (a grid over the visible area) with their count. */
export interface AreaCluster {
  latitude: number;
  longitude: number;
  count: number;
}
export interface AreaAnswer {
  /** Every report of the area matching the filters. */
  total: number;
  /** The reports themselves when total is within the cap... */
  data: AreaReport[];
  /** ...else groups of them (zoom in to see each report). */
  clusters: AreaCluster[];
  cap: number;
}
/** At most this many report markers in one answer; more are sent as groups. */
export const AREA_REPORT_CAP = 2000;
