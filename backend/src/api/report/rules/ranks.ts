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

const placeholders = (values: unknown[]) => values.map(() => '?').join(', ');
/** An integer written into the SQL itself: bound, PostgreSQL would type a CASE of parameters as text. */
const int = (value: number) => String(Math.trunc(value));

/**
 * Bootstrap: gives every stored row the ranks the middleware would give it, with one set-based UPDATE
 * per rank touching only the rows where it is null or wrong (rows written before the ranks existed,
 * or by hand). The CASE expressions are the SQL form of reportPriorityRank and reportStatusRank.
 */
export async function backfillReportRanks(strapi: Core.Strapi) {
  const meta = strapi.db.metadata.get(REPORT as any);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string }).columnName ?? attribute;

  // priority → rank; anything else (null, unknown) ranks as normale.
  const priority = { sql: 'CASE', bindings: [] as string[] };
  for (const value of REPORT_PRIORITIES) {
    priority.sql += ` WHEN ?? = ? THEN ${int(REPORT_PRIORITY_RANK[value])}`;
    priority.bindings.push(column('priority'), value);
  }
  priority.sql += ` ELSE ${int(REPORT_PRIORITY_RANK.normale)} END`;

  // The effective status: report_status when it is a known value, else the legacy status, else nouveau.
  const status = { sql: 'CASE', bindings: [] as string[] };
  for (const field of ['report_status', 'status']) {
    for (const value of REPORT_STATUSES) {
      const spellings = [value, ...Object.keys(LEGACY_REPORT_STATUS).filter((legacy) => LEGACY_REPORT_STATUS[legacy] === value)];
      status.sql += ` WHEN ?? IN (${placeholders(spellings)}) THEN ${int(REPORT_STATUS_RANK[value])}`;
      status.bindings.push(column(field), ...spellings);
    }
  }
  status.sql += ` ELSE ${int(REPORT_STATUS_RANK.nouveau)} END`;

  for (const [attribute, rank] of [['priorityRank', priority], ['statusRank', status]] as const) {
    const name = column(attribute);
    // getConnection qualifies the table with DATABASE_SCHEMA on PostgreSQL.
    const fixed = await strapi.db
      .getConnection(meta.tableName)
      .whereNull(name)
      .orWhereRaw(`?? <> ${rank.sql}`, [name, ...rank.bindings])
      .update({ [name]: strapi.db.connection.raw(rank.sql, rank.bindings) });
    if (fixed) strapi.log.info(`reports: ${attribute} set on ${fixed} row(s)`);
  }
}
