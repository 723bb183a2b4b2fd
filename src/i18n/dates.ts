import { format as formatDateFns, isValid, parseISO } from 'date-fns';
import { fr as frLocale } from 'date-fns/locale';

/**
 * Dates in French and in the town's time zone: instants are stored in UTC and
 * shown in Indian/Mayotte (UTC+3) whatever the browser's zone. date-fns formats a Date's local
 * fields, so an instant is first turned into its wall clock in Mayotte (Intl.DateTimeFormat knows
 * the zone: no extra package). Calendar dates ("2026-03-02") and times without a zone are already
 * the town's and are never shifted.
 */

/** date-fns' French locale, weeks starting on Monday, as in France. */
export const dateLocale = { ...frLocale, options: { ...frLocale.options, weekStartsOn: 1 as const } };

export const TOWN_TIME_ZONE = 'Indian/Mayotte';
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';
export const DATE_FORMAT = 'dd/MM/yyyy';

/** "2026-03-02" or "2026-03-02T10:00[:00[.000]]": a wall clock, no zone said. */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallClock {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** The wall clock of an instant in a time zone, as Intl tells it. */
function intlWallClock(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: instant.getUTCMilliseconds(),
  };
}

/**
 * Offsets from UTC by zone and UTC day, for the days whose offset does not change (null: a day with
 * a change, asked to Intl date by date): an export of 50,000 reports asks Intl twice per day of
 * dates, not once per date (formatToParts is slow).
 */
