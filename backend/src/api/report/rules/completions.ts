import type { Core } from '@strapi/strapi';
import { OPEN_REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import { SLA_NOTICE_KINDS } from '@mamoudzou/domain/sla';
import { onPostgres } from '../../../utils/database';
import { rankExpressions } from './ranks';

const REPORT = 'api::report.report';
/** The condition's version is in the name: a new condition is a new index, and the older ones are dropped. */
const INDEX = 'reports_incomplete_v1';
const OLDER_INDEXES: string[] = [];
const CLOSED = ['resolu', 'rejete'];

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const quoted = (column: string) => `"${column}"`;

/**
 * What the backend completes on reports written past its rules (rows stored before a column existed, a bulk load,
 * an import by hand), as one SQL condition: no reference, no source, no visibility, a rank missing or wrong, a
 * target without its reminder time, a closed report without its closing time, an open one whose next reminder is
 * not set. Written out without bound values: it is also the condition of a partial index over the rows it holds,
 * which is empty once they are completed. Each completion at start reads `(this condition) AND its own`: the
 * databases then find the rows in that index instead of reading every report (a second or more each at 500,000).
 */
export function incompleteReports(strapi: Core.Strapi): string {
  const meta = strapi.db.metadata.get(REPORT as any);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string })?.columnName ?? attribute;
  const c = (attribute: string) => quoted(column(attribute));
  const ranks = rankExpressions(column);
  // A rank that differs from what it should be, null included (SQLite's IS NOT, PostgreSQL's IS DISTINCT FROM).
  const differs = onPostgres(strapi) ? 'IS DISTINCT FROM' : 'IS NOT';
  const open = OPEN_REPORT_STATUSES.map(literal).join(', ');
  return [
    `${c('reference')} IS NULL`,
    `${c('source')} IS NULL`,
    `${c('isPublic')} IS NULL`,
    `${c('priorityRank')} ${differs} (${ranks.priorityRank})`,
    `${c('statusRank')} ${differs} (${ranks.statusRank})`,
    `(${c('slaTarget')} IS NOT NULL AND ${c('slaWarningAt')} IS NULL)`,
    `(${c('closedAt')} IS NULL AND ${c('report_status')} IN (${CLOSED.map(literal).join(', ')}))`,
    `(${c('nextReminderAt')} IS NULL AND ${c('slaTarget')} IS NOT NULL AND ${c('report_status')} IN (${open}) AND (${c('slaNotified')} IS NULL OR ${c('slaNotified')} < ${SLA_NOTICE_KINDS.length}))`,
  ].join(' OR ');
}

/**
 * Bootstrap, before the completions: the partial index of incomplete reports (made once; at the first start after an
 * upgrade, one read of the table).
 */
export async function ensureIncompleteReportsIndex(strapi: Core.Strapi): Promise<string> {
  const knex = strapi.db.connection;
  const table = strapi.db.metadata.get(REPORT as any).tableName;
  const condition = incompleteReports(strapi);
  for (const older of OLDER_INDEXES) await knex.raw('DROP INDEX IF EXISTS ??', [older]);
  await knex.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? (id) WHERE ${condition}`, [INDEX, table]);
  return condition;
}

export const INCOMPLETE_REPORTS_INDEX = INDEX;
