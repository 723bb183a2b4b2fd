import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './backend-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: ParsedMail['headers'];
}

/**
 * A real SMTP server for a test (smtp-server), which parses what it receives (mailparser). It can be
 * stopped and started again on the same port (a server that is down, then back), and refuses the
 * recipients a test names with a 550, as a mailbox that does not exist.
 */
export async function startTestSmtp() {
  const port = await freePort();
  const mails: ReceivedMail[] = [];
  const refused = new Set<string>();
  let server: SMTPServer | null = null;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address.toLowerCase())) {
          const error = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            for (const rcpt of session.envelope.rcptTo) {
              mails.push({
                to: rcpt.address,
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
                messageId: parsed.messageId ?? '',
                headers: parsed.headers,
              });
            }
            callback();
          })
          .catch(callback);
      },
    });

  async function start() {
    server = make();
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
  }
  async function stop() {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await start();
  return {
    port,
    mails,
    /** The environment a backend needs to send here, with a quick worker. */
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', EMAIL_FROM: 'Mairie de Mamoudzou <ne-pas-repondre@mamoudzou.test>', EMAIL_POLL_MS: '200', EMAIL_RETRY_BASE_MS: '300' },
    start,
    stop,
    refuse: (address: string) => refused.add(address.toLowerCase()),
    /** The mails received for `to` (and matching `accept`). */
    to: (address: string, accept: (mail: ReceivedMail) => boolean = () => true) => mails.filter((m) => m.to === address.toLowerCase() && accept(m)),
    /** Waits until a mail for `to` arrives (15 s at most). */
    async waitFor(address: string, accept: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 15_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mails.find((m) => m.to === address.toLowerCase() && accept(m));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail for ${address} within ${timeoutMs} ms (received: ${mails.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none'})`);
    },
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;

/** The first link of a mail's plain text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`))?.[0];
  if (!link) throw new Error(`no link ${prefix} in: ${mail.text}`);
  return link;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
