import type { Durations } from '@mamoudzou/domain/figures';
import { format } from '../../i18n/fr';
import { messages as t } from './messages';

const decimal = (n: number) => n.toLocaleString('fr-FR', { maximumFractionDigits: 1 });

/** A duration in hours as staff read it: hours under two days, days beyond (« 5,2 h », « 3,5 j »). */
export function durationText(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return t.summary.none;
  return hours < 48 ? format(t.units.hours, { n: decimal(hours) }) : format(t.units.days, { n: decimal(hours / 24) });
}

export const medianText = (d: Durations) => durationText(d.median);
export const p90Text = (d: Durations) => durationText(d.p90);

/** A percent with one decimal, or a dash when nothing was closed. */
export const rateText = (rate: number | null) => (rate === null ? t.summary.none : `${decimal(rate)} %`);

/** A town day (YYYY-MM-DD) as French staff write it. */
export const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
