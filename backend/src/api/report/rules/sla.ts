import type { Core } from '@strapi/strapi';
import {
  computeSlaStatus,
  effectiveReportStatus,
  OPEN_REPORT_STATUSES,
  slaTargetFor,
} from '@mamoudzou/domain/vocabulary';
import { previousRow } from '../../../documents/previous';

const REPORT = 'api::report.report';

const isOpen = (report: { report_status?: string | null; status?: string | null }) =>
  OPEN_REPORT_STATUSES.includes(effectiveReportStatus(report.report_status, report.status));

/**
 * The SLA status of an open report is read live from its target (a stored value would go stale);
 * a closed report keeps the status frozen when it was closed.
 */
export function withLiveSla<T extends Record<string, any>>(report: T, now: Date = new Date()): T {
  if (!report || !report.slaTarget || !isOpen(report)) return report;
  return { ...report, slaStatus: computeSlaStatus(report.slaTarget, now) ?? null };
}

/**
 * Creation without a target gets one from the priority; closing a report freezes its SLA status
 * (later changes of a closed report leave it), reopening it makes it live again.
 */
export function registerReportSla(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== REPORT || (context.action !== 'create' && context.action !== 'update')) return next();
    const params = (context as any).params ?? {};
    const data = params.data as Record<string, any> | undefined;
    if (!data) return next();
    const now = new Date();
    if (context.action === 'create') {
      if (!data.slaTarget) data.slaTarget = slaTargetFor(data.priority, now).toISOString();
      // An imported closed report may bring the status it had when it was closed.
      data.slaStatus = isOpen(data) ? null : (data.slaStatus ?? computeSlaStatus(data.slaTarget, now) ?? null);
    } else if ('report_status' in data) {
      const previous = await previousRow(strapi, context);
      const wasOpen = !previous || isOpen(previous);
      const merged = { ...previous, ...data };
      if (isOpen(merged)) data.slaStatus = null;
      else if (wasOpen) data.slaStatus = computeSlaStatus(merged.slaTarget, now) ?? null;
    }
    return next();
  });
}
