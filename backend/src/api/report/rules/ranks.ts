import type { Core } from '@strapi/strapi';
import {
  LEGACY_REPORT_STATUS,
  REPORT_PRIORITIES,
  REPORT_PRIORITY_RANK,
  REPORT_STATUS_RANK,
  REPORT_STATUSES,
  reportPriorityRank,
  reportStatusRank,
} from '@mamoudzou/domain/vocabulary';
import { previousRow } from '../../../documents/previous';
import { unindexed } from '../../../utils/database';

const REPORT = 'api::report.report';

/**
 * priorityRank and statusRank are integers stored beside priority and report_status so that lists sort
 * on the scale (critique before basse) and on the workflow (nouveau to rejete) instead of alphabetically.
 * The backend alone writes them. A creation gets both; an update or clone sets a rank only when it
 * writes that rank's fields (so it never rewrites the other one from a row read earlier), and drops
 * whatever value a client sent for a rank.
 */
export function registerReportRanks(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== REPORT || !['create', 'update', 'clone'].includes(context.action)) return next();
    const data = (context as any).params?.data as Record<string, any> | undefined;
    if (!data) return next();
    const given = (field: string) => data[field] !== undefined;
    const creating = context.action === 'create';
    delete data.priorityRank;
    delete data.statusRank;

    // An absent priority is stored as the default, normale, which is also the rank of a null one.
    if (creating || given('priority')) data.priorityRank = reportPriorityRank(data.priority);

    if (creating || given('report_status') || given('status')) {
      // A known report_status decides alone; otherwise the stored fields the write leaves fill in.
      const decided = creating || (REPORT_STATUSES as readonly string[]).includes(data.report_status);
      const previous = decided ? null : await previousRow(strapi, context);
      const field = (name: string) => (given(name) ? data[name] : previous?.[name]);
      data.statusRank = reportStatusRank(field('report_status'), field('status'));
    }
    return next();
  });
}

/** A value written into the SQL itself (constants of the vocabulary only): the ranks' CASE is also a partial index's condition. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** An integer written into the SQL itself: bound, PostgreSQL would type a CASE of parameters as text. */
const int = (value: number) => String(Math.trunc(value));
const quoted = (column: string) => `"${column}"`;

/**
 * The SQL form of reportPriorityRank and reportStatusRank over a report's columns, written out (no bound values): the
 * rank each row should have. priority → rank, anything else (null, unknown) ranks as normale; the effective status:
 * report_status when it is a known value, else the legacy status, else nouveau.
 */
export function rankExpressions(column: (attribute: string) => string): { priorityRank: string; statusRank: string } {
  let priority = 'CASE';
  for (const value of REPORT_PRIORITIES) priority += ` WHEN ${quoted(column('priority'))} = ${literal(value)} THEN ${int(REPORT_PRIORITY_RANK[value])}`;
  priority += ` ELSE ${int(REPORT_PRIORITY_RANK.normale)} END`;
  let status = 'CASE';
  for (const field of ['report_status', 'status']) {
    for (const value of REPORT_STATUSES) {
      const spellings = [value, ...Object.keys(LEGACY_REPORT_STATUS).filter((legacy) => LEGACY_REPORT_STATUS[legacy] === value)];
      status += ` WHEN ${quoted(column(field))} IN (${spellings.map(literal).join(', ')}) THEN ${int(REPORT_STATUS_RANK[value])}`;
    }
  }
  status += ` ELSE ${int(REPORT_STATUS_RANK.nouveau)} END`;
  return { priorityRank: priority, statusRank: status };
}

/**
 * Bootstrap: gives every stored row the ranks the middleware would give it, with one set-based UPDATE
 * per rank touching only the rows where it is null or wrong (rows written before the ranks existed,
 * or by hand), found through the index of incomplete reports (`incomplete`: its condition, completions.ts).
 */
export async function backfillReportRanks(strapi: Core.Strapi, incomplete: string) {
  const meta = strapi.db.metadata.get(REPORT as any);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string }).columnName ?? attribute;
  const ranks = rankExpressions(column);
  for (const attribute of ['priorityRank', 'statusRank'] as const) {
    const name = column(attribute);
    // getConnection qualifies the table with DATABASE_SCHEMA on PostgreSQL.
    const fixed = await strapi.db
      .getConnection(meta.tableName)
      .whereRaw(`(${incomplete})`)
      .whereRaw(`(${unindexed(strapi, name)} IS NULL OR ${unindexed(strapi, name)} <> ${ranks[attribute]})`)
      .update({ [name]: strapi.db.connection.raw(ranks[attribute]) });
    if (fixed) strapi.log.info(`reports: ${attribute} set on ${fixed} row(s)`);
  }
}
