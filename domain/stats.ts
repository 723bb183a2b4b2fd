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
}
