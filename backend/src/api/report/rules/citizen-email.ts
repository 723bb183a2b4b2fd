import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isEmailAddress } from '@mamoudzou/domain/emails';
import { currentRequest } from '../../../audit/writer';
import { optOutLink, optOutSignatureHolds, reportOfOptOutToken } from '../../../email/links';
import { outboxService } from '../../../utils/services';

const REPORT = 'api::report.report';

/**
 * The reference a citizen is told and quotes back: the report's short reference (MZ-2026-00042, given
 * by rules/reference.ts on creation), its id while it has none. The one place mails read it from.
 */
export const citizenReferenceOf = (report: { id: number | string; reference?: string | null }) => report.reference || String(report.id);

/**
 * A report created with a citizen's e-mail, from any channel (a request made it: the seed and the
 * backend's own writes are not news to anyone), is acknowledged by e-mail with its reference and a
 * link that stops e-mails about it. Only what the citizen gave is in it: no note, no assignee.
 */
export function registerCitizenAcknowledgement(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== REPORT || context.action !== 'create' || !currentRequest(strapi)) return next();
    const result: any = await next();
    const to = typeof result?.citizenEmail === 'string' ? result.citizenEmail.trim() : '';
    if (!result?.documentId || !isEmailAddress(to)) return result;
    try {
      await outboxService(strapi).enqueue({
        to,
        template: 'report-acknowledgement',
        audience: 'citizen',
        reportId: result.documentId,
        params: { reference: citizenReferenceOf(result), title: result.title, address: result.address, optOutUrl: optOutLink(result.documentId, to) },
      });
    } catch (error) {
      // The report is saved; a mail that could not be queued must not undo it.
      strapi.log.error(`citizen acknowledgement of ${result.documentId}: ${(error as Error).message}`);
    }
    return result;
  });
}

export const OPT_OUT_MESSAGES = {
  invalid: 'Ce lien de désabonnement n’est pas valide. Ouvrez le lien reçu par e-mail tel quel.',
  done: 'C’est noté : vous ne recevrez plus d’e-mails au sujet de ce signalement.',
} as const;

/** POST /api/reports/email-opt-out { token }: no more e-mails to the citizen about that report (no login: the signed link is the proof). */
export async function optOutOfReportEmails(strapi: Core.Strapi, token: unknown) {
  const parsed = reportOfOptOutToken(token);
  if (!parsed) throw new errors.ValidationError(OPT_OUT_MESSAGES.invalid);
  const report = await strapi.db.query(REPORT).findOne({ where: { documentId: parsed.reportId }, select: ['id', 'citizenEmail'] });
  if (!report?.citizenEmail || !optOutSignatureHolds(parsed.reportId, report.citizenEmail, parsed.signature)) throw new errors.ValidationError(OPT_OUT_MESSAGES.invalid);
  // Straight to the database: no staff member made this change, nor should it notify them.
  await strapi.db.query(REPORT).update({ where: { id: report.id }, data: { citizenEmailOptOut: true } });
  return { ok: true, message: OPT_OUT_MESSAGES.done };
}
