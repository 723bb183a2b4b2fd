import type { Core } from '@strapi/strapi';
import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { BACK_OFFICE_SOURCE, reportReference } from '@mamoudzou/domain/open311';
import { searchTextOf } from '@mamoudzou/domain/search';
import { nextReminderAt, slaStatusOf, SLA_NOTICE_KINDS } from '@mamoudzou/domain/sla';
import { OPEN_REPORT_STATUSES, reportPriorityRank, reportStatusRank, SLA_HOURS_BY_PRIORITY, type ReportPriority } from '@mamoudzou/domain/vocabulary';
import { buildReports } from './reports';
import { bulkInsertIndexedAfter } from '../search/sqlite-fts';
import { onPostgres } from '../utils/database';
import { currentSettings } from '../utils/services';

const REPORT_UID = 'api::report.report';
const DAY = 24 * 3600 * 1000;
/** Rows per INSERT: 500 × 35 columns stays under SQLite's and PostgreSQL's limits of bound values. */
const ROWS_PER_INSERT = 500;
/** Rows per transaction: one commit (one wait for the disk) per 20,000 rows. */
const ROWS_PER_TRANSACTION = 20_000;
const FIGURE_CHANGES = 'report_figure_changes';

const documentId = () => randomBytes(18).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, 'x').slice(0, 24);

/**
 * A bulk load into `table` with its secondary indexes dropped first and made again after: one sort per index
 * instead of a random insertion into each of twenty for every row. A load stopped halfway leaves indexes missing,
 * which the next start makes again (Strapi's schema sync, sort-indexes.ts, search-text.ts).
 */
