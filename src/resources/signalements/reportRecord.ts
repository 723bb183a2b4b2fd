import { slaStatusOf } from '@mamoudzou/domain/sla';
import {
  effectiveReportStatus,
  REPORT_STATUS_LABELS,
  SLA_STATUS_LABELS,
  type ReportStatus,
  type SlaStatus,
} from '@mamoudzou/domain/vocabulary';
import { messages as l } from './messages';

/** A report as the server answers it, shown by the helpers below in the vocabulary of domain/vocabulary.ts. */
export type Report = Record<string, unknown> & { id: string | number };

export const reportTitle = (r: Record<string, unknown>): string => (r.title as string) || (r.type as string) || l.defaultTitle;

export const reportStatus = (r: Record<string, unknown>): ReportStatus =>
  effectiveReportStatus(r.report_status as string | undefined, r.status as string | undefined);

export const reportStatusLabel = (r: Record<string, unknown>): string => REPORT_STATUS_LABELS[reportStatus(r)] ?? l.unknownStatus;

export const reportSla = (r: Record<string, unknown>): SlaStatus | undefined =>
  ((r.slaStatus as SlaStatus | undefined) ||
    slaStatusOf({ report_status: reportStatus(r), slaTarget: r.slaTarget as string | undefined, slaWarningAt: r.slaWarningAt as string | undefined, closedAt: r.closedAt as string | undefined })) ??
  undefined;

export const reportSlaLabel = (r: Record<string, unknown>): string => {
  const sla = reportSla(r);
  return (sla && SLA_STATUS_LABELS[sla]) || l.slaUndefined;
};

/** A coordinate to 6 decimals, or undefined when it is not a number. */
export function formatCoordinate(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(6) : undefined;
}

export const hasCoordinates = (r: Record<string, unknown>) =>
  formatCoordinate(r.latitude) !== undefined && formatCoordinate(r.longitude) !== undefined;

/** OpenStreetMap centred on the point, with a marker. */
export function mapUrl(latitude: unknown, longitude: unknown): string {
  const lat = formatCoordinate(latitude);
  const lon = formatCoordinate(longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

/** Tags and internal notes are lists of text; tolerate a single string. */
export function textList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v)).filter((v) => v.trim() !== '');
  if (typeof value === 'string' && value.trim()) return [value];
  return [];
}

/** Photos normalised by the provider ({url,...}); failing those, images, gallery or photo, plain URLs too. */
export function reportPhotos(r: Record<string, unknown>): { id?: string | number; url: string; name?: string }[] {
  for (const key of ['photos', 'images', 'gallery', 'photo']) {
    const value = r[key];
    const list = Array.isArray(value) ? value : value ? [value] : [];
    const photos = list
      .map((p) => (typeof p === 'string' ? { url: p } : (p as { id?: number; url?: string; name?: string })))
      .filter((p): p is { id?: number; url: string; name?: string } => !!p && typeof p.url === 'string' && !!p.url);
    if (photos.length) return photos;
  }
  return [];
}
