import { format as formatDateFns, isValid, parseISO } from 'date-fns';
import { fr as frLocale } from 'date-fns/locale';

/** date-fns' French locale, weeks starting on Monday (specification section 9). */
export const dateLocale = { ...frLocale, options: { ...frLocale.options, weekStartsOn: 1 as const } };

export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';
export const DATE_FORMAT = 'dd/MM/yyyy';

export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return isValid(value) ? value : undefined;
  if (typeof value === 'string' && value) {
    const date = parseISO(value);
    return isValid(date) ? date : undefined;
  }
  if (typeof value === 'number') return new Date(value);
  return undefined;
}

/** Formats a date in French; '' when the value is not a date. */
export function formatDate(value: unknown, pattern: string = DATE_TIME_FORMAT): string {
  const date = toDate(value);
  return date ? formatDateFns(date, pattern, { locale: dateLocale }) : '';
}
