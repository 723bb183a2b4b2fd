import { REPORT_STATUS_LABELS, type ReportStatus } from '@mamoudzou/domain/vocabulary';
import { format } from '../i18n/fr-shell';
import { frLayout } from '../i18n/fr-layout';

const l = frLayout.offline;
const isFile = (value: unknown) => typeof Blob !== 'undefined' && value instanceof Blob;

/** How the queue's panel names a change the agent made offline, from what it sends. */
export function labelOfChange(data: Record<string, unknown>): string {
  const parts: string[] = [];
  const status = data.report_status as ReportStatus | undefined;
  if (status) parts.push(format(l.changeStatus, { status: REPORT_STATUS_LABELS[status] ?? status }));
  if ('service' in data || 'assignedTo' in data) {
    const who = [data.service, data.assignedTo].filter((v) => typeof v === 'string' && v).join(' · ');
    parts.push(format(l.changeAssignment, { who: who || l.nobody }));
  }
  // A file among the values: a photo taken on site (the reports' only files).
  if (Object.values(data).some((value) => (Array.isArray(value) ? value : [value]).some(isFile))) parts.push(l.photo);
  return parts.join(' ; ') || l.change;
}

/** A line written on a report's timeline: a reply to the citizen or an internal note. */
export function labelOfTimelineLine(body: unknown): string {
  const data = (body as { data?: { public?: unknown } } | undefined)?.data;
  return data?.public ? l.reply : l.note;
}
