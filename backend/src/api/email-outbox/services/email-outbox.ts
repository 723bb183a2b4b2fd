import { randomBytes } from 'node:crypto';
import { factories, type Core } from '@strapi/strapi';
import { EMAIL_STATES, isEmailAddress, mayResend, type EmailOutboxStats } from '@mamoudzou/domain/emails';
import { outboxPace, smtpConfigured, smtpSummary } from '../../../email/config';
import { renderEmail } from '../../../email/render';
import { UNCONFIRMED } from '../../../email/smtp-transport';
import { now } from '../../../utils/clock';
import { currentSettings, type OutboxMail, type OutboxService, type SmtpState } from '../../../utils/services';

const UID = 'api::email-outbox.email-outbox';

interface OutboxRow {
  id: number;
  documentId: string;
  to: string;
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string> | null;
  attempts: number;
  state: string;
}

/**
 * Whether a refusal concerns this mail (its recipient at RCPT TO, its content at DATA) rather than the session: a
 * server that refuses the connection (a 554 greeting), the login or the sender refuses every mail alike, for reasons
 * of its own or of the configuration. Those are retried later and end the batch; so is any failure with no reply
 * (a server down, silent or cut off).
 */
const aboutThisMail = (error: any) => Boolean(error?.responseCode) && ['RCPT TO', 'DATA'].includes(error?.command);

/** A 5xx about this mail is the server's final word on it (unknown mailbox, refused content): retrying changes nothing. */
const isPermanent = (error: any) => aboutThisMail(error) && Number(error.responseCode) >= 500 && Number(error.responseCode) < 600;

/** What administrators read in the outbox: the cause in French, then the server's own words. */
const CAUSES: Record<string, string> = {
  ETIMEDOUT: 'Le serveur d’envoi n’a pas répondu à temps',
  ECONNECTION: 'Serveur d’envoi injoignable',
  ECONNREFUSED: 'Serveur d’envoi injoignable',
  ESOCKET: 'Connexion au serveur d’envoi interrompue',
  EDNS: 'Nom du serveur d’envoi introuvable',
  EAUTH: 'Identifiants SMTP refusés',
  ETLS: 'Échec de la connexion chiffrée au serveur d’envoi',
};
const describe = (error: any) => {
  const raw = String(error?.response || error?.message || error);
  // nodemailer reports a refused connection as a socket error: the system's code says more.
  const cause = /ECONNREFUSED|EHOSTUNREACH/.test(raw) ? CAUSES.ECONNREFUSED : /ENOTFOUND|EAI_AGAIN/.test(raw) ? CAUSES.EDNS : CAUSES[error?.code];
  return (cause ? `${cause} (${raw})` : raw).slice(0, 1000);
};

