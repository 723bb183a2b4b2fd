import type { Core } from '@strapi/strapi';
import { SEARCHABLE_RESOURCES, uidOf } from '@mamoudzou/domain/resources';
import { normalizeSearchText, searchFieldsOf, searchTextOf } from '@mamoudzou/domain/search';
import { previousRow } from '../documents/previous';
import { ensureSqliteSearchIndex } from './sqlite-fts';
import { onPostgres } from '../utils/database';

/**
 * Search that ignores case and accents (docs/architecture.md, « Recherche »). Each searchable record keeps a private
 * `searchText`: its search fields normalised and joined, written on every create and update and
 * backfilled at bootstrap. A list call's `search=` parameter (read by the search-param middleware) is
 * normalised the same way and each of its words becomes a `searchText $contains` filter of that list's
 * queries, so "kaweni", "KAWÉNI" and "Kawéni" find the same reports, and "eclairage kaweni" the
 * lighting reports of Kawéni.
 */

/** Strapi uid → resource key of every resource with search fields (domain/resources.ts). */
export const SEARCHABLE: Record<string, string> = Object.fromEntries(SEARCHABLE_RESOURCES.map((row) => [uidOf(row), row.key]));
const USER = 'plugin::users-permissions.user';

/** The search text attribute each searchable content type gets (private: never sent, never filterable by clients). */
const SEARCH_TEXT_ATTRIBUTE = { type: 'text', private: true, configurable: false } as const;

/** Register: every searchable content type gets its search text attribute (its schema need not declare it). */
export function addSearchTextAttributes(strapi: Core.Strapi) {
  for (const uid of Object.keys(SEARCHABLE)) {
    strapi.get('content-types').extend(uid, (contentType: { attributes: Record<string, unknown> }) => {
      contentType.attributes.searchText = SEARCH_TEXT_ATTRIBUTE;
    });
  }
}

/** Search fields a record gets from its creation, not from the client. */
const KNOWN_ONCE_CREATED = ['documentId', 'reference'];

const touchesSearch = (collection: string, data: Record<string, unknown>) => searchFieldsOf(collection).some((field) => data[field] !== undefined);

/** The search the current request asked for, on this content type (set by the search-param middleware). */
export function requestedSearch(strapi: Core.Strapi, uid: string): string | undefined {
  const state = (strapi.requestContext.get() as any)?.state;
  return state?.search && state.search.uid === uid ? (state.search.text as string) : undefined;
}

/** Adds the search to a query's filters: every word of the query, in any order and any search field. */
export function withSearch(filters: unknown, text: string) {
  const words = [...new Set(text.split(' ').filter(Boolean))];
  const conditions = words.map((word) => ({ searchText: { $contains: word } }));
  const current = filters && Object.keys(filters as object).length ? [filters] : [];
  return { $and: [...current, ...conditions] };
}

/** Collections written through the document service: their text, and the search filter of their lists. */
export function registerSearchText(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    const collection = SEARCHABLE[context.uid];
    if (!collection || context.uid === USER) return next();
    const params = (context as any).params ?? {};
    if (context.action === 'findMany' || context.action === 'count') {
      const search = requestedSearch(strapi, context.uid);
      if (search) params.filters = withSearch(params.filters, search);
      return next();
    }
    if (!['create', 'update', 'clone'].includes(context.action) || !params.data) return next();
    const data = params.data as Record<string, unknown>;
    delete data.searchText;
    if (context.action === 'create' || touchesSearch(collection, data)) {
      const previous = context.action === 'create' ? null : await previousRow(strapi, context);
      // documentId is known only once created: a creation's text gets it in the after step below.
      data.searchText = searchTextOf(collection, { ...(previous ?? {}), ...data, documentId: previous?.documentId ?? params.documentId ?? data.documentId });
    }
    const result: any = await next();
    // What the creation itself gives (the documentId, a report's reference) is in the text of a new record.
    if (context.action === 'create' && searchFieldsOf(collection).some((field) => KNOWN_ONCE_CREATED.includes(field)) && result?.id) {
      const stored: any = await strapi.db.query(context.uid as any).update({ where: { id: result.id }, data: { searchText: searchTextOf(collection, { ...data, ...result }) } });
      // Writing the text stamped the row again: the answer states the version the database holds.
      if (stored?.updatedAt) result.updatedAt = stored.updatedAt;
    }
    return result;
  });
}

/** Users are written by the users-permissions plugin through the query engine: their text by lifecycle (bootstrap). */
export function registerUserSearchText(strapi: Core.Strapi) {
  strapi.db.lifecycles.subscribe({
    models: [USER],
    async beforeCreate(event: any) {
      const data = event.params?.data;
      if (data) data.searchText = searchTextOf('user', data);
    },
    async beforeUpdate(event: any) {
      const data = event.params?.data;
      if (!data || !touchesSearch('user', data)) return;
      const id = event.params?.where?.id;
      const previous = id ? await strapi.db.query(USER).findOne({ where: { id } }) : null;
      data.searchText = searchTextOf('user', { ...(previous ?? {}), ...data });
    },
  });
}

/**
 * Bootstrap: gives a search text to every row that has none (rows written before it existed, bulk
 * inserts, imports), a batch at a time.
 */
export async function backfillSearchText(strapi: Core.Strapi, batch = 500) {
  for (const [uid, collection] of Object.entries(SEARCHABLE)) {
    const query = strapi.db.query(uid as any);
    const select = ['id', ...searchFieldsOf(collection).filter((f) => f !== 'documentId'), ...(uid === USER ? [] : ['documentId'])];
    for (;;) {
      const rows = (await query.findMany({ where: { searchText: { $null: true } }, select, limit: batch })) as Record<string, unknown>[];
      if (rows.length === 0) break;
      await strapi.db.transaction(async () => {
        for (const row of rows) await query.update({ where: { id: row.id }, data: { searchText: searchTextOf(collection, row) } });
      });
      if (rows.length < batch) break;
    }
  }
}

/**
 * The search text's index: on PostgreSQL a trigram index, which makes `LIKE '%…%'` fast at 50,000
 * reports (pg_trgm ships with Debian's server; a b-tree would refuse long texts); on SQLite a plain
 * index, which the count of a search with a frequent word scans instead of the whole table, and a
 * full-text index for rare words (sqlite-fts.ts).
 */
export async function ensureSearchIndexes(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  const postgres = onPostgres(strapi);
  const tables = Object.keys(SEARCHABLE).map((uid) => {
    const meta = strapi.db.metadata.get(uid as any);
    return { uid, table: meta.tableName, column: (meta.attributes.searchText as { columnName?: string }).columnName ?? 'search_text' };
  });
  try {
    if (postgres) await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    for (const { table, column } of tables) {
      const index = `${table}_search_text_${postgres ? 'trgm' : 'idx'}`;
      if (postgres) {
        await knex.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? USING gin (?? gin_trgm_ops)', [index, table, column]);
        // The rows without a text (backfillSearchText at each start): a trigram index cannot find them, this one does.
        await knex.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? (id) WHERE ?? IS NULL`, [`${table}_search_text_missing`, table, column]);
      } else await knex.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (??)', [index, table, column]);
    }
    if (!postgres) await ensureSqliteSearchIndex(strapi, tables);
  } catch (error) {
    strapi.log.warn(`Recherche : index indisponible (${(error as Error).message}) ; la recherche reste correcte, plus lente.`);
  }
}

export { normalizeSearchText };
