/**
 * GET /api/reports/figures: what a manager runs the service by, for a period of town days (Mayotte)
 * beside the period of the same length just before it. Computed by the backend over every report.
 */

const DAY = 24 * 3600 * 1000;
/** Mayotte keeps UTC+3 all year. */
const TOWN_OFFSET = 3 * 3600 * 1000;
/** A period may span 5 years at most. */
export const MAX_PERIOD_DAYS = 5 * 365 + 1;

/** The first instant of a town day (YYYY-MM-DD), in UTC. */
export const townDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - TOWN_OFFSET);
/** The town day of an instant. */
export const townDayOf = (date: Date): string => new Date(date.getTime() + TOWN_OFFSET).toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

export interface Period {
  /** First and last town days, both included. */
  from: string;
  to: string;
}

/** A period as asked, or the French reason it is refused. */
export function checkPeriod(from: unknown, to: unknown): { ok: true; period: Period } | { ok: false; message: string } {
  if (!isDay(from) || !isDay(to)) return { ok: false, message: 'Période invalide : dates de début et de fin attendues (AAAA-MM-JJ)' };
  if (from > to) return { ok: false, message: 'Période invalide : la date de début doit précéder la date de fin' };
  if (periodDays({ from, to }) > MAX_PERIOD_DAYS) return { ok: false, message: 'Période trop longue : 5 ans au plus' };
  return { ok: true, period: { from, to } };
}

export const periodDays = (p: Period) => Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / DAY) + 1;

/** The period of the same length just before. */
export function previousPeriod(p: Period): Period {
  const days = periodDays(p);
  return { from: addDays(p.from, -days), to: addDays(p.from, -1) };
}

/** The instants a period covers: [start, end). */
export const periodBounds = (p: Period) => ({ start: townDayStart(p.from), end: townDayStart(addDays(p.to, 1)) });

/** The periods the page offers: 7, 30, 90 days and this year end today; « custom » is chosen by hand. */
export const PERIOD_PRESETS = ['7', '30', '90', 'year', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now: Date = new Date()): Period {
  const today = townDayOf(now);
  if (preset === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today };
  return { from: addDays(today, -(Number(preset) - 1)), to: today };
}

/** Durations in hours: how many, the median and the 90th percentile (nearest rank). */
export interface Durations {
  count: number;
  median: number | null;
  p90: number | null;
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1];
}

export const durationsOf = (sortedHours: readonly number[]): Durations => ({
  count: sortedHours.length,
  median: percentile(sortedHours, 0.5),
  p90: percentile(sortedHours, 0.9),
});

export interface OnTime {
  /** Reports closed within the period. */
  closed: number;
  /** Of them, closed by their target. */
  onTime: number;
  /** Percent, one decimal; null without closed reports. */
  rate: number | null;
}

export interface PeriodTotals {
  received: number;
  closed: number;
  /** Open at the period's end, and how old (days, median and 90th percentile). */
  backlog: { count: number; ageDays: Durations };
  firstResponse: Durations;
  resolution: Durations;
  onTime: OnTime;
}

/** A row of a table by type, zone or service. */
export interface GroupFigures {
  key: string;
  received: number;
  closed: number;
  firstResponse: Durations;
  resolution: Durations;
  onTime: OnTime;
}

export interface ReportFigures {
  period: Period;
  previousPeriod: Period;
  current: PeriodTotals;
  previous: PeriodTotals;
  byType: GroupFigures[];
  byZone: GroupFigures[];
  byService: GroupFigures[];
  byPriority: GroupFigures[];
  /** Open reports now, counted by cell of about 500 m (the cell's centre). */
  density: { latitude: number; longitude: number; count: number }[];
  /** « Est-ce réparé ? »: the citizens' answers about the reports resolved in each period. */
  confirmedRepair?: { current: ConfirmedRepair; previous: ConfirmedRepair };
}

/** The answers to « Est-ce réparé ? » about closings of a period: how many, how many « oui », and their share. */
export interface ConfirmedRepair {
  answers: number;
  fixed: number;
  /** Percent, one decimal; null without answers. */
  rate: number | null;
}

export const confirmedRepairOf = (answers: number, fixed: number): ConfirmedRepair => ({ answers, fixed, rate: answers ? Math.round((fixed / answers) * 1000) / 10 : null });

export const FIGURE_DIMENSIONS = ['type', 'zone', 'service', 'priority'] as const;
export type FigureDimension = (typeof FIGURE_DIMENSIONS)[number];

export const onTimeOf = (closed: number, onTime: number): OnTime => ({ closed, onTime, rate: closed ? Math.round((onTime / closed) * 1000) / 10 : null });
