import type { Core } from '@strapi/strapi';
import { onPostgres } from '../../../utils/database';

/**
 * The reports list's default order is `created_at DESC, id ASC`: Strapi adds the id, ascending, to
 * break ties. A plain (created_at, id) index read backwards gives `id DESC`, so the database sorted
 * again after the index (SQLite: "USE TEMP B-TREE FOR RIGHT PART OF ORDER BY"), which made page 1,000
 * of 50,000 reports cost 50 ms of SQL instead of 1. Strapi's schema indexes take column names only,
 * without a direction, so these are created here, after the schema sync, under names Strapi leaves
 * alone. Each filter the list offers (status tab, status and zone, zone, priority, type) leads an index
 * followed by that order: the page and its count read the index alone.
 */
export const REPORT_SORT_INDEXES: { name: string; columns: string[] }[] = [
  { name: 'reports_sort_created', columns: [] },
  { name: 'reports_sort_status', columns: ['report_status'] },
  { name: 'reports_sort_status_zone', columns: ['report_status', 'zone'] },
  { name: 'reports_sort_zone', columns: ['zone'] },
  { name: 'reports_sort_priority', columns: ['priority'] },
  { name: 'reports_sort_type', columns: ['type'] },
];

/**
 * SQLite only: the default order followed by the normalised search text. A search for a word few
 * reports hold walked the order's index and read each report's row to test it (50,000 lookups, about
 * 100 ms for a word nobody wrote); with the text in the index the test is made on the index alone
 * (about 20 ms), and a common word still stops after its first 25. PostgreSQL has its trigram index
 * instead (a b-tree refuses texts over a few kilobytes there).
 */
export const REPORT_SEARCH_SORT_INDEX = 'reports_sort_created_search';

export async function ensureReportSortIndexes(strapi: Core.Strapi) {
  const knex = strapi.db.connection;
  const meta = strapi.db.metadata.get('api::report.report');
  const table = meta.tableName;
  for (const { name, columns } of REPORT_SORT_INDEXES) {
    const leading = columns.map(() => '??, ').join('');
    await knex.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? (${leading}?? DESC, ?? ASC)`, [name, table, ...columns, 'created_at', 'id']);
  }
  if (!onPostgres(strapi)) {
    const searchColumn = (meta.attributes.searchText as { columnName?: string }).columnName ?? 'search_text';
    await knex.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (?? DESC, ?? ASC, ??)', [REPORT_SEARCH_SORT_INDEX, table, 'created_at', 'id', searchColumn]);
  }
}
