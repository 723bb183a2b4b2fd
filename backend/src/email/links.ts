import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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
