import type { Core } from '@strapi/strapi';
import { writeCache, type WriteCache } from '../caching/write-cache';

/**
 * On SQLite, a search word found through a full-text index instead of reading every search text.
 *
 * `searchText $contains word` is `LIKE '%word%'`: SQLite reads the whole column (15 MB at 50,000
 * reports, ~20 ms) whenever the word is rare, since no row stops the scan early, and a list's count
 * always does. Each searchable table gets an FTS5 trigram index of its search text, kept by
 * triggers, which finds the rows holding a substring of 3 characters or more in about a
 * millisecond. A rare word's condition becomes `id IN (the index's matches)` (SQLite then reads only
 * those rows); a frequent word keeps `LIKE`, which the list's sorted index answers after a few rows
 * while the index would list thousands. Which of the two only changes the speed, never the rows.
 * PostgreSQL has its own trigram index (search-text.ts); nothing here runs there.
 */

/** Above this many matching rows a word keeps `LIKE`: the sorted scan meets 25 of them sooner. */
export const FTS_MAX_MATCHES = 2000;
/** The index cuts text into 3-character pieces: a shorter word matches nothing through it. */
const MIN_WORD_LENGTH = 3;

/** Content type uid → its full-text index table. */
const indexed = new Map<string, string>();
let matchCounts: WriteCache | undefined;

const ftsName = (table: string) => `${table}_search_fts`;
const triggersOf = (fts: string) => ({ insert: `${fts}_ai`, delete: `${fts}_ad`, update: `${fts}_au` });

/** The triggers that keep a table's index: each write of a row writes its entry. */
async function createTriggers(knex: any, table: string, column: string) {
  const fts = ftsName(table);
  const triggers = triggersOf(fts);
  const add = `INSERT OR REPLACE INTO ??(rowid, ??) VALUES (new.id, new.??)`;
  const remove = `DELETE FROM ?? WHERE rowid = old.id`;
  await knex.raw(`CREATE TRIGGER IF NOT EXISTS ?? AFTER INSERT ON ?? BEGIN ${add}; END`, [triggers.insert, table, fts, column, column]);
  await knex.raw(`CREATE TRIGGER IF NOT EXISTS ?? AFTER DELETE ON ?? BEGIN ${remove}; END`, [triggers.delete, table, fts]);
  await knex.raw(`CREATE TRIGGER IF NOT EXISTS ?? AFTER UPDATE OF ?? ON ?? BEGIN ${remove}; ${add}; END`, [triggers.update, column, table, fts, fts, column, column]);
}

/**
 * A bulk load of new rows (the bench's generator): their index entries written in one statement after the load
 * instead of one by one by the insert trigger (a trigram entry per row cost half of the insert). Rows numbered from
 * `fromId` on are indexed afterwards; a load that stops halfway leaves the trigger missing, and the next start
 * rebuilds the whole index (ensureSqliteSearchIndex).
 */
export async function bulkInsertIndexedAfter(strapi: Core.Strapi, uid: string, fromId: number, load: () => Promise<void>) {
  const fts = indexed.get(uid);
  if (!fts) return load();
  const knex = strapi.db.connection;
  const meta = strapi.db.metadata.get(uid as any);
  const column = (meta.attributes.searchText as { columnName?: string }).columnName ?? 'search_text';
  await knex.raw('DROP TRIGGER IF EXISTS ??', [triggersOf(fts).insert]);
  await load();
  await knex.raw('INSERT OR REPLACE INTO ??(rowid, ??) SELECT id, ?? FROM ?? WHERE id >= ? AND ?? IS NOT NULL', [fts, column, column, meta.tableName, fromId, column]);
  await createTriggers(knex, meta.tableName, column);
}

/**
 * Bootstrap (SQLite): the index and its triggers for each table. The index is rebuilt from the table
 * when it is new or a trigger was missing (a schema change that recreates a table drops its triggers).
 */
