import type { Core } from '@strapi/strapi';
import { onPostgres } from '../../../utils/database';

/**
 * On PostgreSQL, a deep page of the reports list read as a "deferred join".
 *
 * Page 1,000 is `ORDER BY created_at DESC, id LIMIT 25 OFFSET 24975`: PostgreSQL walks the sort index
 * and fetches each of the 25,000 skipped rows from the table (40-65 ms at 50,000 reports). Asking first
 * for the 25 ids alone lets it skip them on the index only (an index-only scan, ~5 ms), then read just
 * those rows: `WHERE … AND id IN (SELECT id … ORDER BY … LIMIT 25 OFFSET 24975) ORDER BY … LIMIT 25`.
 * Same rows, same order (the subquery has the list's filters and order, Strapi's id tie-breaker
 * included). SQLite already skips rows without reading them (its deferred seek): nothing changes there.
 */

const REPORT = 'api::report.report';
/** Below this offset the plain query is as fast. */
export const DEFERRED_OFFSET = 1000;

/** Whether a where or orderBy names a relation (its join could repeat ids in the subquery): then left as is. */
function namesRelation(node: unknown, relations: Set<string>): boolean {
  if (Array.isArray(node)) return node.some((item) => namesRelation(item, relations));
  if (!node || typeof node !== 'object' || Object.getPrototypeOf(node) !== Object.prototype) return typeof node === 'string' && relations.has(node.split('.')[0]);
  return Object.entries(node as Record<string, unknown>).some(([key, value]) => relations.has(key) || key.includes('.') || namesRelation(value, relations));
}

export function registerDeepPages(strapi: Core.Strapi) {
  if (!onPostgres(strapi)) return;
  const meta = strapi.db.metadata.get(REPORT as any);
  const relations = new Set(Object.entries(meta.attributes).filter(([, attribute]) => (attribute as { type: string }).type === 'relation').map(([name]) => name));
  strapi.db.lifecycles.subscribe({
    models: [REPORT],
    async beforeFindMany(event: any) {
      const params = event.params;
      const offset = Number(params?.offset ?? 0);
      const limit = Number(params?.limit);
      if (!(offset >= DEFERRED_OFFSET) || !(limit > 0) || !params.orderBy) return;
      if (namesRelation(params.where, relations) || namesRelation(params.orderBy, relations)) return;
      const page = strapi.db.queryBuilder(REPORT).select(['id']).where(params.where ?? {}).orderBy(params.orderBy).offset(offset).limit(limit).getKnexQuery();
      const onPage = { id: { $in: page } };
      params.where = params.where && Object.keys(params.where).length ? { $and: [params.where, onPage] } : onPage;
      delete params.offset;
    },
  } as any);
}
