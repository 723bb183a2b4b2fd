import { REPORT_STATUSES, type ReportStatus } from './vocabulary';

/** GET /api/reports/stats: aggregate figures over every report (or those created within from/to). */
export interface ReportStats {
  total: number;
  byStatus: Record<ReportStatus, number>;
  byType: Record<string, number>;
  byZone: Record<string, number>;
  byPriority: Record<string, number>;
  /** Percent of resolved reports, 0 to 100. */
  resolutionRate: number;
  /** With `weeks` (week starts, then the last one's end): the reports created within each week. */
  weekly?: number[];
  /** Service levels now, on the backend's clock: open reports late and soon late, those assigned to the caller, on-time share of the last 30 days. */
  sla?: SlaCounts;
}

export interface SlaCounts {
  late: number;
  soon: number;
  /** Reports assigned to the caller (the tab « Mes signalements »), and those of them still open. */
  mine: number;
  mineOpen: number;
  /** Reports closed in the last 30 days, and the percent of them closed by their target (null without any). */
  closed30: number;
  onTimeRate30: number | null;
}

/** Counts of reports grouped by one dimension, as stored (null: the field is empty). */
export type GroupCounts<K = string | null> = Iterable<readonly [K, number]>;

/**
 * The dashboard's counts from grouped counts, whichever way they were counted (the figures' index over every
 * report, or grouped queries over a creation range): by effective status; by type, zone and priority as stored,
 * an empty type under « Autres », an empty zone under « Non définie », an empty priority (or an empty string)
 * nowhere; the total is the statuses'.
 */
export function reportStatsFrom(
  groups: { status: GroupCounts<ReportStatus>; type: GroupCounts; zone: GroupCounts; priority: GroupCounts },
  weekly: number[] = [],
): ReportStats {
  const byStatus = Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as Record<ReportStatus, number>;
  let total = 0;
  for (const [status, count] of groups.status) {
    byStatus[status] += count;
    total += count;
  }
  const tally = (counts: GroupCounts, fallback?: string) => {
    const result: Record<string, number> = {};
    for (const [value, count] of counts) {
      const key = value ?? fallback;
      if (key && count) result[key] = (result[key] ?? 0) + count;
    }
    return result;
  };
  return {
    total,
    byStatus,
    byType: tally(groups.type, 'Autres'),
    byZone: tally(groups.zone, 'Non définie'),
    byPriority: tally(groups.priority),
    resolutionRate: total ? Math.round((byStatus.resolu / total) * 100) : 0,
    ...(weekly.length > 0 ? { weekly } : {}),
  };
}
