/**
 * Opening hours of places and directory entries, and the open-now rule (Ouvert, Fermé, Horaires inconnus),
 * read in the town's time zone whatever the zone of the computer asking. Pure functions over the
 * shared OpeningHours shape; read by the SPA (cards, details, forms, CSV) and unit-tested.
 */
import { WEEKDAYS, type OpeningDay, type OpeningHours, type Weekday } from './vocabulary';

/** The town's time zone (Mayotte, UTC+3 all year). */
export const TOWN_TIME_ZONE = 'Indian/Mayotte';

export type OpenState = 'open' | 'closed' | 'unknown';

const TIME = /^([01]?\d|2[0-4]):([0-5]\d)$/;

/** Minutes since midnight of "HH:mm" ("24:00" is 1440); undefined when it is not a time. */
export function minutesOf(time: unknown): number | undefined {
  const match = typeof time === 'string' ? TIME.exec(time.trim()) : null;
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 1440 ? minutes : undefined;
}

const ENGLISH_DAYS: Record<string, Weekday> = {
  Monday: 'monday',
  Tuesday: 'tuesday',
  Wednesday: 'wednesday',
  Thursday: 'thursday',
  Friday: 'friday',
  Saturday: 'saturday',
  Sunday: 'sunday',
};

/** The weekday and the minutes since midnight of `at` in `timeZone` (Intl, never the computer's zone). */
export function localTime(at: Date, timeZone: string = TOWN_TIME_ZONE): { day: Weekday; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: ENGLISH_DAYS[part('weekday')], minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')) };
}

const previousDay = (day: Weekday): Weekday => WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7];

/** Whether the hours say anything at all (a day open or closed); none: the state is unknown. */
export function hasOpeningHours(hours: OpeningHours | null | undefined): hours is OpeningHours {
  return !!hours && typeof hours === 'object' && WEEKDAYS.some((day) => typeof hours[day]?.isOpen === 'boolean');
}

interface Span {
  open: number;
  close: number;
}

/** A period as minutes; open == close, or 00:00 to 23:59 / 24:00, is the whole day. */
function spanOf(period: { open?: unknown; close?: unknown }): Span | undefined {
  const open = minutesOf(period.open);
  const close = minutesOf(period.close);
  if (open === undefined || close === undefined) return undefined;
  if (open === close) return { open: 0, close: 1440 };
  return { open, close };
}

const periodsOf = (day: OpeningDay | undefined): Span[] =>
  day?.isOpen ? (day.periods ?? []).map(spanOf).filter((s): s is Span => !!s) : [];

/**
 * Open, closed or unknown at `at` (default now) in the town's time zone: open when the time is
 * within one of the day's periods, both bounds included; a period whose close is before its open
 * runs past midnight into the next day; no hours at all: unknown; a day not open: closed.
 */
export function openState(hours: OpeningHours | null | undefined, at: Date = new Date(), timeZone: string = TOWN_TIME_ZONE): OpenState {
  if (!hasOpeningHours(hours)) return 'unknown';
  const { day, minutes } = localTime(at, timeZone);
  for (const span of periodsOf(hours[day])) {
    if (span.close > span.open ? minutes >= span.open && minutes <= span.close : minutes >= span.open) return 'open';
  }
  // Yesterday's periods that run past midnight.
  for (const span of periodsOf(hours[previousDay(day)])) {
    if (span.close < span.open && minutes <= span.close) return 'open';
  }
  return 'closed';
}

/* ------------------------------------------------------------------------------------------------
 * The hours as one line of text, for CSV import and export: "lun-ven 07:30-15:30; sam 08:00-12:00, 14:00-17:00".
 * Days not named are closed; an empty text means no hours (unknown).
 * --------------------------------------------------------------------------------------------- */

export const DAY_ABBREVIATIONS: Record<Weekday, string> = {
  monday: 'lun',
  tuesday: 'mar',
  wednesday: 'mer',
  thursday: 'jeu',
  friday: 'ven',
  saturday: 'sam',
  sunday: 'dim',
};
const DAY_OF_ABBREVIATION = Object.fromEntries(Object.entries(DAY_ABBREVIATIONS).map(([day, abbr]) => [abbr, day as Weekday]));

const periodsText = (day: OpeningDay | undefined) =>
  day?.isOpen
    ? (day.periods ?? [])
        .filter((p) => spanOf(p))
        .map((p) => `${p.open}-${p.close}`)
        .join(', ')
    : '';

/** The hours as text, consecutive days with the same periods grouped ("lun-ven 07:30-15:30"). */
export function hoursToText(hours: OpeningHours | null | undefined): string {
  if (!hasOpeningHours(hours)) return '';
  const groups: { from: Weekday; to: Weekday; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const text = periodsText(hours[day]);
    const last = groups[groups.length - 1];
    if (text && last && last.text === text && WEEKDAYS.indexOf(last.to) === WEEKDAYS.indexOf(day) - 1) last.to = day;
    else if (text) groups.push({ from: day, to: day, text });
  }
  return groups
    .map((g) => `${DAY_ABBREVIATIONS[g.from]}${g.to !== g.from ? `-${DAY_ABBREVIATIONS[g.to]}` : ''} ${g.text}`)
    .join('; ');
}

/** Every day closed: the start of hours read from text. */
export function closedWeek(): OpeningHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, { isOpen: false, periods: [] }])) as OpeningHours;
}

const stripAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * Reads hours written as hoursToText writes them; answers null for an empty text and throws an
 * Error with a French message when the text cannot be read.
 */
export function hoursFromText(text: string | null | undefined): OpeningHours | null {
  const source = stripAccents(String(text ?? '')).toLowerCase().trim();
  if (!source) return null;
  const hours = closedWeek();
  for (const group of source.split(';').map((g) => g.trim()).filter(Boolean)) {
    const match = /^([a-z.]+)(?:\s*-\s*([a-z.]+))?\s+(.+)$/.exec(group);
    const from = match && DAY_OF_ABBREVIATION[match[1].replace(/\./g, '').slice(0, 3)];
    const to = match && (match[2] ? DAY_OF_ABBREVIATION[match[2].replace(/\./g, '').slice(0, 3)] : from);
    if (!match || !from || !to) throw new Error(`horaires illisibles « ${group} » (exemple : lun-ven 07:30-15:30)`);
    const periods = match[3].split(',').map((p) => {
      const [open, close] = p.split('-').map((t) => t.trim().replace('h', ':'));
      if (minutesOf(open) === undefined || minutesOf(close) === undefined) throw new Error(`horaire illisible « ${p.trim()} » (HH:mm-HH:mm)`);
      return { open: open.padStart(5, '0'), close: close.padStart(5, '0') };
    });
    const start = WEEKDAYS.indexOf(from);
    const end = WEEKDAYS.indexOf(to);
    for (let i = start; ; i = (i + 1) % 7) {
      hours[WEEKDAYS[i]] = { isOpen: true, periods };
      if (i === end) break;
    }
  }
  return hours;
}
