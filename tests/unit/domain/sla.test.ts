import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@mamoudzou/domain/settings';
import { settingsSchema } from '@mamoudzou/domain/settings-schema';
import {
  addWorkingHours,
  dueNotice,
  escalationAt,
  mayotteHolidays,
  nextReminderAt,
  slaHoursFor,
  slaScheduleFor,
  slaStatusOf,
  townDateTime,
  type ServiceLevelSettings,
} from '@mamoudzou/domain/sla';
import { checkPeriod, durationsOf, percentile, presetPeriod, previousPeriod, periodBounds } from '@mamoudzou/domain/figures';

/** Service levels: targets in calendar or working hours (Mayotte time, UTC+3), holidays, closing, reminders. */
const settings: ServiceLevelSettings = {
  ...DEFAULT_SETTINGS,
  publicHolidays: mayotteHolidays(2026),
};
const working: ServiceLevelSettings = { ...settings, slaWorkingHoursOnly: true, workingHours: { start: '07:30', end: '15:30' } };
/** A town time (Mayotte) as an instant. */
const town = (local: string) => new Date(`${local}+03:00`);

describe('targets in calendar hours', () => {
  it('adds the priority delay (today’s values by default) or the type’s override', () => {
    expect(slaHoursFor(settings, 'critique')).toBe(24);
    expect(slaHoursFor(settings, 'basse')).toBe(336);
    expect(slaHoursFor(settings, 'inconnue')).toBe(168);
    const withOverride = { ...settings, slaTypeOverrides: [{ type: 'Voirie', priority: 'critique' as const, hours: 6 }] };
    expect(slaHoursFor(withOverride, 'critique', 'Voirie')).toBe(6);
    expect(slaHoursFor(withOverride, 'haute', 'Voirie')).toBe(72);
    expect(slaHoursFor(withOverride, 'critique', 'Propreté')).toBe(24);
    const { slaTarget, slaWarningAt } = slaScheduleFor({ priority: 'critique' }, town('2026-11-27T16:00:00'), settings);
    expect(slaTarget.toISOString()).toBe(town('2026-11-28T16:00:00').toISOString());
    expect(slaWarningAt.toISOString()).toBe(town('2026-11-28T10:00:00').toISOString());
  });
});

describe('targets in working hours (Monday to Friday, 07:30–15:30, holidays skipped)', () => {
  it('counts only the open hours of working days, in town time', () => {
    // Thursday 14:00 + 4 h: 1 h 30 on Thursday, 2 h 30 on Friday from 07:30.
    expect(addWorkingHours(town('2026-11-26T14:00:00'), 4, working).toISOString()).toBe(town('2026-11-27T10:00:00').toISOString());
    // Friday 15:00 + 1 h: half an hour on Friday, the weekend skipped, Monday 08:00.
    expect(addWorkingHours(town('2026-11-27T15:00:00'), 1, working).toISOString()).toBe(town('2026-11-30T08:00:00').toISOString());
    // Saturday night: starts Monday at opening.
    expect(addWorkingHours(town('2026-11-28T23:00:00'), 8, working).toISOString()).toBe(town('2026-11-30T15:30:00').toISOString());
    // Before opening on a working day: from the opening.
    expect(addWorkingHours(town('2026-11-30T05:00:00'), 2, working).toISOString()).toBe(town('2026-11-30T09:30:00').toISOString());
  });

  it('skips Mayotte’s public holidays: 27 April (abolition of slavery), Easter Monday…', () => {
    expect(mayotteHolidays(2026)).toEqual(
      expect.arrayContaining(['2026-01-01', '2026-04-06', '2026-04-27', '2026-05-01', '2026-05-08', '2026-05-14', '2026-05-25', '2026-07-14', '2026-08-15', '2026-11-01', '2026-11-11', '2026-12-25']),
    );
    expect(mayotteHolidays(2026)).toHaveLength(12);
    // Friday 24 April 15:00 + 2 h: 30 min Friday, Monday 27 April is a holiday, Tuesday 28 from 07:30.
    expect(addWorkingHours(town('2026-04-24T15:00:00'), 2, working).toISOString()).toBe(town('2026-04-28T09:00:00').toISOString());
    // The same without the holiday in the list: Monday.
    expect(addWorkingHours(town('2026-04-24T15:00:00'), 2, { ...working, publicHolidays: [] }).toISOString()).toBe(town('2026-04-27T09:00:00').toISOString());
  });

  it('a critique report filed on Friday evening is due on Wednesday at 15:30 (24 working hours: three days)', () => {
    const { slaTarget, slaWarningAt } = slaScheduleFor({ priority: 'critique' }, town('2026-11-27T18:00:00'), working);
    expect(slaTarget.toISOString()).toBe(town('2026-12-02T15:30:00').toISOString());
    // 75 % = 18 working hours: Monday 8 h, Tuesday 8 h, Wednesday 2 h.
    expect(slaWarningAt.toISOString()).toBe(town('2026-12-02T09:30:00').toISOString());
    expect(townDateTime(slaTarget)).toBe('02/12/2026 à 15:30');
  });
});

