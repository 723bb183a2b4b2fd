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
  // The tie-breaker Strapi's lists add (id ascending, whatever the sort's direction): equal values keep the list's order.
  entries.push({ id: 'asc' });
  return entries;
}

/** Rows a batch: REPORT_EXPORT_BATCH for the tests (many batches over a small base), else EXPORT_BATCH. */
const batchSize = () => {
  const configured = Number(process.env.REPORT_EXPORT_BATCH);
  return Number.isInteger(configured) && configured > 0 ? configured : EXPORT_BATCH;
};

/**
 * Orders a keyset can walk a batch at a time: a column that is never empty, then the id (orderOf puts it last,
 * ascending). Others are read in one query of ids first.
 */
const KEYSET_FIELDS = new Set(['createdAt', 'updatedAt']);

type Where = Record<string, unknown>;

/**
 * The matching ids a batch at a time, in the list's order. A sort on a date goes by keyset (the rows after the last
 * one sent, through the date's index): each query reads one batch, so a 500,000-report export never holds the event
 * loop for the whole list at once (SQLite's queries run on the main thread: one ordered read of every id stopped it
 * 387 ms). Reports added meanwhile are left out (ids above the highest at the start), so each comes once and the
 * total announced first holds.
 */
async function idBatches(strapi: Core.Strapi, where: Where, orderBy: Sort[]): Promise<{ total: number; batches: () => AsyncGenerator<number[]> }> {
  const size = batchSize();
  const [first] = orderBy;
  const field = Object.keys(first)[0];
  if (orderBy.length === 2 && KEYSET_FIELDS.has(field)) {
    const highest = (await strapi.db.query(REPORT).findOne({ select: ['id'], orderBy: { id: 'desc' } })) as { id: number } | null;
    const bounded: Where = { $and: [where, { id: { $lte: highest?.id ?? 0 } }] };
    const total = await strapi.db.query(REPORT).count({ where: bounded });
    const [strictly, orEqual] = first[field] === 'desc' ? ['$lt', '$lte'] : ['$gt', '$gte'];
    return {
      total,
      async *batches() {
        let last: { value: unknown; id: number } | null = null;
        for (;;) {
          // After the last row sent: a date further in the sort's direction, or the same date and a higher id.
          const after: Where = last ? { $and: [{ [field]: { [orEqual]: last.value } }, { $or: [{ [field]: { [strictly]: last.value } }, { id: { $gt: last.id } }] }] } : {};
          const rows = (await strapi.db.query(REPORT).findMany({ where: { $and: [bounded, after] }, select: ['id', field], orderBy, limit: size })) as Record<string, unknown>[];
          if (rows.length === 0) return;
          yield rows.map((row) => row.id as number);
          const end = rows[rows.length - 1];
          last = { value: end[field], id: end.id as number };
          if (rows.length < size) return;
        }
      },
    };
  }
  const ids = ((await strapi.db.queryBuilder(REPORT).select(['id']).where(where).orderBy(orderBy).getKnexQuery()) as { id: number }[]).map((r) => r.id);
  return {
    total: ids.length,
    async *batches() {
      for (let start = 0; start < ids.length; start += size) yield ids.slice(start, start + size);
    },
  };
}

/**
 * GET /api/reports/export: every report matching the list's sanitised filters and search, in the
 * list's order, as JSON lines (one report a line), written as they are read: the ids a batch at a time
 * (idBatches), then those rows by id. Each report comes once even if others are added meanwhile, and
 * memory holds one batch, never the whole export. Only the requested public scalar fields (all of them
 * by default) are sent. The number of reports is known before the first is sent (`total`: the
 * back-office shows the export's progress).
 */
export async function exportReports(strapi: Core.Strapi, query: { filters?: unknown; sort?: unknown; fields?: unknown }): Promise<{ stream: Readable; total: number }> {
  const attributes = exportableAttributes(strapi);
  const allowed = new Set(attributes);
  const requested = Array.isArray(query.fields) ? (query.fields as string[]).filter((f) => allowed.has(f)) : typeof query.fields === 'string' ? String(query.fields).split(',').filter((f) => allowed.has(f)) : [];
  const select = [...new Set(['id', 'documentId', ...(requested.length ? requested : attributes)])];
  const filters = query.filters && typeof query.filters === 'object' && Object.keys(query.filters).length ? query.filters : {};
  const search = requestedSearch(strapi, REPORT);
  // A query builder runs no lifecycle: the full-text index is applied here (sqlite-fts.ts).
  const where = (search ? await withIndexedSearch(strapi, REPORT, withSearch(filters, search)) : filters) as Where;
  const { total, batches } = await idBatches(strapi, where, orderOf(query.sort, allowed));

  async function* lines() {
    for await (const batch of batches()) {
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
  return { stream: Readable.from(lines(), { objectMode: false }), total };
}
