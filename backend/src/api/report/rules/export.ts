import { Readable } from 'node:stream';
import type { Core } from '@strapi/strapi';
import { requestedSearch, withSearch } from '../../../search/search-text';
import { withIndexedSearch } from '../../../search/sqlite-fts';
import { withLiveSla } from './sla';

const REPORT = 'api::report.report';
/** Rows read from the database at a time: the memory a running export holds, whatever the total. */
export const EXPORT_BATCH = 1000;
const NOT_SCALAR = new Set(['relation', 'media', 'component', 'dynamiczone']);

type Sort = Record<string, 'asc' | 'desc'>;

/** The attributes an export may send: the scalar, public ones (never searchText or another private one). */
function exportableAttributes(strapi: Core.Strapi): string[] {
  const { attributes } = strapi.contentType(REPORT as any) as { attributes: Record<string, { type: string; private?: boolean }> };
  return Object.entries(attributes)
    .filter(([, a]) => !NOT_SCALAR.has(a.type) && !a.private && a.type !== 'password')
    .map(([name]) => name);
}

/** Strapi's sanitised `sort` ("createdAt:desc", ["title:asc"], {title: 'asc'}...) as orderBy entries, id last. */
function orderOf(sort: unknown, allowed: Set<string>): Sort[] {
  const entries: Sort[] = [];
  const add = (field: string, dir: string) => {
    if (allowed.has(field) && field !== 'id') entries.push({ [field]: String(dir).toLowerCase() === 'desc' ? 'desc' : 'asc' });
  };
  const visit = (value: unknown) => {
    if (typeof value === 'string') value.split(',').forEach((part) => add(...(part.trim().split(':') as [string, string])));
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.entries(value).forEach(([field, dir]) => add(field, String(dir)));
  };
  visit(sort);
  if (entries.length === 0) entries.push({ createdAt: 'desc' });
  // The tie-breaker the lists use too: equal dates keep one order.
  const last = Object.values(entries[entries.length - 1])[0];
  entries.push({ id: last });
  return entries;
}

/**
 * GET /api/reports/export: every report matching the list's sanitised filters and search, in the
 * list's order, as JSON lines (one report a line), written as they are read. The matching ids are
 * read first in one indexed query (a list of numbers), then the rows a batch at a time by id: each
 * report comes once even if others are added meanwhile, and memory holds one batch, never the
 * whole export. Only the requested public scalar fields (all of them by default) are sent. The number of reports is
 * known before the first is sent (`total`: the back-office shows the export's progress).
 */
export async function exportReports(strapi: Core.Strapi, query: { filters?: unknown; sort?: unknown; fields?: unknown }): Promise<{ stream: Readable; total: number }> {
  const attributes = exportableAttributes(strapi);
  const allowed = new Set(attributes);
  const requested = Array.isArray(query.fields) ? (query.fields as string[]).filter((f) => allowed.has(f)) : typeof query.fields === 'string' ? String(query.fields).split(',').filter((f) => allowed.has(f)) : [];
  const select = [...new Set(['id', 'documentId', ...(requested.length ? requested : attributes)])];
  const filters = query.filters && typeof query.filters === 'object' && Object.keys(query.filters).length ? query.filters : {};
  const search = requestedSearch(strapi, REPORT);
  // A query builder runs no lifecycle: the full-text index is applied here (sqlite-fts.ts).
  const where = search ? await withIndexedSearch(strapi, REPORT, withSearch(filters, search)) : filters;
  const orderBy = orderOf(query.sort, allowed);

  const ids = ((await strapi.db.queryBuilder(REPORT).select(['id']).where(where).orderBy(orderBy).getKnexQuery()) as { id: number }[]).map((r) => r.id);

  async function* lines() {
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const batch = ids.slice(start, start + EXPORT_BATCH);
      const rows = (await strapi.db.query(REPORT).findMany({ where: { id: { $in: batch } }, select })) as Record<string, unknown>[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      let chunk = '';
      for (const id of batch) {
        const row = byId.get(id);
        if (row) chunk += `${JSON.stringify(withLiveSla(row as any))}\n`;
      }
      yield chunk;
    }
  }
  return { stream: Readable.from(lines(), { objectMode: false }), total: ids.length };
}
