import { factories } from '@strapi/strapi';
import { effectiveReportStatus, REPORT_STATUSES, type ReportStatus } from '../../../domain/vocabulary';

export interface ReportStats {
  total: number;
  byStatus: Record<ReportStatus, number>;
  byType: Record<string, number>;
  byZone: Record<string, number>;
  byPriority: Record<string, number>;
  resolutionRate: number;
}

export default factories.createCoreService('api::report.report', ({ strapi }) => ({
  /** One grouped query over all reports; the legacy status field counts where report_status is empty. */
  async stats({ from, to }: { from?: string; to?: string } = {}): Promise<ReportStats> {
    const where: Record<string, unknown> = {};
    if (from || to) {
      where.createdAt = { ...(from ? { $gte: new Date(from) } : {}), ...(to ? { $lte: new Date(to) } : {}) };
    }
    const columns = ['report_status', 'status', 'type', 'zone', 'priority'];
    // Strapi's query builder translates the filter; knex adds the grouped count it cannot express.
    const query = strapi.db.queryBuilder('api::report.report').select(columns).where(where).groupBy(columns).getKnexQuery();
    const rows: any[] = await query.count({ count: '*' });

    const byStatus = Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as Record<ReportStatus, number>;
    const byType: Record<string, number> = {};
    const byZone: Record<string, number> = {};
    const byPriority: Record<string, number> = {};
    let total = 0;
    for (const row of rows) {
      const count = Number(row.count);
      total += count;
      byStatus[effectiveReportStatus(row.report_status, row.status)] += count;
      const type = row.type ?? 'Autres';
      const zone = row.zone ?? 'Non définie';
      byType[type] = (byType[type] ?? 0) + count;
      byZone[zone] = (byZone[zone] ?? 0) + count;
      if (row.priority) byPriority[row.priority] = (byPriority[row.priority] ?? 0) + count;
    }
    return {
      total,
      byStatus,
      byType,
      byZone,
      byPriority,
      resolutionRate: total ? Math.round((byStatus.resolu / total) * 100) : 0,
    };
  },
}));
