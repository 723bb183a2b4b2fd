import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Core } from '@strapi/strapi';
import { BACK_OFFICE_SOURCE, reportReference } from '@mamoudzou/domain/open311';
import { searchFieldsOf, searchTextOf } from '@mamoudzou/domain/search';
import { currentRequest } from '../../../audit/writer';
import { unindexed } from '../../../utils/database';

const REPORT = 'api::report.report';
const BATCH = 500;

/**
 * A report's short reference (MZ-2026-00042) is the backend's: given once the report has its number,
 * never taken from a client. Staff's reports come from the back-office; the citizens' channel names its
 * client itself. Registered inside the search text, the audit and the notifications (src/index.ts), so
 * that each reads the new report's reference.
 */
export function registerReportReferences(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== REPORT || (context.action !== 'create' && context.action !== 'update')) return next();
    const data = (context as any).params?.data as Record<string, unknown> | undefined;
    if (data) {
      delete data.reference;
      if (context.action === 'update') delete data.source;
      else if (currentRequest(strapi)?.user || !data.source) data.source = BACK_OFFICE_SOURCE;
    }
    const result: any = await next();
    if (context.action === 'create' && result?.id) {
      const reference = reportReference(new Date(result.createdAt ?? Date.now()), result.id);
      const stored: any = await strapi.db.query(REPORT).update({ where: { id: result.id }, data: { reference } });
      result.reference = reference;
      // Writing the reference stamped the row again: the answer states the version the database holds.
      if (stored?.updatedAt) result.updatedAt = stored.updatedAt;
    }
    return result;
  });
}

/**
 * Bootstrap: the rows without a reference get theirs, and a source and a visibility (staff's, public); found through
 * the index of incomplete reports (`incomplete`: its condition, completions.ts), a batch at a time, the event loop
 * given back between batches.
 */
export async function backfillReportReferences(strapi: Core.Strapi, incomplete: string): Promise<number> {
  const meta = strapi.db.metadata.get(REPORT as any);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string }).columnName ?? attribute;
  const table = () => strapi.db.getConnection(meta.tableName).whereRaw(`(${incomplete})`);
  // Each condition beside the index's own through `unindexed`: the index of incomplete reports is the one to read.
  const not = (attribute: string) => unindexed(strapi, column(attribute));
  await table().whereRaw(`${not('source')} IS NULL`).update({ [column('source')]: BACK_OFFICE_SOURCE });
  await table().whereRaw(`${not('isPublic')} IS NULL`).update({ [column('isPublic')]: true });
  let done = 0;
  for (;;) {
    // The search text is written again with the reference in it (search/search-text.ts).
    const fields = searchFieldsOf('report').filter((field) => field !== 'reference');
    const rows: Record<string, any>[] = await table()
      .whereRaw(`${not('reference')} IS NULL`)
      .select({ id: 'id', createdAt: column('createdAt'), ...Object.fromEntries(fields.map((field) => [field, column(field)])) })
      .orderBy('id')
      .limit(BATCH);
    if (rows.length === 0) break;
    await strapi.db.connection.transaction(async (trx) => {
      for (const row of rows) {
        const createdAt = row.createdAt instanceof Date ? row.createdAt : new Date(row.createdAt);
        const reference = reportReference(createdAt, row.id);
        await trx(meta.tableName)
          .where({ id: row.id })
          .update({ [column('reference')]: reference, [column('searchText')]: searchTextOf('report', { ...row, reference }) });
      }
    });
    done += rows.length;
    await yieldToEventLoop();
  }
  if (done) strapi.log.info(`reports: reference given to ${done} row(s)`);
  return done;
}