describe('the SLA status', () => {
  const created = town('2026-11-27T08:00:00');
  const { slaTarget, slaWarningAt } = slaScheduleFor({ priority: 'critique' }, created, settings);
  const at = (hours: number) => new Date(created.getTime() + hours * 3600_000);

  it('open: on time, then close to the deadline from the reminder share, then late', () => {
    expect(slaStatusOf({ report_status: 'nouveau', slaTarget, slaWarningAt }, at(1))).toBe('dans_les_temps');
    expect(slaStatusOf({ report_status: 'en_cours', slaTarget, slaWarningAt }, at(18))).toBe('proche_echeance');
    expect(slaStatusOf({ report_status: 'en_attente', slaTarget, slaWarningAt }, at(24.01))).toBe('depasse');
  });

  it('closed: frozen on time or late at the moment of closing, never « Proche échéance »', () => {
    // Resolved 7 seconds after creation: on time, whenever it is read.
    expect(slaStatusOf({ report_status: 'resolu', slaTarget, slaWarningAt, closedAt: new Date(created.getTime() + 7000) }, at(1000))).toBe('dans_les_temps');
    expect(slaStatusOf({ report_status: 'resolu', slaTarget, slaWarningAt, closedAt: at(23) }, at(23))).toBe('dans_les_temps');
    expect(slaStatusOf({ report_status: 'rejete', slaTarget, slaWarningAt, closedAt: at(25) }, at(25))).toBe('depasse');
  });

  it('a change of priority computes the target again from the creation', () => {
    const raised = slaScheduleFor({ priority: 'critique' }, created, settings);
    const lowered = slaScheduleFor({ priority: 'basse' }, created, settings);
    expect((lowered.slaTarget.getTime() - created.getTime()) / 3600_000).toBe(336);
    expect(raised.slaTarget.getTime()).toBeLessThan(lowered.slaTarget.getTime());
  });

  it('the reminder due: the latest one only', () => {
    const report = { slaTarget, slaWarningAt };
    expect(dueNotice(report, at(17), settings)).toBeUndefined();
    expect(dueNotice(report, at(18), settings)).toBe('warning');
    expect(dueNotice(report, at(24), settings)).toBe('deadline');
    expect(escalationAt(slaTarget, settings).toISOString()).toBe(at(48).toISOString());
    expect(dueNotice(report, at(48), settings)).toBe('escalation');
  });

  it('when the next reminder falls due, given the latest sent: the one dueNotice then gives, none once escalated or closed', () => {
    const open = { report_status: 'en_cours', slaTarget, slaWarningAt };
    const next = (slaNotified: number | null, report: Record<string, unknown> = open) => nextReminderAt({ ...report, slaNotified }, settings)?.toISOString() ?? null;
    expect(next(null)).toBe(at(18).toISOString());
    expect(next(1)).toBe(at(24).toISOString());
    expect(next(2)).toBe(at(48).toISOString());
    expect(next(3)).toBeNull();
    // At each of those times, the reminder due is the next level: the job never reads a report with nothing to send.
    for (const [sent, kind] of [[null, 'warning'], [1, 'deadline'], [2, 'escalation']] as const) expect(dueNotice(open, new Date(next(sent)!), settings)).toBe(kind);
    expect(next(null, { ...open, report_status: 'resolu' })).toBeNull();
    expect(next(null, { ...open, slaTarget: null })).toBeNull();
    // Without a reminder time, the deadline comes first; the escalation follows the settings (working hours here).
    expect(next(null, { ...open, slaWarningAt: null })).toBe(at(24).toISOString());
    expect(nextReminderAt({ ...open, slaNotified: 2 }, working)?.toISOString()).toBe(escalationAt(slaTarget, working).toISOString());
  });
});

