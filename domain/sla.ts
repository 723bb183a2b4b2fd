/**
 * Service levels: how long the town gives itself to handle a report (a delay per priority, optionally
 * per type, counted in calendar hours or in the town hall's working hours), when staff are reminded,
 * and what a report's SLA status is: live while it is open, frozen when it is closed.
 */
import { OPEN_REPORT_STATUSES, type ReportPriority, type SlaStatus } from './vocabulary';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** Mayotte keeps UTC+3 all year (no summer time): town time is a fixed shift of UTC. */
const TOWN_OFFSET = 3 * HOUR;

export const SLA_BOUNDS = {
  /** A target: from 1 hour to 365 days. */
  hours: { min: 1, max: 365 * 24 },
  /** The reminder, as a share of the delay. */
  reminderPercent: { min: 10, max: 100 },
} as const;

export interface SlaTypeOverride {
  type: string;
  priority: ReportPriority;
  hours: number;
}

/** The settings the service levels read (domain/settings.ts holds their defaults). */
export interface ServiceLevelSettings {
  slaHours: Record<ReportPriority, number>;
  slaTypeOverrides: SlaTypeOverride[];
  slaWorkingHoursOnly: boolean;
  /** The town hall's opening hours, Monday to Friday, town time (HH:MM). */
  workingHours: { start: string; end: string };
  /** Days the town hall is closed (YYYY-MM-DD), besides weekends. */
  publicHolidays: string[];
  slaReminderPercent: number;
  /** How late (hours, counted like the target) a report is before the supervisors are told. */
  slaEscalationHours: number;
  /** Roles told of an escalation besides the administrators (role names). */
  slaEscalationRoles: string[];
}

/** The delay in hours for a report of this priority and type: a type's override, else the priority's. */
export function slaHoursFor(settings: Pick<ServiceLevelSettings, 'slaHours' | 'slaTypeOverrides'>, priority: string | null | undefined, type?: string | null): number {
  const level = ((priority as ReportPriority) in settings.slaHours ? priority : 'normale') as ReportPriority;
  const override = type ? settings.slaTypeOverrides.find((o) => o.type === type && o.priority === level) : undefined;
  return override?.hours ?? settings.slaHours[level];
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const dayKey = (townMs: number) => new Date(townMs).toISOString().slice(0, 10);

/**
 * The instant `hours` of work after `from`: each Monday to Friday that is not a holiday counts from
 * the opening to the closing time (town time); anything outside is skipped.
 */
export function addWorkingHours(from: Date, hours: number, calendar: Pick<ServiceLevelSettings, 'workingHours' | 'publicHolidays'>): Date {
  const open = minutesOf(calendar.workingHours.start) * 60 * 1000;
  const close = minutesOf(calendar.workingHours.end) * 60 * 1000;
  if (close <= open) return new Date(from.getTime() + hours * HOUR);
  const holidays = new Set(calendar.publicHolidays);
  let remaining = hours * HOUR;
  let town = from.getTime() + TOWN_OFFSET;
  // Bounded: 365 days of work are under 5 years of calendar days.
  for (let guard = 0; guard < 2000; guard++) {
    const midnight = Math.floor(town / DAY) * DAY;
    const weekday = new Date(midnight).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(dayKey(midnight))) {
      const start = Math.max(town, midnight + open);
      const end = midnight + close;
      if (start < end) {
        if (start + remaining <= end) return new Date(start + remaining - TOWN_OFFSET);
        remaining -= end - start;
      }
    }
    town = midnight + DAY;
  }
  return new Date(town - TOWN_OFFSET);
}

/** `hours` after `from`, in calendar hours or in working hours as the settings say. */
export function addSlaHours(from: Date, hours: number, settings: Pick<ServiceLevelSettings, 'slaWorkingHoursOnly' | 'workingHours' | 'publicHolidays'>): Date {
  return settings.slaWorkingHoursOnly ? addWorkingHours(from, hours, settings) : new Date(from.getTime() + hours * HOUR);
}

/** A report's target and the moment its reminder is due (the settings' share of the delay). */
export function slaScheduleFor(
  report: { priority?: string | null; type?: string | null },
  createdAt: Date,
  settings: ServiceLevelSettings,
): { slaTarget: Date; slaWarningAt: Date } {
  const hours = slaHoursFor(settings, report.priority, report.type);
  return {
    slaTarget: addSlaHours(createdAt, hours, settings),
    slaWarningAt: addSlaHours(createdAt, (hours * settings.slaReminderPercent) / 100, settings),
  };
}

/** When the supervisors are told: the settings' further delay after the target. */
export const escalationAt = (slaTarget: Date, settings: ServiceLevelSettings): Date => addSlaHours(slaTarget, settings.slaEscalationHours, settings);

const time = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : NaN);

/**
 * The SLA status of a report. Closed: on time or late against the moment it was closed, never « Proche
 * échéance ». Open: late past the target, close to it past the reminder (24 hours before the target when
 * a report has no reminder time), on time otherwise.
 */
