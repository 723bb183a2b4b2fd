import type { Core } from '@strapi/strapi';
import { effectiveReportStatus } from '@mamoudzou/domain/vocabulary';
import type { ReportUpdateKind } from '@mamoudzou/domain/timeline';
import { currentRequest } from '../../../audit/writer';
import { previousRow } from '../../../documents/previous';

const REPORT = 'api::report.report';
const UPDATE = 'api::report-update.report-update';

interface Timeline {
  record(entry: { report: string; kind: ReportUpdateKind; text?: string | null; statusBefore?: string | null; statusAfter?: string | null; author?: any }): Promise<unknown>;
}
/** The timeline's service, through the registry (a collection imports no other's files). */
const timeline = (strapi: Core.Strapi) => strapi.service(UPDATE as any) as unknown as Timeline;

const assignmentText = (row: Record<string, any>) => [row.service, row.assignedTo].filter(Boolean).join(' · ') || 'Non assigné';

/**
 * A report's timeline follows its writes: its receipt (by whom, or which Open311 client), each change
 * of status (before → after) and of assignment. A report's deletion takes its lines with it.
 */
export function registerReportTimeline(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== REPORT || !['create', 'update', 'delete'].includes(context.action)) return next();
    const previous = context.action === 'create' ? null : await previousRow(strapi, context);
    const result: any = await next();
    const author = currentRequest(strapi)?.user ?? null;
    if (context.action === 'delete') {
      if (previous?.documentId) await strapi.db.query(UPDATE).deleteMany({ where: { report: previous.documentId } });
      return result;
    }
    if (!result?.documentId) return result;
    if (context.action === 'create') {
      await timeline(strapi).record({
        report: result.documentId,
        kind: 'created',
        text: author ? null : (result.source ?? null),
        statusAfter: effectiveReportStatus(result.report_status, result.status),
        author,
      });
      return result;
    }
    if (!previous) return result;
    const before = effectiveReportStatus(previous.report_status, previous.status);
    const after = effectiveReportStatus(result.report_status ?? previous.report_status, result.status ?? previous.status);
    if (before !== after) await timeline(strapi).record({ report: result.documentId, kind: 'status', statusBefore: before, statusAfter: after, author });
    const data = ((context as any).params?.data ?? {}) as Record<string, unknown>;
    const assigned = ['assignedTo', 'service'].some((field) => field in data && (data[field] ?? null) !== (previous[field] ?? null));
    if (assigned) await timeline(strapi).record({ report: result.documentId, kind: 'assignment', text: assignmentText({ ...previous, ...data }), author });
    return result;
  });
}
