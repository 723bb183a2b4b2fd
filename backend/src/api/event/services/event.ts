import { factories } from '@strapi/strapi';

export interface EventStats {
  total: number;
  /** Distinct categories of the events. */
  categories: number;
  byCategory: Record<string, number>;
}

export default factories.createCoreService('api::event.event', ({ strapi }) => ({
  /** Events per category over every event: one grouped count on an indexed column. */
  async stats(): Promise<EventStats> {
    const rows = (await strapi.db
      .queryBuilder('api::event.event')
      .select(['category'])
      .groupBy(['category'])
      .getKnexQuery()
      .count({ count: '*' })) as { category: string | null; count: number | string }[];
    const byCategory: Record<string, number> = {};
    let total = 0;
    for (const row of rows) {
      const count = Number(row.count);
      total += count;
      const key = row.category ?? 'Autre';
      byCategory[key] = (byCategory[key] ?? 0) + count;
    }
    return { total, categories: Object.keys(byCategory).length, byCategory };
  },
}));
