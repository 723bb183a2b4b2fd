import { addWeeks, startOfWeek } from 'date-fns';
import { dayKey, instantOf, parseDay, townToday } from '../../i18n/dates';

/**
 * Every call of the dashboard, in one place: the page makes these and nothing else (its budget: at
 * most 5 API requests, none waiting on another), and `npm run bench` measures exactly these.
 */

/** Weeks of the "reports per week" chart. */
export const DASHBOARD_WEEKS = 8;

export interface DashboardWeek {
  /** The Monday that starts the week, yyyy-MM-dd in the town's calendar. */
  day: string;
}

/** The last weeks of the town's calendar (Monday 00:00 in Mamoudzou, whatever the browser's zone), oldest first. */
export function dashboardWeeks(today: string = townToday()): DashboardWeek[] {
  const first = addWeeks(startOfWeek(parseDay(today), { weekStartsOn: 1 }), -(DASHBOARD_WEEKS - 1));
  return Array.from({ length: DASHBOARD_WEEKS }, (_, i) => ({ day: dayKey(addWeeks(first, i)) }));
}

const startOf = (day: string) => {
  const d = parseDay(day);
  return instantOf({ year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() });
};

/** GET /api/reports/stats with the week bounds: the figures and the weekly series in one aggregate call. */
export function statsQuery(today: string = townToday()): { weeks: string[] } {
  const weeks = dashboardWeeks(today);
  const next = dayKey(addWeeks(parseDay(weeks[weeks.length - 1].day), 1));
  return { weeks: [...weeks.map((w) => startOf(w.day).toISOString()), startOf(next).toISOString()] };
}

export const STATS_PATH = '/api/reports/stats';

/** The list calls (react-admin getList parameters), by resource. */
export function dashboardLists(today: string = townToday()) {
  return {
    /** "Signalements récents": the 5 newest, only what a line shows. */
    recentReports: {
      resource: 'signalements',
      params: {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'createdAt', order: 'DESC' as const },
        filter: {},
        meta: { fields: ['title', 'type', 'zone', 'createdAt', 'report_status', 'status'] },
      },
    },
    /** "Derniers articles" (the published ones); its total is the "Articles publiés" figure. */
    articles: {
      resource: 'actualites',
      params: {
        pagination: { page: 1, perPage: 3 },
        sort: { field: 'date', order: 'DESC' as const },
        filter: { status: 'published' },
        meta: { fields: ['title', 'date', 'createdAt'], populate: [] },
      },
    },
    /** "Événements à venir": from today, soonest first. */
    events: {
      resource: 'evenements',
      params: {
        pagination: { page: 1, perPage: 3 },
        sort: { field: 'date', order: 'ASC' as const },
        filter: { date_gte: today },
        meta: { fields: ['title', 'date', 'time', 'location'], populate: [] },
      },
    },
  };
}
