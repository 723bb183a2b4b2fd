import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { citizenReportPath, type RepairAnswer } from '@mamoudzou/domain/citizen-page';
import { appUrl } from './config';

/** The pages of the back-office that mails link to (public pages, no login). */
export const RESET_PAGE = '/reinitialiser-mot-de-passe';
export const INVITATION_PAGE = '/activer-mon-compte';
export const OPT_OUT_PAGE = '/desabonnement';

/** A one-time code for a password link: mailed in clear, kept only as its hash. */
export function newPasswordCode(): { code: string; hash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: hashOfCode(code) };
}
export const hashOfCode = (code: string) => createHash('sha256').update(code).digest('hex');

export const passwordLink = (code: string, purpose: 'reset' | 'invitation') =>
  `${appUrl()}${purpose === 'invitation' ? INVITATION_PAGE : RESET_PAGE}?code=${encodeURIComponent(code)}`;

/** The key that signs opt-out links: the application's own secret, never sent anywhere. */
function signingKey(): string {
  const key = process.env.APP_KEYS?.split(',')[0] || process.env.JWT_SECRET;
  if (!key) throw new Error('APP_KEYS or JWT_SECRET is needed to sign e-mail links');
  return key;
}

const signature = (reportId: string, email: string) =>
  createHmac('sha256', signingKey()).update(`opt-out\n${reportId}\n${email.toLowerCase()}`).digest('base64url');

/** The token of a citizen's opt-out link: the report and a signature of the report and the address (nothing to store). */
export const optOutToken = (reportId: string, email: string) => `${reportId}.${signature(reportId, email)}`;

export const optOutLink = (reportId: string, email: string) => `${appUrl()}${OPT_OUT_PAGE}?jeton=${encodeURIComponent(optOutToken(reportId, email))}`;

/** The report of a token, once its signature holds for `emailOf(report)`; else null. */
export function reportOfOptOutToken(token: unknown): { reportId: string; signature: string } | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const match = /^([A-Za-z0-9]{1,64})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  return match ? { reportId: match[1], signature: match[2] } : null;
}

export function optOutSignatureHolds(reportId: string, email: string, given: string): boolean {
  const expected = Buffer.from(signature(reportId, email));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A report's public page (/signaler/suivi/MZ-2026-00042), which every citizen mail links to. */
export const reportPageLink = (reference: string) => `${appUrl()}${citizenReportPath(reference)}`;

const repairSignature = (reportId: string, closedAt: number, email: string) =>
  createHmac('sha256', signingKey()).update(`repair\n${reportId}\n${closedAt}\n${email.toLowerCase()}`).digest('base64url');

/**
 * The token of a resolved report's « Est-ce réparé ? » links: the report, the closing it asks about (its closedAt)
 * and a signature of both and of the recipient's address. One token per recipient and closing; the answer is
 * kept under it once (a unique row), so a link answers once and a forged one never.
 */
export const repairToken = (reportId: string, closedAt: Date, email: string) => `${reportId}.${closedAt.getTime().toString(36)}.${repairSignature(reportId, closedAt.getTime(), email)}`;

/** The two links of « Est-ce réparé ? »: the report's public page, which asks to confirm before anything is done. */
export const repairLink = (reference: string, token: string, answer: RepairAnswer) =>
  `${reportPageLink(reference)}?reponse=${answer}&jeton=${encodeURIComponent(token)}`;

/** The parts of a repair token, or null when it is not one. */
export function partsOfRepairToken(token: unknown): { reportId: string; closedAt: number; signature: string } | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const match = /^([A-Za-z0-9]{1,64})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return null;
  const closedAt = parseInt(match[2], 36);
  return Number.isSafeInteger(closedAt) ? { reportId: match[1], closedAt, signature: match[3] } : null;
}

export function repairSignatureHolds(reportId: string, closedAt: number, email: string, given: string): boolean {
  const expected = Buffer.from(repairSignature(reportId, closedAt, email));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * The citizens' page's form ticket: the time the backend gave it, signed. A form sent sooner than the minimum
 * filling time after it, or with a ticket the backend did not sign, is a robot's.
 */
const ticketSignature = (issuedAt: number) => createHmac('sha256', signingKey()).update(`citizen-form\n${issuedAt}`).digest('base64url');
export const formTicket = (issuedAt: number) => `${issuedAt.toString(36)}.${ticketSignature(issuedAt)}`;
/** When a ticket was given, if the backend signed it; else null. */
export function issuedAtOfTicket(ticket: unknown): number | null {
  if (typeof ticket !== 'string' || ticket.length > 100) return null;
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(ticket);
  if (!match) return null;
  const issuedAt = parseInt(match[1], 36);
  const expected = Buffer.from(ticketSignature(issuedAt));
  const actual = Buffer.from(match[2]);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? issuedAt : null;
}
