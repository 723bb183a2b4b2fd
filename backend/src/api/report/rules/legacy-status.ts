import type { Core } from '@strapi/strapi';
import { LEGACY_REPORT_STATUS, REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';

const REPORT = 'api::report.report';

/** report_status from the legacy status field (pending, in_progress, ...) when it has none of its own. */
function fromLegacy(status: unknown) {
  if (typeof status !== 'string') return undefined;
  if ((REPORT_STATUSES as readonly string[]).includes(status)) return status;
  return Object.hasOwn(LEGACY_REPORT_STATUS, status) ? LEGACY_REPORT_STATUS[status] : undefined;
}

/**
 * One vocabulary (domain/vocabulary.ts): a report written with only the legacy status gets the matching
 * report_status, so that list filters, stats and exports agree; rows already stored are migrated at
 * bootstrap.
 */
export async function migrateLegacyReportStatus(strapi: Core.Strapi) {
  const meta = strapi.db.metadata.get(REPORT as any);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string }).columnName ?? attribute;
  const values = { ...LEGACY_REPORT_STATUS, ...Object.fromEntries(REPORT_STATUSES.map((s) => [s, s])) };
  for (const [legacy, current] of Object.entries(values)) {
    const moved = await strapi.db
      .getConnection(meta.tableName)
      .whereNull(column('report_status'))
      .andWhere(column('status'), legacy)
      .update({ [column('report_status')]: current });
    if (moved) strapi.log.info(`reports: ${moved} × status "${legacy}" → report_status "${current}"`);
  }
}

export function registerLegacyStatusMapping(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid === REPORT && (context.action === 'create' || context.action === 'update')) {
      const data = (context as any).params?.data as Record<string, unknown> | undefined;
      if (data && data.report_status == null && 'status' in data) {
        const mapped = fromLegacy(data.status);
        if (mapped) data.report_status = mapped;
      }
    }
    return next();
  });
}