const DAY_MS = 24 * 3600 * 1000;
const dayOffsets = new Map<string, number | null>();
const intlOffset = (time: number, timeZone: string) => {
  const w = intlWallClock(new Date(time), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(time / 1000) * 1000;
};

/**
 * The town's offset, known without Intl: Mayotte has kept UTC+3 without summer time since 1942 (the time zone
 * database's Indian/Mayotte, a link to Africa/Nairobi). Intl's first time zone formatter loads its data, some
 * 40 ms of a phone's first list (CPU slowed 4×); earlier instants and other zones still ask it.
 */
const TOWN_FIXED_SINCE = Date.UTC(1942, 7, 1);
const TOWN_OFFSET_MS = 3 * 3600 * 1000;

/** The wall clock of an instant in a time zone. */
export function wallClockOf(instant: Date, timeZone: string = TOWN_TIME_ZONE): WallClock {
  const time = instant.getTime();
  if (!Number.isFinite(time)) return intlWallClock(instant, timeZone);
  const day = Math.floor(time / DAY_MS) * DAY_MS;
  const key = `${timeZone}|${day}`;
  let offset = timeZone === TOWN_TIME_ZONE && time >= TOWN_FIXED_SINCE ? TOWN_OFFSET_MS : dayOffsets.get(key);
  if (offset === undefined) {
    const atStart = intlOffset(day, timeZone);
    offset = atStart === intlOffset(day + DAY_MS - 1000, timeZone) ? atStart : null;
    if (dayOffsets.size > 20_000) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  if (offset === null) return intlWallClock(instant, timeZone);
  const shifted = new Date(time + offset);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    millisecond: shifted.getUTCMilliseconds(),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (+3 h for Mayotte). */
export function zoneOffset(instant: Date, timeZone: string = TOWN_TIME_ZONE): number {
  const w = wallClockOf(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond) - instant.getTime();
}

/** The instant at which the zone's clocks show this wall clock. */
export function instantOf(wall: Pick<WallClock, 'year' | 'month' | 'day'> & Partial<WallClock>, timeZone: string = TOWN_TIME_ZONE): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0, wall.second ?? 0, wall.millisecond ?? 0);
  // The offset at the guess, then again at the result (right across a change of offset).
  let instant = asUtc - zoneOffset(new Date(asUtc), timeZone);
  instant = asUtc - zoneOffset(new Date(instant), timeZone);
  return new Date(instant);
}

/**
 * A Date whose local fields are the town's wall clock at that instant, for date-fns (formatting,
 * calendars). Only for display and day arithmetic: it is not the same instant.
 */
export function townClock(instant: Date): Date {
  const w = wallClockOf(instant);
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/**
 * A value as a Date to format: an instant (a Date, a number, an ISO string with Z or an offset) as
 * the town's wall clock; a calendar date or a time without zone as it is written.
 */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return isValid(value) ? townClock(value) : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? townClock(new Date(value)) : undefined;
  if (typeof value === 'string' && value) {
    // The API's instants ("2026-03-02T07:00:00.000Z") read natively: parseISO is slow over an export's 50,000 rows.
    const date = ISO_INSTANT.test(value) ? new Date(value) : parseISO(value);
    if (!isValid(date)) return undefined;
    return WALL_CLOCK.test(value) ? date : townClock(date);
  }
  return undefined;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** Formats a date in French in the town's time zone; '' when the value is not a date. */
export function formatDate(value: unknown, pattern: string = DATE_TIME_FORMAT): string {
  const date = toDate(value);
  if (!date) return '';
  // The two patterns of every list and export, written directly (date-fns' format is slow over 50,000 rows).
  if (pattern === DATE_TIME_FORMAT) return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear(), 4)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (pattern === DATE_FORMAT) return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear(), 4)}`;
  return formatDateFns(date, pattern, { locale: dateLocale });
}

/** Today in the town, "yyyy-MM-dd" (an event's default date, the "upcoming" filter). */
export function townToday(now: Date = new Date()): string {
  const w = wallClockOf(now);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** An instant as the value of a datetime-local input, in the town's zone: "2026-03-02T10:00". */
export function toTownInput(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && WALL_CLOCK.test(value) && value.length >= 16) return value.slice(0, 16).replace(' ', 'T');
  const instant = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  if (!instant || !isValid(instant)) return '';
  const w = wallClockOf(instant);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** A datetime-local input's value, read as the town's wall clock, as the UTC instant to store (ISO); null when empty or invalid. */
export function fromTownInput(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(text ?? '');
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return instantOf({ year, month, day, hour, minute, second: second || 0 }).toISOString();
}

/** Now as a datetime-local value in the town (an article's default date). */
export const townNowInput = (now: Date = new Date()) => toTownInput(now);

/** The first instant of the town's current month and of the next one, as ISO strings ("Ce mois" of instants). */
export function townMonthRange(now: Date = new Date()): { from: string; to: string } {
  const w = wallClockOf(now);
  const from = instantOf({ year: w.year, month: w.month, day: 1 });
  const to = instantOf({ year: w.month === 12 ? w.year + 1 : w.year, month: w.month === 12 ? 1 : w.month + 1, day: 1 });
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The first and last calendar days of the town's current month, "yyyy-MM-dd". */
export function townMonthDays(now: Date = new Date()): { first: string; last: string } {
  const w = wallClockOf(now);
  const last = new Date(Date.UTC(w.year, w.month, 0)).getUTCDate();
  return { first: `${w.year}-${pad(w.month)}-01`, last: `${w.year}-${pad(w.month)}-${pad(last)}` };
}

/** A local Date (a calendar day) as "yyyy-MM-dd". */
export const dayKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** "yyyy-MM-dd" as a local Date at midnight (calendar arithmetic with date-fns). */
export function parseDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** A time input's "HH:mm" as Strapi's time ("18:00" → "18:00:00.000"); null when empty. Times are the town's wall clock. */
export function toStrapiTime(input: string | null | undefined): string | null {
  const match = /^(\d{2}):(\d{2})/.exec(input ?? '');
  return match ? `${match[1]}:${match[2]}:00.000` : null;
}

/** Strapi's time as the time input shows it ("18:00:00.000" → "18:00"). */
export const fromStrapiTime = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 5) : '');

/** A calendar day (a local Date at midnight, never an instant) in French: no time zone applies. */
export const formatDay = (day: Date, pattern: string) => formatDateFns(day, pattern, { locale: dateLocale });

/** A day typed in the town ("yyyy-MM-dd") as the UTC instant of its start, or of its last millisecond (`end`): a date-range filter's bound. */
export function townDayBound(day: string, end = false): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = instantOf({ year, month, day: date + (end ? 1 : 0) });
  return new Date(start.getTime() - (end ? 1 : 0)).toISOString();
}

/** The town's day of an instant ("yyyy-MM-dd"), '' when it is not one: what a date filter shows. */
export function townDayOf(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? '' : townToday(instant);
}
