import type { Core } from '@strapi/strapi';
import { onPostgres } from '../../../utils/database';
import { errors } from '@strapi/utils';
import { AREA_REPORT_CAP, type AreaAnswer, type AreaCluster, type AreaReport } from '@mamoudzou/domain/places';
import { effectiveReportStatus } from '@mamoudzou/domain/vocabulary';
import { requestedSearch, withSearch } from '../../../search/search-text';
import { coded } from '@mamoudzou/domain/errors';

const REPORT = 'api::report.report';
/** Columns of a marker: where, which report, its status (the marker's colour) and priority. */
const MARKER_FIELDS = ['documentId', 'latitude', 'longitude', 'title', 'report_status', 'status', 'priority'];
/** Above the cap, the visible area is cut into about GRID × GRID cells, one group per non-empty cell. */
const GRID = 24;

const bound = (query: Record<string, unknown>, name: string, limit: number) => {
  const value = Number(query[name]);
  if (query[name] === undefined || query[name] === '' || !Number.isFinite(value) || Math.abs(value) > limit) {
    throw new errors.ValidationError(`${name} : nombre entre -${limit} et ${limit} attendu`, coded('invalid_request'));
  }
  return value;
};

/**
 * The reports of a visible area (a bounding box) matching the list's filters and search: a range
 * on latitude and longitude (index reports_lat_lng_idx), only the columns a marker needs, at most
 * `limit` (default and maximum AREA_REPORT_CAP). When more reports match, they come as groups of
 * a grid over the area, each with its count and mean position: the map shows the groups and says
 * to zoom in. Counting and grouping run in the database, never over 50,000 rows in JavaScript.
 */
export async function reportsInArea(strapi: Core.Strapi, query: Record<string, unknown>, filters: Record<string, unknown> = {}): Promise<AreaAnswer> {
  const south = bound(query, 'south', 90);
  const north = bound(query, 'north', 90);
  const west = bound(query, 'west', 180);
  const east = bound(query, 'east', 180);
  if (south > north || west > east) throw new errors.ValidationError('Zone invalide : south ≤ north et west ≤ east attendus', coded('invalid_request'));
  const requested = Number(query.limit ?? AREA_REPORT_CAP);
  const cap = Number.isInteger(requested) && requested > 0 ? Math.min(requested, AREA_REPORT_CAP) : AREA_REPORT_CAP;

  const conditions: Record<string, unknown>[] = [{ latitude: { $gte: south, $lte: north } }, { longitude: { $gte: west, $lte: east } }];
  if (filters && Object.keys(filters).length) conditions.push(filters);
  const search = requestedSearch(strapi, REPORT);
  const where = search ? withSearch({ $and: conditions }, search) : { $and: conditions };

  const total = Number(await strapi.db.query(REPORT).count({ where }));
  if (total <= cap) {
    const rows = (await strapi.db.query(REPORT).findMany({ where, select: MARKER_FIELDS, limit: cap })) as Record<string, any>[];
    const data: AreaReport[] = rows.map((r) => ({
      documentId: r.documentId,
      latitude: r.latitude,
      longitude: r.longitude,
      title: r.title,
      report_status: effectiveReportStatus(r.report_status, r.status),
      priority: r.priority ?? null,
    }));
    return { total, data, clusters: [], cap };
  }

  // A grid cell of each report: its offset from the area's south-west corner divided by the cell size.
  const cellLat = (north - south) / GRID || 1e-6;
  const cellLng = (east - west) / GRID || 1e-6;
  const knex = strapi.db.connection;
  const postgres = onPostgres(strapi);
  // SQLite truncates a cast (the offsets are never negative); PostgreSQL rounds one, so it floors.
  const cell = (column: string, origin: number, size: number) =>
    postgres ? knex.raw(`FLOOR((?? - ?) / ?)`, [column, origin, size]) : knex.raw(`CAST((?? - ?) / ? AS INTEGER)`, [column, origin, size]);
  const grouped = (await strapi.db
    .queryBuilder(REPORT)
    .select(['latitude'])
    .where(where)
    .getKnexQuery()
    .clearSelect()
    .clearOrder()
    .select({ gy: cell('latitude', south, cellLat), gx: cell('longitude', west, cellLng) })
    .avg({ latitude: 'latitude', longitude: 'longitude' })
    .count({ count: '*' })
    .groupBy(['gy', 'gx'])) as Record<string, unknown>[];
  const clusters: AreaCluster[] = grouped.map((g) => ({ latitude: Number(g.latitude), longitude: Number(g.longitude), count: Number(g.count) }));
  return { total, data: [], clusters, cap };
}