export function slaStatusOf(
  report: { report_status?: string | null; slaTarget?: string | Date | null; slaWarningAt?: string | Date | null; closedAt?: string | Date | null },
  now: Date = new Date(),
): SlaStatus | undefined {
  const target = time(report.slaTarget);
  if (Number.isNaN(target)) return undefined;
  const open = !report.report_status || (OPEN_REPORT_STATUSES as readonly string[]).includes(report.report_status);
  if (!open) {
    const closed = time(report.closedAt);
    if (Number.isNaN(closed)) return undefined;
    return closed <= target ? 'dans_les_temps' : 'depasse';
  }
  const at = now.getTime();
  if (at > target) return 'depasse';
  const warning = time(report.slaWarningAt);
  if (at >= (Number.isNaN(warning) ? target - DAY : warning)) return 'proche_echeance';
  return 'dans_les_temps';
}

/** The kinds of reminder, in the order they come. */
export const SLA_NOTICE_KINDS = ['warning', 'deadline', 'escalation'] as const;
export type SlaNoticeKind = (typeof SLA_NOTICE_KINDS)[number];

/** The reminder a report is due now, the latest one only (a backend stopped for a day does not send three). */
export function dueNotice(
  report: { slaTarget: Date; slaWarningAt?: Date | null },
  now: Date,
  settings: ServiceLevelSettings,
): SlaNoticeKind | undefined {
  if (now.getTime() >= escalationAt(report.slaTarget, settings).getTime()) return 'escalation';
  if (now.getTime() >= report.slaTarget.getTime()) return 'deadline';
  if (report.slaWarningAt && now.getTime() >= report.slaWarningAt.getTime()) return 'warning';
  return undefined;
}

/**
 * When the next reminder of a report falls due, given the latest one sent (`slaNotified`: 1 the share of the delay,
 * 2 the deadline, 3 the escalation): the reminder time, then the target, then the escalation; none once escalated,
 * for a closed report, or without a target. Stored on the report (`nextReminderAt`, indexed), it lets the reminders'
 * job read only the reports that are due.
 */
export function nextReminderAt(
  report: { report_status?: string | null; slaTarget?: string | Date | null; slaWarningAt?: string | Date | null; slaNotified?: number | null },
  settings: ServiceLevelSettings,
): Date | null {
  const target = time(report.slaTarget);
  if (Number.isNaN(target)) return null;
  const open = !report.report_status || (OPEN_REPORT_STATUSES as readonly string[]).includes(report.report_status);
  const sent = report.slaNotified ?? 0;
  if (!open || sent >= SLA_NOTICE_KINDS.length) return null;
  if (sent >= 2) return escalationAt(new Date(target), settings);
  if (sent === 1) return new Date(target);
  const warning = time(report.slaWarningAt);
  return new Date(Number.isNaN(warning) ? target : Math.min(warning, target));
}

/** A moment as town staff read it: 26/11/2026 à 14:00 (Mayotte time). */
export function townDateTime(date: Date): string {
  const town = new Date(date.getTime() + TOWN_OFFSET).toISOString();
  return `${town.slice(8, 10)}/${town.slice(5, 7)}/${town.slice(0, 4)} à ${town.slice(11, 16)}`;
}

/** What a reminder says, in-app and by e-mail. */
export function slaNoticeContent(
  kind: SlaNoticeKind,
  report: { documentId: string; reference?: string | null; title?: string | null; service?: string | null; assignedTo?: string | null; slaTarget: Date },
  settings: Pick<ServiceLevelSettings, 'slaReminderPercent' | 'slaEscalationHours'>,
): { title: string; message: string; type: 'warning' | 'error'; url: string } {
  const ref = report.reference ?? 'sans référence';
  const name = `« ${report.title ?? ''} »`;
  const due = townDateTime(report.slaTarget);
  const url = `/signalements/${report.documentId}`;
  if (kind === 'warning')
    return { title: `Signalement ${ref} : échéance proche`, message: `${settings.slaReminderPercent} % du délai écoulé pour ${name}. À traiter avant le ${due} (heure de Mayotte).`, type: 'warning', url };
  if (kind === 'deadline')
    return { title: `Signalement ${ref} : échéance dépassée`, message: `Le délai de ${name} est arrivé à son terme le ${due} (heure de Mayotte).`, type: 'error', url };
  const who = [report.service, report.assignedTo].filter(Boolean).join(' · ') || 'non assigné';
  return {
    title: `Signalement ${ref} en retard`,
    message: `${name} (${who}) a dépassé son échéance du ${due} de plus de ${settings.slaEscalationHours} h.`,
    type: 'error',
    url,
  };
}

/** How a reminder is written on the report's timeline. */
export const SLA_NOTICE_LABELS: Record<SlaNoticeKind, string> = {
  warning: 'Échéance proche',
  deadline: 'Échéance dépassée',
  escalation: 'Retard signalé aux superviseurs',
};

// --- Public holidays of Mayotte -------------------------------------------------------------------

/** Easter Sunday (Gregorian calendar, Meeus/Jones/Butcher), at midnight UTC. */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const shift = (date: Date, days: number) => new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);

/** France's public holidays plus 27 April (abolition of slavery in Mayotte), for one year. */
export function mayotteHolidays(year: number): string[] {
  const sunday = easter(year);
  const fixed = ['01-01', '04-27', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'].map((md) => `${year}-${md}`);
  return [...fixed, shift(sunday, 1), shift(sunday, 39), shift(sunday, 50)].sort();
}
