import { factories } from '@strapi/strapi';
import { tellCitizens, type CitizenNews } from '../rules/citizen-email';
import { reportStats } from '../rules/figures';
import { answerRepairQuestion, followFromPage } from '../rules/citizen-page';
import { nearbyReports } from '../rules/duplicates';
import { reportStatsFrom, type ReportStats } from '@mamoudzou/domain/stats';
import { effectiveReportStatus } from '@mamoudzou/domain/vocabulary';

export type { ReportStats };


export default factories.createCoreService('api::report.report', ({ strapi }) => ({
  /** A public line of the report's timeline, told to its citizen and followers by e-mail (rules/citizen-email.ts). */
  tellCitizens: (reportId: string, news: CitizenNews) => tellCitizens(strapi, reportId, news),

  /** The citizens' page (backend/src/open311/page/): « Je suis concerné aussi », « Est-ce réparé ? », « Déjà signalé ? ». */
  followFromPage: (reference: string, email: string | null) => followFromPage(strapi, reference, email),
  answerRepairQuestion: (token: unknown, answer: unknown) => answerRepairQuestion(strapi, token, answer),
  nearbyReports: (point: { latitude: unknown; longitude: unknown; type: unknown }) => nearbyReports(strapi, point),

  /**
   * Grouped counts over all reports; the legacy status field counts where report_status is empty. Over every report
   * from the figures' index (rules/figures.ts); within a creation range, by grouped counts over the table.
   */
  async stats({ from, to, weeks = [] }: { from?: string; to?: string; weeks?: Date[] } = {}): Promise<ReportStats> {
    if (!from && !to) return reportStats(strapi, weeks);
    const where: Record<string, unknown> = {};
    if (from || to) {
      where.createdAt = { ...(from ? { $gte: new Date(from) } : {}), ...(to ? { $lte: new Date(to) } : {}) };
    }
    // One small grouped count per dimension: each reads a single indexed column.
    const grouped = async (columns: string[]) =>
      (await strapi.db
        .queryBuilder('api::report.report')
        .select(columns)
        .where(where)
        .groupBy(columns)
        .getKnexQuery()
        .count({ count: '*' })) as Record<string, any>[];
    // The weeks: one pass over the created_at index's range of those weeks, a sum per week.
    const weekly = async (): Promise<number[]> => {
      if (weeks.length < 2) return [];
      const knex = strapi.db.connection;
      const meta = strapi.db.metadata.get('api::report.report' as any);
      const column = (meta.attributes.createdAt as { columnName?: string }).columnName ?? 'created_at';
      const sums = weeks.slice(0, -1).map((start, i) => knex.raw(`SUM(CASE WHEN ?? >= ? AND ?? < ? THEN 1 ELSE 0 END) AS ??`, [column, start, column, weeks[i + 1], `w${i}`]));
      const [row] = (await knex(meta.tableName).select(sums).where(column, '>=', weeks[0]).andWhere(column, '<', weeks[weeks.length - 1])) as Record<string, unknown>[];
      return weeks.slice(0, -1).map((_, i) => Number(row?.[`w${i}`] ?? 0));
    };
    const [statuses, types, zones, priorities, weekTotals] = await Promise.all([
      grouped(['report_status', 'status']),
      grouped(['type']),
      grouped(['zone']),
      grouped(['priority']),
      weekly(),
    ]);

    const counts = (rows: Record<string, any>[], column: string) => rows.map((row) => [row[column] as string | null, Number(row.count)] as const);
    return reportStatsFrom(
      {
        status: statuses.map((row) => [effectiveReportStatus(row.report_status, row.status), Number(row.count)] as const),
        type: counts(types, 'type'),
        zone: counts(zones, 'zone'),
        priority: counts(priorities, 'priority'),
      },
      weeks.length > 1 ? weekTotals : [],
    );
  },
}));
