import type { ReportStatus } from './vocabulary';

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
