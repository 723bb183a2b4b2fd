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
}