function outbox(strapi: Core.Strapi) {
  const rows = () => strapi.db.query(UID as any);
  const pace = outboxPace();
  const instance = randomBytes(6).toString('hex');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  /** A person's own link (invitation, password reset) was queued here during a pass: it goes before the rest of the batch. */
  let linkWaiting = false;
  const health: { lastSentAt: string | null; lastError: string | null; lastErrorAt: string | null } = { lastSentAt: null, lastError: null, lastErrorAt: null };
  let verified: { at: number; state: Pick<SmtpState, 'reachable' | 'error'> } | null = null;

  /** Takes the row for this instance: only one update can turn it from queued to sending. */
  async function claim(id: number): Promise<OutboxRow | null> {
    const claimToken = `${instance}-${randomBytes(6).toString('hex')}`;
    const { count } = await rows().updateMany({ where: { id, state: 'queued' }, data: { state: 'sending', claimToken, claimedAt: new Date(now()) } });
    if (count !== 1) return null;
    return rows().findOne({ where: { id, claimToken } });
  }

  /** Sends one claimed row; answers false when the failure holds for the next mails too (the batch stops there). */
  async function deliver(row: OutboxRow): Promise<boolean> {
    const attempts = (row.attempts ?? 0) + 1;
    try {
      await strapi.plugin('email').service('email').send({
        to: row.to,
        subject: row.subject,
        html: row.html ?? undefined,
        text: row.text ?? undefined,
        headers: row.headers ?? undefined,
        // One Message-ID per outbox row: a receiving server (and a test) can tell a duplicate.
        messageId: `<${row.documentId}@outbox.mamoudzou>`,
      });
      health.lastSentAt = new Date().toISOString();
      await rows().update({ where: { id: row.id }, data: { state: 'sent', attempts, sentAt: new Date(now()), lastError: null, claimToken: null } });
      return true;
    } catch (error) {
      const message = describe(error);
      if ((error as { code?: string })?.code === UNCONFIRMED) {
        // At most once: sent again, it would arrive twice whenever the server had taken it.
        await rows().update({
          where: { id: row.id },
          data: { state: 'sent', attempts, sentAt: new Date(now()), lastError: `Envoi non confirmé, non renouvelé pour ne pas arriver en double : ${message}`, claimToken: null },
        });
        strapi.log.warn(`email-outbox: ${row.documentId} handed over without the server's confirmation, not sent again`);
        return false;
      }
      health.lastError = message;
      health.lastErrorAt = new Date().toISOString();
      const permanent = isPermanent(error);
      const exhausted = attempts >= pace.maxAttempts;
      const delay = Math.min(pace.retryBaseMs * 2 ** (attempts - 1), pace.retryMaxMs);
      await rows().update({
        where: { id: row.id },
        data: {
          state: permanent || exhausted ? 'failed' : 'queued',
          attempts,
          lastError: permanent ? `Adresse refusée par le serveur d'envoi : ${message}` : exhausted ? `Abandonné après ${attempts} essais : ${message}` : message,
          nextAttemptAt: new Date(now() + delay),
          claimToken: null,
        },
      });
      if (!permanent) strapi.log.warn(`email-outbox: ${row.documentId} not sent (try ${attempts}): ${message}`);
      return aboutThisMail(error);
    }
  }

  /** Claims left by an instance that stopped while sending go back to the queue. */
  async function releaseStale() {
    await rows().updateMany({
      where: { state: 'sending', claimedAt: { $lt: new Date(now() - pace.claimTimeoutMs) } },
      data: { state: 'queued', claimToken: null, nextAttemptAt: new Date(now()) },
    });
  }

  const dueMails = (where: Record<string, unknown>): Promise<{ id: number }[]> =>
    rows().findMany({
      where: { state: 'queued', nextAttemptAt: { $lte: new Date(now()) }, ...where },
      orderBy: [{ nextAttemptAt: 'asc' }, { id: 'asc' }],
      limit: 20,
      select: ['id'],
    });

  /**
   * One pass: every due mail, oldest first, until none is due or the server cannot be reached. A person's own links
   * (audience « account »: invitation, password reset) go first: someone is waiting at the login screen for them,
   * while a burst of notifications (every late report escalated at once) can take minutes.
   */
  async function pass() {
    await releaseStale();
    for (;;) {
      linkWaiting = false;
      const links = await dueMails({ audience: 'account' });
      const due = links.length ? links : await dueMails({});
      if (due.length === 0) return;
      for (const { id } of due) {
        if (stopped) return;
        // A link queued meanwhile: ask again, links first.
        if (linkWaiting && !links.length) break;
        const row = await claim(id);
        if (row && !(await deliver(row))) return;
      }
      if (due.length < 20 && !linkWaiting) return;
    }
  }

  /** Runs a pass unless one is running; a kick during a pass runs another after it. */
  function kick() {
    if (stopped || !smtpConfigured()) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error) => {
        strapi.log.error(`email-outbox: ${(error as Error).message}`);
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          setImmediate(kick);
        }
      });
  }

  return {
    async enqueue(mail: OutboxMail) {
      if (!isEmailAddress(mail.to)) {
        strapi.log.warn(`email-outbox: ${mail.template} not queued, invalid address`);
        return null;
      }
      const settings = await currentSettings(strapi);
      if (mail.mergeKey && mail.merge) {
        const waiting = await rows().findOne({ where: { mergeKey: mail.mergeKey, state: 'queued', attempts: 0 }, select: ['id', 'documentId', 'template', 'params'] });
        if (waiting?.params) {
          const merged = mail.merge({ template: waiting.template, params: waiting.params });
          const rendered = renderEmail(merged.template, merged.params, settings);
          // Only while still waiting: a worker that claimed it meanwhile sends what it took, and this news goes alone.
          const { count } = await rows().updateMany({
            where: { id: waiting.id, state: 'queued', attempts: 0 },
            data: { template: merged.template, params: merged.params, subject: rendered.subject, html: rendered.html, text: rendered.text, headers: rendered.headers ?? null },
          });
          if (count === 1) return { documentId: waiting.documentId as string };
        }
      }
      const rendered = renderEmail(mail.template, mail.params, settings);
      const created = await rows().create({
        data: {
          to: mail.to,
          template: mail.template,
          audience: mail.audience,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          headers: rendered.headers ?? null,
          reportId: mail.reportId ?? null,
          state: 'queued',
          attempts: 0,
          nextAttemptAt: mail.notBefore ?? new Date(now()),
          mergeKey: mail.mergeKey ?? null,
          params: mail.mergeKey ? mail.params : null,
        },
      });
      // Sending is never inline: the worker takes it once this request's writes are visible.
      if (!mail.notBefore) {
        if (mail.audience === 'account') linkWaiting = true;
        setTimeout(kick, 50).unref?.();
      }
      return { documentId: created.documentId as string };
    },

    start() {
      if (!stopped) return;
      stopped = false;
      if (!smtpConfigured()) {
        strapi.log.info('email-outbox: SMTP_HOST is not set, e-mails wait in the outbox');
        return;
      }
      timer = setInterval(kick, pace.pollMs);
      timer.unref?.();
      kick();
    },

    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },

    async stats(): Promise<EmailOutboxStats> {
      const counts = await Promise.all(EMAIL_STATES.map((state) => rows().count({ where: { state } })));
      return Object.fromEntries(EMAIL_STATES.map((state, i) => [state, counts[i]])) as EmailOutboxStats;
    },

    async resend(documentId: string) {
      const row = await rows().findOne({ where: { documentId } });
      if (!row) return 'not-found' as const;
      if (!mayResend(row)) return 'not-failed' as const;
      // The state it was read in, in the same write: two « Renvoyer » at once queue it once.
      const { count } = await rows().updateMany({
        where: row.state === 'failed' ? { id: row.id, state: 'failed' } : { id: row.id, state: 'sent', lastError: { $notNull: true } },
        data: { state: 'queued', attempts: 0, nextAttemptAt: new Date(now()), lastError: null },
      });
      if (count !== 1) return 'not-failed' as const;
      // Read before waking the worker: the answer says what « Renvoyer » did (queued), not how far the worker got since.
      const queued = await rows().findOne({ where: { id: row.id } });
      kick();
      return queued;
    },

    /** The SMTP server as the Intégrations page shows it: configured, answering (checked at most every 30 s), last send and last error. */
    async smtpState(): Promise<SmtpState> {
      const summary = smtpSummary();
      if (!smtpConfigured()) return { configured: false, ...summary, reachable: null, error: null, ...health };
      if (!verified || Date.now() - verified.at > 30_000) {
        try {
          await strapi.plugin('email').provider.verify();
          verified = { at: Date.now(), state: { reachable: true, error: null } };
        } catch (error) {
          verified = { at: Date.now(), state: { reachable: false, error: describe(error) } };
        }
      }
      return { configured: true, ...summary, ...verified.state, ...health };
    },
  } satisfies OutboxService;
}

/** Strapi's own find and findOne (the outbox screen), and the outbox's work. */
export default factories.createCoreService(UID as any, ({ strapi }) => outbox(strapi));
