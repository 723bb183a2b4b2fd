import qs from 'qs';
import { RESOURCES } from '@mamoudzou/domain/resources';
import { normalizeSearchText, searchTextOf } from '@mamoudzou/domain/search';
import type { Reply } from './mockFetch';
import type { fakeBackend } from './fakeBackend';

type Row = Record<string, unknown>;
type Backend = ReturnType<typeof fakeBackend>;

const notFound: Reply = { status: 404, statusText: 'Not Found', body: { error: { status: 404, message: 'Not Found' } } };

/** Strapi's filter semantics over plain rows: $and, $or, and per field $eq $ne $in $containsi $null $notNull $gte $gt $lte $lt; a relation or media list matches when one of its items does. */
export function matches(row: Row, filter: unknown): boolean {
  if (!filter || typeof filter !== 'object') return true;
  return Object.entries(filter as Row).every(([key, condition]) => {
    if (key === '$and') return (Object.values(condition as Row) as unknown[]).every((f) => matches(row, f));
    if (key === '$or') return (Object.values(condition as Row) as unknown[]).some((f) => matches(row, f));
    const value = row[key];
    return Object.entries(condition as Row).every(([op, expected]) => {
      const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
      switch (op) {
        case '$eq':
          return text(value) === text(expected);
        case '$ne':
          return text(value) !== text(expected);
        case '$in':
          return (Object.values(expected as Row) as unknown[]).map(text).includes(text(value));
        case '$containsi':
          return text(value).toLowerCase().includes(text(expected).toLowerCase());
        case '$null':
          return (value === null || value === undefined) === (text(expected) === 'true');
        case '$notNull':
          return (value !== null && value !== undefined) === (text(expected) === 'true');
        case '$gte':
          return text(value) >= text(expected);
        case '$lte':
          return text(value) <= text(expected);
        case '$gt':
          return text(value) > text(expected);
        case '$lt':
          return text(value) < text(expected);
        default:
          // A list of related records or media: one of them must match.
          if (Array.isArray(value)) return value.some((item) => matches((item as Row) ?? {}, { [op]: expected }));
          // A nested relation filter ({ role: { name: { $eq } } }).
          return matches((value as Row) ?? {}, { [op]: expected });
      }
    });
  });
}

/**
 * A Strapi collection in memory behind the fake fetch: lists filtered, searched, sorted and paged like
 * Strapi (the query parsed with qs), one record by documentId, create, update and delete. The rows array
 * is the store: tests read it to see what the backend holds.
 */
/** Endpoint → resource key of the resources the backend searches (domain/resources.ts). */
const COLLECTION_OF: Record<string, string> = Object.fromEntries(RESOURCES.filter((row) => row.searchFields && row.endpoint).map((row) => [row.endpoint, row.key]));

export function serveCollection(backend: Backend, endpoint: string, rows: Row[]) {
  const base = `/api/${endpoint}`;
  // Not the aggregate routes (/stats, /count, /counts, the reports' /sources and /nearby) that share the prefix.
  const one = new RegExp(`^${base}/(?!stats$|count$|counts$|sources$|nearby$)([^/]+)$`);
  const find = (path: string) => rows.find((r) => String(r.documentId) === decodeURIComponent(one.exec(path)![1]));
  /** The rows the list's filters and `search=` match. */
  const matching = (query: Row) => {
    let found = rows.filter((row) => matches(row, query.filters));
    // `search=`: the backend's accent- and case-insensitive search over the collection's search fields.
    const collection = COLLECTION_OF[endpoint];
    if (typeof query.search === 'string' && collection) {
      const wanted = normalizeSearchText(query.search);
      found = found.filter((row) => searchTextOf(collection, row).includes(wanted));
    }
    return found;
  };
  const parse = (url: string) => qs.parse(url.split('?')[1] ?? '', { depth: 20, arrayLimit: 200 }) as Row;
  // A list's tabs counted in one call: each view's filters on top of the list's.
  backend.on('GET', `${base}/counts`, (call) => {
    const query = parse(call.url);
    const found = matching(query);
    const views = Object.entries((query.views ?? {}) as Row);
    return { body: { data: Object.fromEntries(views.map(([id, view]) => [id, found.filter((row) => matches(row, view)).length])) } };
  });
  backend.on('GET', base, (call) => {
    const query = parse(call.url);
    const pagination = (query.pagination ?? {}) as Row;
    const page = Number(pagination.page ?? 1);
    const pageSize = Number(pagination.pageSize ?? 25);
    let found = matching(query);
    const [sort] = Object.values((query.sort ?? {}) as Row) as string[];
    if (sort) {
      const [field, order] = sort.split(':');
      found = [...found].sort((a, b) => (String(a[field] ?? '') < String(b[field] ?? '') ? -1 : String(a[field] ?? '') > String(b[field] ?? '') ? 1 : 0) * (order === 'desc' ? -1 : 1));
    }
    return { body: { data: found.slice((page - 1) * pageSize, page * pageSize), meta: { pagination: { page, pageSize, total: found.length } } } };
  });
  backend.on('GET', one, (call) => {
    const row = find(call.path);
    return row ? { body: { data: row } } : notFound;
  });
  backend.on('POST', base, (call) => {
    const created = { id: rows.length + 1000, documentId: `new-${rows.length + 1}`, ...(call.body as { data: Row }).data };
    rows.push(created);
    return { status: 201, body: { data: created } };
  });
  backend.on('PUT', one, (call) => {
    const row = find(call.path);
    if (!row) return notFound;
    Object.assign(row, (call.body as { data: Row }).data);
    return { body: { data: row } };
  });
  backend.on('DELETE', one, (call) => {
    const row = find(call.path);
    if (!row) return notFound;
    rows.splice(rows.indexOf(row), 1);
    return { body: { data: row } };
  });
  return backend;
}
