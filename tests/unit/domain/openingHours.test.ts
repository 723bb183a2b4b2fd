import { afterEach, describe, expect, it } from 'vitest';
import { hoursFromText, hoursToText, localTime, openState } from '@mamoudzou/domain/openingHours';
import { WEEKDAYS, type OpeningHours, type Weekday } from '@mamoudzou/domain/vocabulary';

/** The open-now indicator (Ouvert, Fermé, Horaires inconnus), in Mayotte's time (UTC+3) whatever the computer's zone. */

const openOn = (days: readonly Weekday[], ...periods: [string, string][]): OpeningHours =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, days.includes(day) ? { isOpen: true, periods: periods.map(([open, close]) => ({ open, close })) } : { isOpen: false, periods: [] }]));
const WEEKDAYS_ONLY: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const townHall = openOn(WEEKDAYS_ONLY, ['07:30', '12:00'], ['13:30', '15:30']);

/** A moment given in Mayotte's local time (UTC+3): 2026-03-02 is a Monday. */
const mayotte = (isoLocal: string) => new Date(`${isoLocal}+03:00`);

describe('open now', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('is open inside a period and at both bounds, closed just outside', () => {
    expect(openState(townHall, mayotte('2026-03-02T09:00:00'))).toBe('open');
    expect(openState(townHall, mayotte('2026-03-02T07:30:00'))).toBe('open');
    expect(openState(townHall, mayotte('2026-03-02T12:00:00'))).toBe('open');
    expect(openState(townHall, mayotte('2026-03-02T15:30:00'))).toBe('open');
    expect(openState(townHall, mayotte('2026-03-02T07:29:00'))).toBe('closed');
    expect(openState(townHall, mayotte('2026-03-02T15:31:00'))).toBe('closed');
  });

  it('is closed between two periods and on a closed day', () => {
    expect(openState(townHall, mayotte('2026-03-02T12:45:00'))).toBe('closed');
    expect(openState(townHall, mayotte('2026-03-07T09:00:00'))).toBe('closed'); // Saturday
    expect(openState(townHall, mayotte('2026-03-08T09:00:00'))).toBe('closed'); // Sunday
  });

  it('is unknown without any opening hours', () => {
    expect(openState(null, mayotte('2026-03-02T09:00:00'))).toBe('unknown');
    expect(openState(undefined, mayotte('2026-03-02T09:00:00'))).toBe('unknown');
    expect(openState({}, mayotte('2026-03-02T09:00:00'))).toBe('unknown');
  });

  it('follows a period across midnight into the next day, even a closed one', () => {
    const nightClub = openOn(['saturday'], ['22:00', '04:00']);
    expect(openState(nightClub, mayotte('2026-03-07T23:30:00'))).toBe('open'); // Saturday night
    expect(openState(nightClub, mayotte('2026-03-08T03:59:00'))).toBe('open'); // Sunday, closed day, still Saturday's period
    expect(openState(nightClub, mayotte('2026-03-08T04:00:00'))).toBe('open'); // the bound, inclusive
    expect(openState(nightClub, mayotte('2026-03-08T04:01:00'))).toBe('closed');
    expect(openState(nightClub, mayotte('2026-03-07T21:59:00'))).toBe('closed');
  });

  it('is open all day and all night for 24-hour entries (00:00-23:59, 00:00-24:00 or 00:00-00:00)', () => {
    for (const close of ['23:59', '24:00', '00:00']) {
      const hospital = openOn(WEEKDAYS, ['00:00', close]);
      for (const time of ['00:00', '03:00', '12:00', '23:59']) expect(openState(hospital, mayotte(`2026-03-04T${time}:30`)), `${close} at ${time}`).toBe('open');
    }
  });

  it('reads the time in Mayotte whatever the computer’s time zone', () => {
    // 05:00 UTC on a Monday is 08:00 in Mayotte (open), 06:00 in Paris, 01:00 in New York, 18:00 in Tahiti on Sunday.
    const at = new Date('2026-03-02T05:00:00Z');
    for (const zone of ['Europe/Paris', 'America/New_York', 'Pacific/Tahiti', 'UTC']) {
      process.env.TZ = zone;
      expect(localTime(at)).toEqual({ day: 'monday', minutes: 8 * 60 });
      expect(openState(townHall, at)).toBe('open');
    }
    // The same instant read in another zone on purpose: Sunday evening in Tahiti, closed.
    expect(openState(townHall, at, 'Pacific/Tahiti')).toBe('closed');
  });
});

describe('opening hours as text (CSV)', () => {
  it('groups consecutive days with the same periods and reads them back', () => {
    const text = hoursToText(townHall);
    expect(text).toBe('lun-ven 07:30-12:00, 13:30-15:30');
    expect(hoursFromText(text)).toEqual(townHall);
    const mixed = { ...openOn(WEEKDAYS_ONLY, ['07:30', '15:30']), saturday: { isOpen: true, periods: [{ open: '08:00', close: '12:00' }] } };
    expect(hoursToText(mixed)).toBe('lun-ven 07:30-15:30; sam 08:00-12:00');
    expect(hoursFromText('Lun-Ven 07:30-15:30 ; Sam. 8h00-12:00')).toEqual(mixed);
  });

  it('answers null for an empty text and a French reason for an unreadable one', () => {
    expect(hoursFromText('')).toBeNull();
    expect(hoursToText(null)).toBe('');
    expect(() => hoursFromText('tous les jours')).toThrow(/horaires illisibles/);
    expect(() => hoursFromText('lun 25:00-26:00')).toThrow(/horaire illisible/);
  });
});
