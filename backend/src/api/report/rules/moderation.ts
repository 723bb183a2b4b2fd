import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { fieldRefusal } from '../../../validation/refusal';
import { effectiveReportStatus, MODERATION_STATUS } from '@mamoudzou/domain/vocabulary';
import { currentRequest } from '../../../audit/writer';
import { previousRow } from '../../../documents/previous';
import { currentSettings } from '../../../utils/services';
import { coded } from '@mamoudzou/domain/errors';

const REPORT = 'api::report.report';
const UPDATE = 'api::report-update.report-update';

export const MODERATION_MESSAGES = {
  reserved: 'Le statut « À valider » est réservé aux signalements reçus du canal citoyen',
  notPending: 'Ce signalement n’est plus à valider : il a déjà été approuvé ou rejeté.',
  decision: 'Décision attendue : approuver ou rejeter',
  reason: 'Choisissez un motif de rejet parmi ceux des paramètres',
  notFound: 'Signalement introuvable',
} as const;


/**
 * « À valider » is given by the citizens' channel only: staff neither create a report in it nor put one
 * back into it, and what staff write never carries the duplicate link or the followers (their own routes do).
 */
export function registerModerationRule(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== REPORT || (context.action !== 'create' && context.action !== 'update')) return next();
    const data = (context as any).params?.data as Record<string, unknown> | undefined;
    const request = currentRequest(strapi);
    if (data && request?.user) {
      delete data.duplicateOf;
      delete data.followers;
    }
    if (data?.report_status === MODERATION_STATUS) {
      if (context.action === 'create' && request?.user) throw fieldRefusal('report_status', MODERATION_MESSAGES.reserved);
      if (context.action === 'update') {
        const previous = await previousRow(strapi, context);
        if (previous && effectiveReportStatus(previous.report_status, previous.status) !== MODERATION_STATUS) throw fieldRefusal('report_status', MODERATION_MESSAGES.reserved);
      }
    }
    return next();
  });
}

interface Timeline {
  record(entry: { report: string; kind: 'reply'; text: string; author?: unknown }): Promise<unknown>;
}

/**
 * POST /api/reports/:id/moderation { decision: 'approve' | 'reject', reason }: a report awaiting moderation
 * is approved (→ nouveau) or rejected (→ rejeté) with one of the settings' reasons, which becomes its
 * public reply (Open311's status_notes, the citizen's e-mail). Both writes or neither.
 */
export async function moderateReport(strapi: Core.Strapi, documentId: string, body: Record<string, unknown>, user: unknown) {
  const decision = body?.decision;
  if (decision !== 'approve' && decision !== 'reject') throw fieldRefusal('decision', MODERATION_MESSAGES.decision);
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (decision === 'reject') {
    const { signalementRejectionReasons } = await currentSettings(strapi);
    if (!signalementRejectionReasons.includes(reason)) throw fieldRefusal('reason', MODERATION_MESSAGES.reason);
  }
  return strapi.db.transaction(async () => {
    const report = await strapi.db.query(REPORT).findOne({ where: { documentId }, select: ['id', 'report_status', 'status'] });
    if (!report) throw new errors.NotFoundError(MODERATION_MESSAGES.notFound, coded('not_found'));
    if (effectiveReportStatus(report.report_status, report.status) !== MODERATION_STATUS) throw new errors.ApplicationError(MODERATION_MESSAGES.notPending, coded('conflict', { status: 409 }));
    // The reason first: the closing that follows reads it as the latest public reply.
    if (decision === 'reject') await (strapi.service(UPDATE as any) as unknown as Timeline).record({ report: documentId, kind: 'reply', text: reason, author: user });
    return strapi.documents(REPORT).update({ documentId, data: { report_status: decision === 'approve' ? 'nouveau' : 'rejete' } as any });
  });
}
