import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isEmailAddress } from '@mamoudzou/domain/emails';
import { currentRequest, writeAudit } from '../../../audit/writer';
import type { EmailTemplate } from '@mamoudzou/domain/emails';
import type { ReportFollower } from '@mamoudzou/domain/duplicates';
import { acknowledgementsPerDomainPerHour, outboxPace } from '../../../email/config';
import { optOutLink, optOutSignatureHolds, repairLink, repairToken, reportOfOptOutToken, reportPageLink } from '../../../email/links';
import { fill } from '../../../email/render';
import { CITIZEN_UPDATE_TEXTS } from '../../../email/texts';
import { now } from '../../../utils/clock';
import { createRateLimiter } from '../../../utils/rate-limit';
import { outboxService } from '../../../utils/services';
import { coded } from '@mamoudzou/domain/errors';

const REPORT = 'api::report.report';

/**
 * The reference a citizen is told and quotes back: the report's short reference (MZ-2026-00042, given
 * by rules/reference.ts on creation), its id while it has none. The one place mails read it from.
 */
export const citizenReferenceOf = (report: { id: number | string; reference?: string | null }) => report.reference || String(report.id);

/** Acknowledgements of the citizens' channel per recipient domain over the last hour, on this instance. */
const acknowledgedDomains = createRateLimiter<string>(3600_000);

/**
 * Whether a mail nobody on the staff asked for may go to this address's domain now (within the acknowledgements'
 * cap per domain and hour): anyone may type anyone's address on a public page, and the town must not be the tool
 * that floods a domain. Counts the mail when it may.
 */
export function mayMailCitizenDomain(to: string): boolean {
  const domain = to.slice(to.lastIndexOf('@') + 1).toLowerCase();
  return acknowledgedDomains.take(domain, acknowledgementsPerDomainPerHour(), now());
}

/**
 * A report created with a citizen's e-mail, from any channel (a request made it: the seed and the
 * backend's own writes are not news to anyone), is acknowledged by e-mail with its reference, its category and a
 * link that stops e-mails about it: nothing typed into it (texts.ts says why), no note, no assignee. A report
 * filed without a staff member (the citizens' channel) is acknowledged within a cap per recipient domain and per
 * hour; beyond, the report is kept and the withheld mail audited.
 */
export function registerCitizenAcknowledgement(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== REPORT || context.action !== 'create' || !currentRequest(strapi)) return next();
    const result: any = await next();
    const to = typeof result?.citizenEmail === 'string' ? result.citizenEmail.trim() : '';
    if (!result?.documentId || !isEmailAddress(to)) return result;
    const request = currentRequest(strapi);
    const domain = to.slice(to.lastIndexOf('@') + 1).toLowerCase();
    const cap = acknowledgementsPerDomainPerHour();
    if (!request?.user && !acknowledgedDomains.take(domain, cap, now())) {
      await writeAudit(strapi, {
        action: 'email_withheld',
        module: 'signalements',
        resourceType: 'report',
        resourceId: result.documentId,
        resourceLabel: `Accusé de réception de ${citizenReferenceOf(result)} non envoyé : plus de ${cap} par heure vers le domaine ${domain}`,
        userName: result.source ? `Open311 : ${result.source}` : undefined,
        ip: request?.ip,
      });
      return result;
    }
    try {
      await outboxService(strapi).enqueue({
        to,
        template: 'report-acknowledgement',
        audience: 'citizen',
        reportId: result.documentId,
        params: { reference: citizenReferenceOf(result), type: result.type, optOutUrl: optOutLink(result.documentId, to), ...trackParams(result) },
      });
    } catch (error) {
      // The report is saved; a mail that could not be queued must not undo it.
      strapi.log.error(`citizen acknowledgement of ${result.documentId}: ${(error as Error).message}`);
    }
    return result;
  });
}

/** The link to a report's public page (/signaler/suivi/…), once it has a reference. */
const trackParams = (report: { reference?: string | null }) => (report.reference ? { trackUrl: reportPageLink(report.reference) } : {});

/** A line of a report's timeline, as the citizen's news reads it. */
export interface CitizenNews {
  kind: string;
  public: boolean;
  text?: string | null;
  statusAfter?: string | null;
}

