/** GET /api/reports/stats: aggregate figures over every report. */
export interface ReportStats {
  total: number;
  byStatus: Record<string, number>;
  byType: Record<string, number>;
  byZone: Record<string, number>;
  byPriority?: Record<string, number>;
  /** Percent, 0 to 100. */
  resolutionRate: number;
}
