import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { coded } from '@mamoudzou/domain/errors';
import { REPAIR_ANSWERS, type RepairAnswer } from '@mamoudzou/domain/citizen-page';
import { isEmailAddress } from '@mamoudzou/domain/emails';
import { confirmedRepairOf, periodBounds, previousPeriod, type ConfirmedRepair, type Period } from '@mamoudzou/domain/figures';
import type { ReportFollower } from '@mamoudzou/domain/duplicates';
import { effectiveReportStatus, MODERATION_STATUS, notificationPriorityOf, OPEN_REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import { optOutLink, partsOfRepairToken, repairSignatureHolds, reportPageLink } from '../../../email/links';
import { notifyPeople } from '../../../notifications/notify';
import { currentSettings, outboxService } from '../../../utils/services';
import { citizenReferenceOf, mayMailCitizenDomain } from './citizen-email';
import { assignees } from './reminders';

const REPORT = 'api::report.report';
const UPDATE = 'api::report-update.report-update';
const ANSWER = 'api::repair-answer.repair-answer';

/** What the citizens' page is told, in French (the page shows these words). */
export const CITIZEN_PAGE_MESSAGES = {
  notFound: 'Signalement inconnu : vérifiez sa référence.',
  notFollowable: 'Ce signalement ne peut plus être suivi : il est clos ou n’est pas public.',
  email: 'Adresse e-mail invalide.',
  followed: (reference: string) => `C’est noté : vous êtes concerné(e) par le signalement ${reference}.`,
  followedByEmail: (reference: string) => `C’est noté : vous recevrez par e-mail les nouvelles du signalement ${reference}.`,
  followNote: 'Un autre habitant est concerné (page Signaler).',
  followNoteEmail: 'Un autre habitant est concerné (page Signaler) et suit le signalement par e-mail.',
  invalidLink: 'Ce lien n’est pas valide. Ouvrez le lien reçu par e-mail tel quel.',
  answer: 'Réponse attendue : oui ou non.',
  staleLink: 'Ce lien concerne une clôture précédente de ce signalement : il ne vaut plus.',
  answered: 'Vous avez déjà répondu à cette question pour ce signalement. Merci !',
  thanksYes: 'Merci : la réparation est confirmée.',
  thanksNo: 'Merci : le signalement est rouvert et le service chargé est prévenu.',
  alreadyReopened: 'Merci : votre réponse est notée. Le signalement a déjà été rouvert.',
  reopenNote: 'Un habitant indique que le problème n’est pas réparé : le signalement est rouvert et le service chargé est prévenu.',
  reopenedTitle: (reference: string) => `Signalement ${reference} rouvert : pas réparé selon un habitant`,
  reopenedMessage: (reference: string) => `Un habitant a répondu « non » à « Est-ce réparé ? » pour ${reference} : le signalement est rouvert (En cours).`,
} as const;

const conflict = (message: string) => new errors.ApplicationError(message, coded('conflict', { status: 409 }));
/** The most followers a report keeps: beyond, a resident's concern is still noted, without their e-mail. */
const MAX_FOLLOWERS = 200;
const hashOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');

interface Timeline {
  record(entry: { report: string; kind: 'reply' | 'note'; text: string; author?: unknown; public?: boolean }): Promise<unknown>;
}
const timeline = (strapi: Core.Strapi) => strapi.service(UPDATE as any) as unknown as Timeline;

/**
 * « Je suis concerné aussi » on the citizens' page, instead of filing the same report again: the report (open,
 * public, approved) notes that one more resident is concerned (an internal line of its timeline) and, when they
 * give an e-mail, they follow it as the citizens of its duplicates do (its news by mail, a link to stop them).
 */
export async function followFromPage(strapi: Core.Strapi, reference: string, email: string | null) {
  if (email !== null && !isEmailAddress(email)) throw new errors.ValidationError(CITIZEN_PAGE_MESSAGES.email, coded('invalid_value'));
  const report = await strapi.db.query(REPORT).findOne({
    where: { reference },
    select: ['id', 'documentId', 'reference', 'type', 'report_status', 'status', 'isPublic', 'citizenEmail', 'followers'],
  });
  if (!report || report.isPublic === false) throw new errors.NotFoundError(CITIZEN_PAGE_MESSAGES.notFound, coded('not_found'));
  const status = effectiveReportStatus(report.report_status, report.status);
  if (status === MODERATION_STATUS || !OPEN_REPORT_STATUSES.includes(status)) throw conflict(CITIZEN_PAGE_MESSAGES.notFollowable);
  const reference_ = citizenReferenceOf(report);
  if (email) {
    const followers = (Array.isArray(report.followers) ? report.followers : []) as ReportFollower[];
    const known = [report.citizenEmail, ...followers.map((f) => f?.email)].some((e) => typeof e === 'string' && e.toLowerCase() === email.toLowerCase());
    if (!known && followers.length < MAX_FOLLOWERS) {
      await strapi.db.query(REPORT).update({ where: { id: report.id }, data: { followers: [...followers, { email, from: null, concerned: true }] } });
      // As an acknowledgement: within the cap of mails per domain and hour (anyone may type anyone's address here).
      if (!mayMailCitizenDomain(email)) {
        strapi.log.warn(`citizen follow of ${report.documentId}: mail withheld (domain cap)`);
      } else {
        try {
          await outboxService(strapi).enqueue({
            to: email,
            template: 'report-follow',
            audience: 'citizen',
            reportId: report.documentId,
            params: { reference: reference_, type: report.type, optOutUrl: optOutLink(report.documentId, email), trackUrl: reportPageLink(reference_) },
          });
        } catch (error) {
          // They follow the report; a mail that could not be queued must not undo it.
          strapi.log.error(`citizen follow of ${report.documentId}: ${(error as Error).message}`);
        }
      }
    }
  }
  await timeline(strapi).record({ report: report.documentId, kind: 'note', text: email ? CITIZEN_PAGE_MESSAGES.followNoteEmail : CITIZEN_PAGE_MESSAGES.followNote });
  return { service_request_id: reference_, following: Boolean(email), message: email ? CITIZEN_PAGE_MESSAGES.followedByEmail(reference_) : CITIZEN_PAGE_MESSAGES.followed(reference_) };
}

const isUniqueViolation = (error: unknown) => /unique|UNIQUE|duplicate key/i.test(String((error as Error)?.message ?? error));

/**
 * « Est-ce réparé ? », answered through one of the two signed links of a resolved report's mail (no login: the
 * signature is the proof). The answer is kept once per recipient and closing; « non » reopens the report (En
 * cours) with a public note, and the assigned service (else its staff, else the supervisors) is told.
 */
export async function answerRepairQuestion(strapi: Core.Strapi, token: unknown, answer: unknown) {
  const parts = partsOfRepairToken(token);
  if (!parts) throw new errors.ValidationError(CITIZEN_PAGE_MESSAGES.invalidLink, coded('invalid_link'));
  if (!(REPAIR_ANSWERS as readonly unknown[]).includes(answer)) throw new errors.ValidationError(CITIZEN_PAGE_MESSAGES.answer, coded('invalid_request'));
  const report = await strapi.db.query(REPORT).findOne({
    where: { documentId: parts.reportId },
    select: ['id', 'documentId', 'reference', 'type', 'report_status', 'status', 'closedAt', 'citizenEmail', 'followers', 'service', 'assignedTo', 'priority'],
  });
  if (!report) throw new errors.ValidationError(CITIZEN_PAGE_MESSAGES.invalidLink, coded('invalid_link'));
  const followers = (Array.isArray(report.followers) ? report.followers : []) as ReportFollower[];
  const recipient = [report.citizenEmail, ...followers.map((f) => f?.email)].find(
    (email): email is string => typeof email === 'string' && repairSignatureHolds(parts.reportId, parts.closedAt, email, parts.signature),
  );
  if (!recipient) throw new errors.ValidationError(CITIZEN_PAGE_MESSAGES.invalidLink, coded('invalid_link'));
  const status = effectiveReportStatus(report.report_status, report.status);
  const closedAt = report.closedAt ? new Date(report.closedAt).getTime() : null;
  // A link of an earlier closing never reopens a report closed again since (nor answers about a rejected one).
  if (status === 'rejete' || (status === 'resolu' && closedAt !== parts.closedAt)) throw conflict(CITIZEN_PAGE_MESSAGES.staleLink);
  const reopen = answer === 'non' && status === 'resolu';
  const reference = citizenReferenceOf(report);
  await strapi.db.transaction(async () => {
    try {
      await strapi.db.query(ANSWER).create({ data: { report: report.documentId, closedAt: new Date(parts.closedAt), recipient: hashOf(recipient), answer } });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CITIZEN_PAGE_MESSAGES.answered);
      throw error;
    }
    if (!reopen) return;
    // The note first: the citizens' mail of the reopening reads it.
    await timeline(strapi).record({ report: report.documentId, kind: 'reply', text: CITIZEN_PAGE_MESSAGES.reopenNote });
    await strapi.documents(REPORT).update({ documentId: report.documentId, data: { report_status: 'en_cours' } as any });
  });
  if (reopen) {
    try {
      const settings = await currentSettings(strapi);
      await notifyPeople(strapi, await assignees(strapi, report, settings.slaEscalationRoles), {
        title: CITIZEN_PAGE_MESSAGES.reopenedTitle(reference),
        message: CITIZEN_PAGE_MESSAGES.reopenedMessage(reference),
        type: 'warning',
        category: 'signalement',
        priority: notificationPriorityOf(report.priority),
        data: { url: `/signalements/${report.documentId}`, entityId: report.documentId, entityType: 'report' },
      });
    } catch (error) {
      // The report is reopened; a warning that could not be sent must not undo it.
      strapi.log.error(`repair answer of ${report.documentId}: ${(error as Error).message}`);
    }
  }
  const message = answer === 'oui' ? CITIZEN_PAGE_MESSAGES.thanksYes : reopen ? CITIZEN_PAGE_MESSAGES.thanksNo : CITIZEN_PAGE_MESSAGES.alreadyReopened;
  return { service_request_id: reference, answer: answer as RepairAnswer, reopened: reopen, message };
}

async function confirmedRepairIn(strapi: Core.Strapi, period: Period): Promise<ConfirmedRepair> {
  const { start, end } = periodBounds(period);
  const where = { closedAt: { $gte: start, $lt: end } };
  const [answers, fixed] = await Promise.all([
    strapi.db.query(ANSWER).count({ where }),
    strapi.db.query(ANSWER).count({ where: { ...where, answer: 'oui' } }),
  ]);
  return confirmedRepairOf(answers, fixed);
}

/** « Taux de réparation confirmé »: the answers to « Est-ce réparé ? » about the closings of the period and of the one before. */
export async function confirmedRepair(strapi: Core.Strapi, period: Period) {
  const [current, previous] = await Promise.all([confirmedRepairIn(strapi, period), confirmedRepairIn(strapi, previousPeriod(period))]);
  return { current, previous };
}