/** The closing templates, by the status a report is closed in; a duplicate's own. */
const CLOSING: Record<string, EmailTemplate> = { resolu: 'report-resolved', rejete: 'report-rejected' };
/** A reply's own opening « Bonjour, » (or « Bonjour Madame, »), which the mail's greeting already says. */
export function withoutGreeting(text: string): string {
  const rest = text.replace(/^\s*bonjour\b[^,.!\n]{0,40}[,!.]?\s*/i, '');
  return rest && rest !== text ? rest.charAt(0).toUpperCase() + rest.slice(1) : text;
}

const CLOSING_TEMPLATES: readonly EmailTemplate[] = ['report-resolved', 'report-rejected', 'report-duplicate'];

/**
 * A public line of a report's timeline is news for its citizen and followers: a reply, a closing
 * (résolu, rejeté with its reason, or a duplicate naming the original). Each person gets one mail per
 * minute at most for a report: news written together (a rejection and its reason) waits and goes as one.
 * Nobody who followed the report's opt-out link, nothing but what the citizen may read.
 */
export async function tellCitizens(strapi: Core.Strapi, reportId: string, news: CitizenNews) {
  if (!news.public) return;
  const closing = news.kind === 'status' && news.statusAfter ? CLOSING[news.statusAfter] : undefined;
  if (news.kind !== 'reply' && !closing) return;
  const report = await strapi.db.query(REPORT).findOne({
    where: { documentId: reportId },
    select: ['id', 'reference', 'type', 'citizenEmail', 'citizenEmailOptOut', 'followers', 'duplicateOf', 'report_status', 'status', 'closedAt'],
  });
  if (!report) return;
  let original: string | undefined;
  if (report.duplicateOf) {
    const first = await strapi.db.query(REPORT).findOne({ where: { documentId: report.duplicateOf }, select: ['id', 'reference'] });
    original = first ? citizenReferenceOf(first) : undefined;
  }
  const template: EmailTemplate = closing ? (original ? 'report-duplicate' : closing) : 'report-reply';
  // The mail says « Bonjour, » itself: a reply that starts with its own greeting (a template's) does not say it twice.
  const reply = news.kind === 'reply' ? withoutGreeting(news.text ?? '') : '';
  const recipients: { email: string; from?: string | null; concerned?: boolean }[] = [];
  if (isEmailAddress(report.citizenEmail) && !report.citizenEmailOptOut) recipients.push({ email: report.citizenEmail });
  for (const follower of (Array.isArray(report.followers) ? report.followers : []) as ReportFollower[]) {
    if (follower && isEmailAddress(follower.email) && !follower.optOut) recipients.push({ email: follower.email, from: follower.from ?? null, concerned: follower.concerned === true });
  }
  const base = { reference: citizenReferenceOf(report), type: report.type, original: original ?? '', ...trackParams(report) };
  // « Est-ce réparé ? »: a resolved report's mail carries two signed links per recipient, about this closing.
  const closedAt = template === 'report-resolved' && report.reference && report.closedAt ? new Date(report.closedAt) : undefined;
  const pace = outboxPace();
  for (const recipient of recipients) {
    const followNote =
      recipient.from === undefined ? '' : recipient.concerned ? CITIZEN_UPDATE_TEXTS.followNoteConcerned : recipient.from ? fill(CITIZEN_UPDATE_TEXTS.followNote, { from: recipient.from }) : CITIZEN_UPDATE_TEXTS.followNoteNoReference;
    const token = closedAt ? repairToken(reportId, closedAt, recipient.email) : undefined;
    const repair = token ? { repairedUrl: repairLink(report.reference, token, 'oui'), notRepairedUrl: repairLink(report.reference, token, 'non') } : {};
    const params = { ...base, ...repair, followNote, reply, reason: reply ? fill(CITIZEN_UPDATE_TEXTS.reason, { reply }) : '', optOutUrl: optOutLink(reportId, recipient.email) };
    try {
      await outboxService(strapi).enqueue({
        to: recipient.email,
        template,
        audience: 'citizen',
        reportId,
        params,
        notBefore: new Date(now() + pace.citizenGraceMs),
        mergeKey: `citizen:${reportId}:${recipient.email.toLowerCase()}`,
        merge: (waiting) => {
          // A closing wins over a reply; replies add up; the reason of a rejection is the reply that came with it.
          const replies = [waiting.params.reply, reply].filter((r): r is string => typeof r === 'string' && r.trim() !== '');
          const joined = [...new Set(replies)].join('\n\n');
          const mergedTemplate = CLOSING_TEMPLATES.includes(template) ? template : waiting.template;
          return { template: mergedTemplate, params: { ...waiting.params, ...params, reply: joined, reason: joined ? fill(CITIZEN_UPDATE_TEXTS.reason, { reply: joined }) : '' } };
        },
      });
    } catch (error) {
      // The report's change is saved; a mail that could not be queued must not undo it.
      strapi.log.error(`citizen news of ${reportId}: ${(error as Error).message}`);
    }
  }
}

