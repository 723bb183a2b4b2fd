import { formatDate } from '../i18n/dates';

export type ExportFormat = 'csv' | 'html';

/** "{name}_{yyyy-MM-dd}.{ext}": the name of an export's file (apart from the exporter, which loads at the first export). */
export function exportFileName(name: string, ext: ExportFormat, now: Date = new Date()): string {
  return `${name}_${formatDate(now, 'yyyy-MM-dd')}.${ext}`;
}