async function withIndexesBuiltAfter(strapi: Core.Strapi, table: string, load: () => Promise<void>) {
  const knex = strapi.db.connection;
  const indexes: { name: string; sql: string }[] = onPostgres(strapi)
    ? (
        await knex.raw(
          `SELECT i.indexname AS name, i.indexdef AS sql FROM pg_indexes i
            WHERE i.schemaname = current_schema() AND i.tablename = ?
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
          [table],
        )
      ).rows
    : await knex('sqlite_master').select('name', 'sql').where({ type: 'index', tbl_name: table }).whereNotNull('sql');
  for (const { name } of indexes) await knex.raw('DROP INDEX IF EXISTS ??', [name]);
  try {
    await load();
  } finally {
    for (const { sql } of indexes) await knex.raw(sql);
  }
}

/**
 * SEED_BULK_REPORTS=N fills the reports table up to N rows, for benchmarks (`npm run bench`): the demo
 * reports repeated with dates spread over the last year, written with knex (the API would take hours).
 *
 * Each row is written final, as the backend would have kept it: its number chosen here (the largest one + 1
 * onwards), hence its reference and the search text that holds it, its source, its visibility, its ranks, its
 * service level, and its reminders as the first start would count them (past ones told, the next one due). Nothing
 * is left for a start-up pass to complete: at 500,000 rows the completions after the insert (a reference per row,
 * the visibility of every row, the reminders' baseline over the open ones) took longer than the insert itself.
 */
export async function seedBulkReports(strapi: Core.Strapi, target: number): Promise<number> {
  const existing = await strapi.db.query(REPORT_UID).count();
  if (existing >= target) return 0;
  const knex = strapi.db.connection;
  const meta = strapi.db.metadata.get(REPORT_UID as any);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string })?.columnName ?? attribute;
  const table = meta.tableName;
  const schema = strapi.db.getSchemaName();
  const into = (trx: any) => (schema ? trx(table).withSchema(schema) : trx(table));
  const settings = await currentSettings(strapi);
  const templates = buildReports();
  const now = Date.now();
  const nowDate = new Date(now);
  const missing = target - existing;
  const firstId = Number((await into(knex).max({ id: 'id' }))[0]?.id ?? 0) + 1;
  const logFrom = Number((await knex(FIGURE_CHANGES).max({ seq: 'seq' }))[0]?.seq ?? 0);

  const rowOf = (i: number): Record<string, unknown> => {
    const { data } = templates[i % templates.length];
    const id = firstId + i;
    const createdAt = new Date(now - ((i * 7919) % (365 * 24)) * (DAY / 24));
    const docId = documentId();
    const title = `${data.title} (${i + 1})`;
    const reference = reportReference(createdAt, id);
    // Service levels as the backend keeps them (api/report/rules/sla.ts): closed within 20 % to 140 % of the delay.
    const delay = (SLA_HOURS_BY_PRIORITY[data.priority as ReportPriority] ?? 168) * 3600 * 1000;
    const status = data.report_status as string;
    const open = OPEN_REPORT_STATUSES.includes(status as never);
    const slaTarget = new Date(createdAt.getTime() + delay);
    const slaWarningAt = new Date(createdAt.getTime() + (settings.slaReminderPercent / 100) * delay);
    const closedAt = open ? null : new Date(Math.min(now - 3600 * 1000, createdAt.getTime() + (0.2 + ((i * 37) % 120) / 100) * delay));
    const firstResponseAt = status === 'nouveau' || status === 'a_valider' ? null : new Date(createdAt.getTime() + (0.02 + ((i * 13) % 28) / 100) * delay);
    // Reminders as the first start counts them: those already due are old news, told; the others come in their time.
    const next = nextReminderAt({ report_status: status, slaTarget, slaWarningAt }, settings);
    const told = next !== null && next.getTime() <= now;
    const values: Record<string, unknown> = {
      ...data,
      title,
      documentId: docId,
      reference,
      source: (data.source as string | undefined) ?? BACK_OFFICE_SOURCE,
      isPublic: true,
      priorityRank: reportPriorityRank(data.priority as string),
      statusRank: reportStatusRank(status, data.status as string),
      searchText: searchTextOf('report', { ...data, title, reference, documentId: docId }),
      slaTarget,
      slaWarningAt,
      closedAt,
      firstResponseAt,
      slaStatus: open ? null : (slaStatusOf({ report_status: status, slaTarget, closedAt }) ?? null),
      slaNotified: told ? SLA_NOTICE_KINDS.length : null,
      nextReminderAt: told ? null : next,
      createdAt,
      updatedAt: closedAt ?? createdAt,
      publishedAt: createdAt,
    };
    const row: Record<string, unknown> = { id };
    for (const [attribute, value] of Object.entries(values)) {
      if (value === undefined || !(attribute in meta.attributes)) continue;
      row[column(attribute)] = Array.isArray(value) ? JSON.stringify(value) : value;
    }
    return row;
  };

  const started = Date.now();
  await withIndexesBuiltAfter(strapi, table, () => bulkInsertIndexedAfter(strapi, REPORT_UID, firstId, async () => {
    for (let start = 0; start < missing; start += ROWS_PER_TRANSACTION) {
      const end = Math.min(missing, start + ROWS_PER_TRANSACTION);
      await knex.transaction(async (trx) => {
        for (let from = start; from < end; from += ROWS_PER_INSERT) {
          const rows: Record<string, unknown>[] = [];
          for (let i = from; i < Math.min(end, from + ROWS_PER_INSERT); i++) rows.push(rowOf(i));
          await into(trx).insert(rows);
        }
      });
      await yieldToEventLoop();
    }
  }));
  if (onPostgres(strapi)) {
    // Numbers were chosen here: the sequence goes on after them.
    await knex.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT MAX(id) FROM ??))`, [schema ? `${schema}.${table}` : table, table]);
  }
  // The figures' log of these inserts: no instance has read the reports yet (each loads them all at its start).
  for (;;) {
    const removed = await knex(FIGURE_CHANGES)
      .whereIn('seq', knex(FIGURE_CHANGES).select('seq').where('seq', '>', logFrom).orderBy('seq').limit(50_000))
      .delete();
    if (!removed) break;
  }
  // After a bulk load PostgreSQL's statistics still say the table is empty, and index-only scans need
  // its visibility map: what autovacuum does within minutes on a live base, done now (PostgreSQL's advice).
  if (onPostgres(strapi)) await knex.raw('VACUUM ANALYZE ??', [table]);
  strapi.log.info(`[seed] ${missing} signalements de charge écrits en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return missing;
}
