import { WEEKDAYS, type OpeningHours, type Weekday } from '@mamoudzou/domain/vocabulary';

type Period = [open: string, close: string];

/** Opening hours open on `days` with the given periods, closed on the other days. */
export function openOn(days: readonly Weekday[], ...periods: Period[]): OpeningHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, days.includes(day) ? { isOpen: true, periods: periods.map(([open, close]) => ({ open, close })) } : { isOpen: false, periods: [] }]),
  );
}

export const MONDAY_TO_FRIDAY: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
export const MONDAY_TO_SATURDAY: Weekday[] = [...MONDAY_TO_FRIDAY, 'saturday'];

/** The town hall's hours: 07:30 to 15:30 on weekdays. */
export const TOWN_HALL_HOURS = openOn(MONDAY_TO_FRIDAY, ['07:30', '15:30']);
export const ALWAYS_OPEN = openOn(WEEKDAYS, ['00:00', '23:59']);
