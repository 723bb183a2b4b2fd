import type { SlaCounts } from '@mamoudzou/domain/stats';
import { OPEN_REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import { now as clockNow } from '../../../utils/clock';

/** The one-click views of the reports list, named in the query as filters the report has no column for. */
export const SLA_VIEWS = ['late', 'soon'] as const;
export type SlaView = (typeof SLA_VIEWS)[number];

const valueOf = (filter: unknown): unknown => (filter && typeof filter === 'object' && !Array.isArray(filter) ? (filter as Record<string, unknown>).$eq : filter);

/** Conditions of « En retard » (open, target passed) and « Bientôt en retard » (open, reminder time passed, target not yet), on the backend's clock. */
export function slaViewConditions(view: SlaView, now: Date = new Date(clockNow())): Record<string, unknown>[] {
  const open = { report_status: { $in: [...OPEN_REPORT_STATUSES] } };
  if (view === 'late') return [open, { slaTarget: { $lt: now.toISOString() } }];
  return [open, { slaWarningAt: { $lte: now.toISOString() } }, { slaTarget: { $gte: now.toISOString() } }];
}

/**
 * Reads `filters[sla]=late|soon` and `filters[mine]=true` out of a list's query (lists, counts, export,
 * map) and puts in their place the conditions they stand for: the time is the backend's, and « mine »
 * is the signed-in person (assigned by user name or e-mail). Returns a French message for a bad value.
 */
export function resolveSlaFilters(query: Record<string, any>, user: { username?: string; email?: string } | null | undefined): string | undefined {
  const filters = query?.filters;
  if (!filters || typeof filters !== 'object' || Array.isArray(filters)) return undefined;
  const and: Record<string, unknown>[] = [];
  if ('sla' in filters) {
    const view = valueOf(filters.sla);
    delete filters.sla;
    if (!SLA_VIEWS.includes(view as SlaView)) return `Filtre de délai inconnu : ${String(view)} (late ou soon attendu)`;
    and.push(...slaViewConditions(view as SlaView));
  }
  if ('mine' in filters) {
    const mine = String(valueOf(filters.mine));
    delete filters.mine;
    if (mine === 'true') and.push(assignedTo(user) ?? { id: { $null: true } });
  }
  if (and.length) filters.$and = [...(Array.isArray(filters.$and) ? filters.$and : []), ...and];
  return undefined;
}

type Counter = { db: { query: (uid: any) => { count: (params: any) => Promise<number> } } };

/** The dashboard's live service-level counts (time moves them, not only writes: see stats-cache.ts). */
export async function slaCounts(strapi: Counter, user: { username?: string; email?: string } | null | undefined, now: Date = new Date(clockNow())): Promise<SlaCounts> {
  const reports = strapi.db.query('api::report.report');
  const since = new Date(now.getTime() - 30 * 24 * 3600 * 1000).toISOString();
  const mine = assignedTo(user);
  const [late, soon, mineCount, mineOpen, closed30, onTime30] = await Promise.all([
    reports.count({ where: { $and: slaViewConditions('late', now) } }),
    reports.count({ where: { $and: slaViewConditions('soon', now) } }),
    // The tab « Mes signalements » lists them all, closed ones too: the same number, and how many are still open.
    mine ? reports.count({ where: mine }) : Promise.resolve(0),
    mine ? reports.count({ where: { report_status: { $in: [...OPEN_REPORT_STATUSES] }, ...mine } }) : Promise.resolve(0),
    reports.count({ where: { closedAt: { $gte: since } } }),
    reports.count({ where: { closedAt: { $gte: since }, slaStatus: 'dans_les_temps' } }),
  ]);
  return { late, soon, mine: mineCount, mineOpen, closed30, onTimeRate30: closed30 ? Math.round((onTime30 / closed30) * 1000) / 10 : null };
}

/** « Mine »: assigned to the person's user name or e-mail, as the assignment dialog writes them (an index serves it). */
function assignedTo(user: { username?: string; email?: string } | null | undefined): Record<string, unknown> | undefined {
  const names = [user?.username, user?.email].filter((n): n is string => Boolean(n));
  return names.length ? { assignedTo: { $in: names } } : undefined;
}