export const OPT_OUT_MESSAGES = {
  invalid: 'Ce lien de désabonnement n’est pas valide. Ouvrez le lien reçu par e-mail tel quel.',
  // The page titles it « C’est noté »: the message does not say it again.
  done: 'Vous ne recevrez plus d’e-mails au sujet de ce signalement. Il reste traité par nos services.',
  already: 'Vous êtes déjà désabonné : la mairie ne vous écrit plus au sujet de ce signalement.',
} as const;

/** The line staff read in the report's Suivi when a citizen stops its e-mails. */
export const OPT_OUT_LINES = {
  citizen: 'Le citoyen qui a fait ce signalement ne reçoit plus d’e-mails à son sujet (lien de désabonnement).',
  follower: 'Un citoyen qui suit ce signalement (son signalement en était le doublon) ne reçoit plus d’e-mails à son sujet (lien de désabonnement).',
} as const;

/** Whose link a token is: the report's citizen, one of its followers, or nobody's (forged, or the report is gone). */
async function optOutHolder(strapi: Core.Strapi, token: unknown) {
  const parsed = reportOfOptOutToken(token);
  if (!parsed) return null;
  const report = await strapi.db.query(REPORT).findOne({ where: { documentId: parsed.reportId }, select: ['id', 'documentId', 'citizenEmail', 'citizenEmailOptOut', 'followers'] });
  if (!report) return null;
  if (report.citizenEmail && optOutSignatureHolds(parsed.reportId, report.citizenEmail, parsed.signature)) return { report, follower: null, optedOut: !!report.citizenEmailOptOut };
  const followers = (Array.isArray(report.followers) ? report.followers : []) as ReportFollower[];
  const follower = followers.find((f) => f && typeof f.email === 'string' && optOutSignatureHolds(parsed.reportId, f.email, parsed.signature));
  return follower ? { report, follower, optedOut: !!follower.optOut } : null;
}

/** POST /api/reports/email-opt-out/status { token }: whether that link was already used (the page says so on a reload); changes nothing. */
export async function optOutStatus(strapi: Core.Strapi, token: unknown) {
  const holder = await optOutHolder(strapi, token);
  if (!holder) throw new errors.ValidationError(OPT_OUT_MESSAGES.invalid, coded('invalid_link'));
  return { optedOut: holder.optedOut };
}

/**
 * POST /api/reports/email-opt-out { token }: no more e-mails to the citizen about that report (no
 * login: the signed link is the proof). Staff read it in the report's Suivi (an internal line); a link
 * used again changes nothing and says so.
 */
export async function optOutOfReportEmails(strapi: Core.Strapi, token: unknown) {
  const holder = await optOutHolder(strapi, token);
  if (!holder) throw new errors.ValidationError(OPT_OUT_MESSAGES.invalid, coded('invalid_link'));
  const { report, follower } = holder;
  if (holder.optedOut) return { ok: true, already: true, message: OPT_OUT_MESSAGES.already };
  // Straight to the database: no staff member made this change, nor should it notify them.
  if (!follower) await strapi.db.query(REPORT).update({ where: { id: report.id }, data: { citizenEmailOptOut: true } });
  else {
    const followers = report.followers as ReportFollower[];
    await strapi.db.query(REPORT).update({ where: { id: report.id }, data: { followers: followers.map((f) => (f === follower ? { ...f, optOut: true } : f)) } });
  }
  await (strapi.service('api::report-update.report-update' as any) as any).record({ report: report.documentId, kind: 'opt_out', public: false, text: follower ? OPT_OUT_LINES.follower : OPT_OUT_LINES.citizen });
  return { ok: true, message: OPT_OUT_MESSAGES.done };
}
