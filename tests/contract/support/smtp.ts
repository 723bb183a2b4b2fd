import { createServer, type Server, type Socket } from 'node:net';
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
 * stopped and started again on the same port (a server that is down, then back), replaced by one that
 * accepts connections and never answers (a server too slow), refuse the recipients a test names with
 * a 550 (a mailbox that does not exist), or every recipient with a 451 for a while (a busy server), refuse every
 * session at the greeting with a 554 (a server that will not talk to this client), or take its time over each mail
 * (a slow relay, where a queue builds up; or one that answers a mail only after the sender has stopped waiting).
 */
export async function startTestSmtp() {
  const port = await freePort();
  const mails: ReceivedMail[] = [];
  const refused = new Set<string>();
  let busy = false;
  let refusingSessions = false;
  let delayMs = 0;
  let server: SMTPServer | null = null;
  let silent: { server: Server; sockets: Set<Socket> } | null = null;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        if (!refusingSessions) return callback();
        const error = new Error('5.7.1 Service refusé à ce client') as Error & { responseCode: number };
        error.responseCode = 554;
        callback(error);
      },
      onRcptTo(address, _session, callback) {
        if (busy) {
          const error = new Error('4.3.2 Service temporairement indisponible') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
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
            setTimeout(callback, delayMs);
          })
          .catch(callback);
      },
    });

  async function quiet() {
    const s = silent;
    silent = null;
    if (!s) return;
    for (const socket of s.sockets) socket.destroy();
    await new Promise<void>((resolve) => s.server.close(() => resolve()));
  }

  /** Listens on the port, once the server that had it has let it go (a closing server keeps it a moment). */
  async function listen(target: { once: (event: 'error', fn: (error: Error) => void) => unknown; listen: (port: number, host: string, cb: () => void) => unknown }) {
    for (let attempt = 0; ; attempt++) {
      try {
        await new Promise<void>((resolve, reject) => {
          target.once('error', reject);
          target.listen(port, '127.0.0.1', () => resolve());
        });
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 100) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** Starts the server; nothing if it runs already. */
  async function start() {
    if (server) return;
    await quiet();
    const made = make();
    await listen(made as never);
    server = made;
  }
  async function stop() {
    await quiet();
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** A server that takes the connection and never says a word. */
  async function slow() {
    await stop();
    const sockets = new Set<Socket>();
    const tcp = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await listen(tcp as never);
    silent = { server: tcp, sockets };
  }

  await start();
  return {
    port,
    mails,
    /** The environment a backend needs to send here, with a quick worker. */
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false', EMAIL_FROM: 'Mairie de Mamoudzou <ne-pas-repondre@mamoudzou.test>', EMAIL_POLL_MS: '200', EMAIL_RETRY_BASE_MS: '300' },
    start,
    stop,
    slow,
    /** While on, every recipient gets a 451 (try again later). */
    setBusy: (on: boolean) => {
      busy = on;
    },
    refuse: (address: string) => refused.add(address.toLowerCase()),
    /** While on, every session is refused at the greeting with a 554. */
    refuseSessions: (on: boolean) => {
      refusingSessions = on;
    },
    /** Each mail is acknowledged `ms` after it was received (0: at once). */
    setDelay: (ms: number) => {
      delayMs = ms;
    },
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
