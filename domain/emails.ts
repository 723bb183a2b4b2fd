/**
 * E-mail as the product sends it: every mail is first a row of the outbox (`email-outbox`), then sent
 * by the backend's worker. The SPA's outbox screen and the backend share these values.
 */

/** What a mail is: the template that wrote it. */
export const EMAIL_TEMPLATES = [
  'report-acknowledgement',
  // A citizen (and the report's followers) told of a public reply, of its closing, or that it repeated another.
  'report-reply',
  'report-resolved',
  'report-rejected',
  'report-duplicate',
  // Someone said « Je suis concerné aussi » on the citizens' page: they now follow the report.
  'report-follow',
  'staff-notification',
  'password-reset',
  'invitation',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

/** queued: waiting for the worker (first try or a retry); sending: claimed by one instance; sent; failed: refused for good or out of retries. */
export const EMAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

/**
 * A mail handed over whole to the SMTP server, which never confirmed it took it: kept as sent (sent again
 * by itself, it would arrive twice whenever the server had taken it), with its error saying so.
 */
export const isUnconfirmed = (row: { state?: unknown; lastError?: unknown; [field: string]: unknown }) => row.state === 'sent' && typeof row.lastError === 'string' && row.lastError !== '';

/** « Renvoyer »: a failed mail, or an unconfirmed one that an administrator chooses to send again, knowing it may arrive twice. */
export const mayResend = (row: { state?: unknown; lastError?: unknown; [field: string]: unknown }) => row.state === 'failed' || isUnconfirmed(row);

/**
 * Who asked for a mail. Staff notification mails follow the global « Notifications par email »
 * switch; a citizen's or an account's mail (acknowledgement, reset, invitation) was asked for and goes anyway.
 */
export const EMAIL_AUDIENCES = ['citizen', 'staff', 'account'] as const;
export type EmailAudience = (typeof EMAIL_AUDIENCES)[number];

/** GET /api/email-outbox/stats: how many mails are in each state. */
export type EmailOutboxStats = Record<EmailState, number>;

/** How long a link mailed to set a password stays valid. */
export const PASSWORD_RESET_HOURS = 1;
export const INVITATION_HOURS = 72;

/**
 * An e-mail address the form and the backend accept: one @, a dotted domain, no spaces or angle
 * brackets (a header could be forged with them). Stricter than RFC 5322 on purpose.
 */
export const EMAIL_ADDRESS_PATTERN = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[A-Za-z]{2,}$/;
export const isEmailAddress = (value: unknown): value is string => typeof value === 'string' && value.length <= 254 && EMAIL_ADDRESS_PATTERN.test(value);