describe('the settings’ bounds (shared by the form and the backend)', () => {
  const check = (data: Record<string, unknown>) => settingsSchema.partial().safeParse(data);
  it('refuses a delay outside 1 hour – 365 days and a share outside 10–100 %, in French', () => {
    expect(check({ slaHours: { critique: 1, haute: 8760, normale: 168, basse: 336 } }).success).toBe(true);
    const bad = check({ slaHours: { critique: 0, haute: 8761, normale: 1.5, basse: 336 } });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message]).sort()).toEqual([
      ['slaHours.critique', "Délai attendu : un nombre entier d'heures de 1 à 8760 (365 jours)"],
      ['slaHours.haute', "Délai attendu : un nombre entier d'heures de 1 à 8760 (365 jours)"],
      ['slaHours.normale', "Délai attendu : un nombre entier d'heures de 1 à 8760 (365 jours)"],
    ]);
    expect(check({ slaReminderPercent: 9 }).error!.issues[0].message).toBe('Part du délai attendue : un nombre entier de 10 à 100 %');
    expect(check({ slaReminderPercent: 100 }).success).toBe(true);
    expect(check({ slaTypeOverrides: [{ type: 'Voirie', priority: 'haute', hours: 5 }, { type: 'Voirie', priority: 'haute', hours: 6 }] }).error!.issues[0].message).toBe(
      'Délai en double pour Voirie (Haute)',
    );
  });
});

describe('periods of the figures (town days)', () => {
  it('presets end today in Mayotte; the previous period has the same length', () => {
    // 22:30 UTC on 31 December is already 1 January in Mayotte.
    expect(presetPeriod('year', new Date('2026-12-31T22:30:00Z'))).toEqual({ from: '2027-01-01', to: '2027-01-01' });
    expect(presetPeriod('7', new Date('2026-11-25T12:00:00Z'))).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(previousPeriod({ from: '2026-11-19', to: '2026-11-25' })).toEqual({ from: '2026-11-12', to: '2026-11-18' });
    expect(periodBounds({ from: '2026-11-19', to: '2026-11-25' })).toEqual({ start: new Date('2026-11-18T21:00:00Z'), end: new Date('2026-11-25T21:00:00Z') });
  });

  it('refuses an inverted period or one over 5 years', () => {
    expect(checkPeriod('2026-02-01', '2026-01-01')).toEqual({ ok: false, message: 'Période invalide : la date de début doit précéder la date de fin' });
    expect(checkPeriod('2020-01-01', '2025-01-03')).toEqual({ ok: false, message: 'Période trop longue : 5 ans au plus' });
    expect(checkPeriod('2021-01-01', '2025-12-31').ok).toBe(true);
  });

  it('median and 90th percentile by nearest rank', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(durationsOf([2, 5, 9, 30])).toEqual({ count: 4, median: 5, p90: 30 });
    expect(durationsOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual({ count: 10, median: 5, p90: 9 });
  });
});
