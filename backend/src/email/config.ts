/**
 * Where mail goes and where its links lead, from the environment (docs/configuration.md, « E-mails »).
 * Without SMTP_HOST nothing is sent: mails wait in the outbox until a server is configured
 * (`npm start` runs a local mail catcher and sets SMTP_HOST to it).
 */

export const DEFAULT_FROM = 'Mairie de Mamoudzou <ne-pas-repondre@mamoudzou.yt>';

export const smtpConfigured = () => Boolean(process.env.SMTP_HOST?.trim());

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** The SMTP settings as the Intégrations page may show them (never the account nor its password). */
export function smtpSummary() {
  const secure = process.env.SMTP_SECURE === 'true';
  return {
    host: process.env.SMTP_HOST?.trim() || null,
    port: int(process.env.SMTP_PORT, secure ? 465 : 587),
    secure,
    from: process.env.EMAIL_FROM || DEFAULT_FROM,
    replyTo: process.env.EMAIL_REPLY_TO || null,
  };
}

/** The back-office's public address, for the links mails carry. */
export function appUrl(): string {
  return (process.env.APP_URL?.trim() || 'http://localhost:5173').replace(/\/+$/, '');
}

/**
 * Acknowledgements of reports filed through the citizens' channel, per recipient domain over any hour: beyond,
 * they are withheld (and audited), so that nobody makes the town mail a whole domain. Staff's own reports are
 * not held back.
 */
export const acknowledgementsPerDomainPerHour = () => int(process.env.CITIZEN_ACKNOWLEDGEMENTS_PER_DOMAIN_PER_HOUR, 20);

/** The worker's pace: how often it looks for due mails, the first retry's delay (doubled each time, at most an hour), how many tries. */
export function outboxPace() {
  return {
    pollMs: int(process.env.EMAIL_POLL_MS, 5_000),
    retryBaseMs: int(process.env.EMAIL_RETRY_BASE_MS, 30_000),
    retryMaxMs: 3600_000,
    maxAttempts: int(process.env.EMAIL_MAX_ATTEMPTS, 24),
    // A claim older than this is an instance that stopped while sending: the mail goes back to the queue.
    claimTimeoutMs: int(process.env.EMAIL_CLAIM_TIMEOUT_MS, 5 * 60_000),
    // A citizen's news waits this long so that a reply and a closing written together make one mail.
    citizenGraceMs: int(process.env.EMAIL_CITIZEN_GRACE_MS, 60_000),
    // Staff news of one record waits this long so that changes made within minutes make one mail.
    staffGraceMs: int(process.env.EMAIL_STAFF_GRACE_MS, 120_000),
  };
}
