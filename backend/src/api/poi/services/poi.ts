import { factories } from '@strapi/strapi';
import { roundRating, type PoiStats } from '@mamoudzou/domain/places';

const UID = 'api::poi.poi';

export default factories.createCoreService(UID, ({ strapi }) => ({
  /** Grouped counts and the mean rating of the rated points, each one small query on indexed columns. */
  async stats(): Promise<PoiStats> {
    const grouped = async (column: string) =>
      (await strapi.db.queryBuilder(UID).select([column]).groupBy([column]).getKnexQuery().count({ count: '*' })) as Record<string, any>[];
    const [statuses, categories, rating] = await Promise.all([
      grouped('status'),
      grouped('category'),
      strapi.db.queryBuilder(UID).where({ rating: { $gt: 0 } }).getKnexQuery().avg({ average: 'rating' }) as Promise<{ average: unknown }[]>,
    ]);
    const tally = (rows: Record<string, any>[], column: string) =>
      Object.fromEntries(rows.filter((r) => r[column] != null).map((r) => [r[column], Number(r.count)]));
    const byStatus = tally(statuses, 'status');
    const byCategory = tally(categories, 'category');
    const average = rating[0]?.average;
    return {
      total: statuses.reduce((sum, r) => sum + Number(r.count), 0),
      byStatus,
      byCategory,
      averageRating: average === null || average === undefined ? null : roundRating(Number(average)),
      categories: Object.keys(byCategory).length,
    };
  },
}));
