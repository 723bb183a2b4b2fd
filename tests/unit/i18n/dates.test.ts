import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, fromTownInput, townMonthDays, townMonthRange, townToday, toTownInput, wallClockOf } from '../../../src/i18n/dates';

/**
 * Dates are stored in UTC and shown in Indian/Mayotte (UTC+3) whatever the machine's zone:
 * each case runs under several process time zones.
 */
const ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Europe/Paris'];
const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});
const inEveryZone = (check: () => void) => {
  for (const zone of ZONES) {
    process.env.TZ = zone;
    check();
  }
};

describe('the town time zone', () => {
  it('shows an instant in Mayotte time', () => {
    inEveryZone(() => {
      expect(formatDate('2026-03-02T07:00:00.000Z')).toBe('02/03/2026 10:00');
      expect(formatDate(new Date('2026-03-02T22:30:00Z'))).toBe('03/03/2026 01:30');
      expect(formatDate('2026-03-02T10:00:00+01:00', 'HH:mm')).toBe('12:00');
      expect(formatDate(Date.UTC(2026, 11, 31, 21, 0), 'EEEE d MMMM yyyy')).toBe('vendredi 1 janvier 2027');
    });
  });

  it('never shifts a calendar date or a time written without a zone', () => {
    inEveryZone(() => {
      expect(formatDate('2026-03-02', 'dd/MM/yyyy')).toBe('02/03/2026');
      expect(formatDate('2026-03-02', 'EEEE d MMMM')).toBe('lundi 2 mars');
      expect(formatDate('2025-03-04T05:06:00')).toBe('04/03/2025 05:06');
    });
  });

  it('an article date: 10:00 typed is stored as 07:00 UTC and shown as 10:00 again', () => {
    inEveryZone(() => {
      const stored = fromTownInput('2026-05-14T10:00');
      expect(stored).toBe('2026-05-14T07:00:00.000Z');
      expect(toTownInput(stored)).toBe('2026-05-14T10:00');
      expect(formatDate(stored)).toBe('14/05/2026 10:00');
      // Just after midnight in Mayotte is the day before in UTC.
      expect(fromTownInput('2026-01-01T01:30')).toBe('2025-12-31T22:30:00.000Z');
      expect(toTownInput('2025-12-31T22:30:00.000Z')).toBe('2026-01-01T01:30');
    });
    expect(fromTownInput('')).toBeNull();
    expect(toTownInput(null)).toBe('');
    expect(toTownInput('pas une date')).toBe('');
  });

  it('today, now and this month are the town\'s, not the machine\'s', () => {
    inEveryZone(() => {
      // 22:30 UTC on 31 January is already 1 February in Mayotte.
      const late = new Date('2026-01-31T22:30:00Z');
      expect(townToday(late)).toBe('2026-02-01');
      expect(toTownInput(late)).toBe('2026-02-01T01:30');
      expect(townMonthRange(late)).toEqual({ from: '2026-01-31T21:00:00.000Z', to: '2026-02-28T21:00:00.000Z' });
      expect(townMonthDays(late)).toEqual({ first: '2026-02-01', last: '2026-02-28' });
      expect(townMonthDays(new Date('2028-02-10T12:00:00Z')).last).toBe('2028-02-29');
      expect(townMonthRange(new Date('2026-12-15T12:00:00Z')).to).toBe('2026-12-31T21:00:00.000Z');
    });
  });
});

describe('the town’s clock without Intl', () => {
  // Intl as the reference: the time zone database Node carries.
  const intl = new Intl.DateTimeFormat('en-US', { timeZone: 'Indian/Mayotte', hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const byIntl = (instant: Date) => {
    const parts = Object.fromEntries(intl.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
    return [parts.year, parts.month, parts.day, parts.hour % 24, parts.minute, parts.second];
  };

  it('is Intl’s wall clock in Mayotte at every instant from 1942 to 2100 (each 6 days and 7 hours, and around each new year)', () => {
    const step = 6 * 24 * 3600 * 1000 + 7 * 3600 * 1000;
    const instants: Date[] = [];
    for (let t = Date.UTC(1942, 7, 1); t < Date.UTC(2100, 0, 1); t += step) instants.push(new Date(t));
    for (let year = 1943; year < 2100; year++) for (const minutes of [-181, -180, -179, -1, 0, 1]) instants.push(new Date(Date.UTC(year, 0, 1) + minutes * 60_000));
    const mismatches = instants.filter((instant) => {
      const w = wallClockOf(instant);
      return JSON.stringify([w.year, w.month, w.day, w.hour, w.minute, w.second]) !== JSON.stringify(byIntl(instant));
    });
    expect(instants.length).toBeGreaterThan(9_000);
    expect(mismatches).toEqual([]);
  });

  it('before 1942 it asks Intl, which knows the older offsets', () => {
    const instant = new Date(Date.UTC(1935, 5, 1, 12));
    const w = wallClockOf(instant);
    expect([w.year, w.month, w.day, w.hour, w.minute, w.second]).toEqual(byIntl(instant));
    expect(w.hour).not.toBe(15);
  });
});
