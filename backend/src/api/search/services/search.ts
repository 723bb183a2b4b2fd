import type { Core } from '@strapi/strapi';
import { can, type RoleRef } from '@mamoudzou/domain/permissions';
import { RESOURCES, uidOf, type ResourceRow } from '@mamoudzou/domain/resources';
import { normalizeSearchText, SEARCH_TYPES, type SearchResult as SharedSearchResult, type SearchType } from '@mamoudzou/domain/search';
import { withSearch } from '../../../search/search-text';

/** A result with its rank among the others (title matches first). */
export interface SearchResult extends SharedSearchResult {
  score: number;
}

/**
 * A result's date as an instant. An event has a day and a time of day in Mamoudzou (UTC+3 all year,
 * no daylight saving): 5 December at 06:00 is 03:00 UTC, not midnight UTC.
 */
function instantOf(value: unknown, townTime?: unknown): string | null {
  if (!value) return null;
  if (typeof townTime === 'string' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const instant = new Date(`${value}T${townTime.slice(0, 8)}+03:00`);
    if (!Number.isNaN(instant.getTime())) return instant.toISOString();
  }
  return new Date(value as string).toISOString();
}

export interface SearchRequest {
  q: string;
  role?: RoleRef;
  types: string[];
  statuses: string[];
  priorities: string[];
  sort: 'relevance' | 'date' | 'title';
  order: 'asc' | 'desc';
}

/** At most 20 results: what the global search dialog shows. */
export const MAX_RESULTS = 20;

/** Each kind of result: the resource whose row names it (domain/resources.ts, `globalSearch`). */
const SOURCES = Object.fromEntries(
  RESOURCES.filter((row) => row.globalSearch && row.labelField).map((row) => [row.globalSearch!.type, { row, ...row.globalSearch!, title: row.labelField!, uid: uidOf(row), url: `/${row.path}/` }]),
) as Record<SearchType, NonNullable<ResourceRow['globalSearch']> & { row: ResourceRow; title: string; uid: string; url: string }>;

/**
 * Title matches first: the whole query opening the title, then inside it, then every word in the title
 * with the first one opening it, then every word anywhere in the title, then a match elsewhere.
 */
export function relevance(title: string, query: string): number {
  const t = normalizeSearchText(title);
  if (!query) return 0;
  if (t.startsWith(query)) return 5;
  if (t.includes(query)) return 4;
  const words = query.split(' ');
  if (words.every((word) => t.includes(word))) return t.startsWith(words[0]) ? 3 : 2;
  return 1;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async search(request: SearchRequest): Promise<{ data: SearchResult[]; meta: { query: string; total: number } }> {
    const query = normalizeSearchText(request.q);
    if (!query) return { data: [], meta: { query, total: 0 } };
    const wanted = (request.types.length ? request.types : SEARCH_TYPES).filter((t): t is SearchType => (SEARCH_TYPES as readonly string[]).includes(t));
    const results: SearchResult[] = [];
    for (const type of wanted) {
      const source = SOURCES[type];
      // Only what the caller's role may read: an Author finds no users.
      if (!source.row.module || !can(request.role, source.row.module, 'read')) continue;
      const conditions: Record<string, unknown>[] = [];
      if (request.statuses.length) {
        const statuses = request.statuses.filter((s) => source.statuses?.includes(s));
        if (!source.status || statuses.length === 0) continue;
        conditions.push({ [source.status]: { $in: statuses } });
      }
      if (request.priorities.length) {
        if (!source.priority) continue;
        conditions.push({ [source.priority]: { $in: request.priorities } });
      }
      const where = withSearch(conditions.length ? { $and: conditions } : {}, query);
      // Users keep their numeric ids (users-permissions); every other record is addressed by its documentId.
      const idField = source.row.kind === 'users' ? 'id' : 'documentId';
      const optional = [source.status, source.priority, source.untitled, source.time].filter((field): field is string => !!field);
      const fields = ['id', idField, source.title, source.date, ...optional];
      // The newest matches of each kind; the title-first ranking is applied over all kinds below.
      const rows = (await strapi.db.query(source.uid as any).findMany({ where, select: [...new Set(fields)], orderBy: { [source.date]: 'desc' }, limit: MAX_RESULTS * 5 })) as Record<string, any>[];
      for (const row of rows) {
        const title = String(row[source.title] || (source.untitled ? row[source.untitled] : '') || '');
        const id = row[idField];
        results.push({
          type,
          id,
          title,
          status: source.status ? (row[source.status] ?? null) : null,
          priority: source.priority ? (row[source.priority] ?? null) : null,
          date: instantOf(row[source.date], source.time ? row[source.time] : undefined),
          url: `${source.url}${encodeURIComponent(String(id))}`,
          score: relevance(title, query),
        });
      }
    }
    const direction = request.order === 'asc' ? 1 : -1;
    const byDate = (a: SearchResult, b: SearchResult) => (a.date ?? '').localeCompare(b.date ?? '');
    results.sort((a, b) => {
      if (request.sort === 'title') return a.title.localeCompare(b.title, 'fr') * direction;
      if (request.sort === 'date') return byDate(a, b) * direction;
      // Pertinence: the best score first (then the newest), whatever the order asked.
      return b.score - a.score || -byDate(a, b);
    });
    return { data: results.slice(0, MAX_RESULTS), meta: { query, total: results.length } };
  },
});