export async function ensureSqliteSearchIndex(strapi: Core.Strapi, tables: { uid: string; table: string; column: string }[]) {
  const knex = strapi.db.connection;
  for (const { uid, table, column } of tables) {
    const fts = ftsName(table);
    const triggers = triggersOf(fts);
    const present = (await knex('sqlite_master').whereIn('name', [fts, ...Object.values(triggers)]).select('name')) as { name: string }[];
    // Contentless (no second copy of the text) and deletable by rowid: a trigger that replaces a row
    // the index never held, or deletes one it lacks, does no harm (an external-content index would
    // be corrupted by such a delete).
    await knex.raw(`CREATE VIRTUAL TABLE IF NOT EXISTS ?? USING fts5(??, content='', contentless_delete=1, tokenize='trigram')`, [fts, column]);
    await createTriggers(knex, table, column);
    if (present.length < 4) {
      await knex.transaction(async (trx) => {
        await trx.raw('DELETE FROM ??', [fts]);
        await trx.raw('INSERT INTO ??(rowid, ??) SELECT id, ?? FROM ?? WHERE ?? IS NOT NULL', [fts, column, column, table, column]);
      });
    }
    indexed.set(uid, fts);
  }
  const uids = [...indexed.keys()];
  // How many rows a word matches decides the strategy only: a stale count costs speed, not rows.
  matchCounts = writeCache(strapi, { models: uids, ttlMs: 60_000, maxEntries: 500 });
  const indexSearch = async (event: any) => {
    if (mentionsSearchText(event.params?.where)) event.params.where = await withIndexedSearch(strapi, event.model.uid, event.params.where);
  };
  strapi.db.lifecycles.subscribe({ models: uids, beforeFindMany: indexSearch, beforeCount: indexSearch } as any);
}

/** Whether a where clause holds a search-text condition (most queries have none: left untouched at once). */
function mentionsSearchText(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(mentionsSearchText);
  if (!node || typeof node !== 'object' || Object.getPrototypeOf(node) !== Object.prototype) return false;
  for (const key in node as Record<string, unknown>) if (key === 'searchText' || mentionsSearchText((node as Record<string, unknown>)[key])) return true;
  return false;
}

/** An FTS5 query for one word: a quoted string, which the trigram index reads as a substring. */
const phraseOf = (word: string) => `"${word.replace(/"/g, '""')}"`;

/**
 * A where clause with each `searchText: { $contains: word }` of a rare word replaced by `id IN (the
 * index's matches)`; unchanged without an index for this content type (PostgreSQL, other models).
 */
export async function withIndexedSearch<T>(strapi: Core.Strapi, uid: string, where: T): Promise<T> {
  const fts = indexed.get(uid);
  const counts = matchCounts;
  if (!fts || !counts) return where;
  const knex = strapi.db.connection;
  const rewrite = async (node: unknown): Promise<unknown> => {
    if (Array.isArray(node)) return Promise.all(node.map(rewrite));
    if (!node || typeof node !== 'object' || Object.getPrototypeOf(node) !== Object.prototype) return node;
    const entries = Object.entries(node as Record<string, unknown>);
    const condition = (node as any).searchText;
    if (entries.length === 1 && condition && typeof condition === 'object' && Object.keys(condition).length === 1 && typeof condition.$contains === 'string') {
      const word = condition.$contains as string;
      if (word.length < MIN_WORD_LENGTH) return node;
      const phrase = phraseOf(word);
      // Within the request's transaction when there is one: SQLite has a single connection.
      const matches = await counts.get(`${uid}\u0000${word}`, () =>
        strapi.db.transaction(async ({ trx }: any) => {
          const row = (await trx(fts).whereRaw('?? MATCH ?', [fts, phrase]).count({ n: '*' }).first()) as { n: number | string };
          return Number(row.n);
        }),
      );
      if (matches > FTS_MAX_MATCHES) return node;
      return { id: { $in: knex(fts).select('rowid').whereRaw('?? MATCH ?', [fts, phrase]) } };
    }
    return Object.fromEntries(await Promise.all(entries.map(async ([key, value]) => [key, await rewrite(value)])));
  };
  return (await rewrite(where)) as T;
}
