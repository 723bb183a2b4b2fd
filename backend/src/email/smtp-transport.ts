/* eslint-disable @typescript-eslint/no-require-imports */
// nodemailer's own SMTP transport and connection (the e-mail provider's library), used as documented for custom
// transports: https://nodemailer.com/transports/ and https://nodemailer.com/extras/smtp-connection/
const SMTPTransport = require('nodemailer/lib/smtp-transport');
const SMTPConnection = require('nodemailer/lib/smtp-connection');

/** The code of a send whose outcome is unknown: the server got the whole message and never said whether it took it. */
export const UNCONFIRMED = 'EUNCONFIRMED';

/** RFC 5321 (4.5.3.2.6): a client waits 10 minutes for the server's reply to the end of the message. */
export const FINAL_REPLY_TIMEOUT_MS = 10 * 60_000;

export interface SmtpTransportOptions {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  connectionTimeout: number;
  greetingTimeout: number;
  /** Until the whole message is handed over: the longest a server that stops answering holds the worker. */
  sessionTimeout: number;
  /** After it: how long the server may take to say it took the message. */
  finalReplyTimeout: number;
}

const failure = (message: string, code: string) => Object.assign(new Error(message), { code, command: 'CONN' });

/** nodemailer's options: verify() keeps its behaviour, every phase bounded by the session's timeout. */
const nodemailerOptions = ({ sessionTimeout, finalReplyTimeout: _final, ...options }: SmtpTransportOptions) => ({ ...options, socketTimeout: sessionTimeout });

/**
 * nodemailer's SMTP transport, with one difference: what a failure means depends on when it happens. Before the
 * message's last byte is handed over, the server has no complete mail: a timeout or a cut connection is retried. After
 * it, the server holds the whole mail and only its reply is missing: it may well have taken it (a slow server
 * answering after the timeout got the same mail at every retry). That failure is not retried (at most once): it comes
 * back as UNCONFIRMED. And the server gets the standard 10 minutes for that reply, not the short timeout that bounds
 * the rest of the session.
 */
export class OutboxSmtpTransport extends SMTPTransport {
  constructor(private readonly settings: SmtpTransportOptions) {
    super(nodemailerOptions(settings));
  }

  send(mail: any, callback: (error: Error | null, info?: unknown) => void) {
    const connection = new SMTPConnection({ ...(this as any).options, socketTimeout: this.settings.finalReplyTimeout });
    let returned = false;
    let handedOver = false;
    const finish = (error: any, info?: unknown) => {
      if (returned) return;
      returned = true;
      clearTimeout(session);
      connection.close();
      if (error && handedOver && !error.responseCode) {
        error = Object.assign(new Error(`Le serveur d'envoi a reçu le message en entier sans confirmer l'avoir pris en charge (${error.message})`), {
          code: UNCONFIRMED,
          cause: error,
        });
      }
      callback(error ?? null, info);
    };
    const session = setTimeout(() => finish(failure('Timeout', 'ETIMEDOUT')), this.settings.sessionTimeout);
    // Every 'error' listened to: an unheard one would be thrown. The first decides.
    connection.on('error', (error: unknown) => finish(error));
    // Closed with no word: nodemailer waits a moment for the send's own callback.
    connection.once('end', () => setTimeout(() => finish(failure('Unexpected socket close', 'ECONNECTION')), 1000).unref());

    connection.connect(() => {
      if (returned) return;
      const deliver = () => {
        const envelope = mail.message.getEnvelope();
        const messageId = mail.message.messageId();
        const message = mail.message.createReadStream();
        // Its last byte read by the connection: from now on the server may hold the mail.
        message.once('end', () => {
          handedOver = true;
          clearTimeout(session);
        });
        connection.send(envelope, message, (error: unknown, info: Record<string, unknown>) =>
          finish(error, error ? undefined : { ...info, envelope: { from: envelope.from, to: envelope.to }, messageId }),
        );
      };
      const auth = (this as any).getAuth(mail.data.auth);
      if (auth && (connection.allowsAuth || (this as any).options.forceAuth)) connection.login(auth, (error: unknown) => (error ? finish(error) : deliver()));
      else deliver();
    });
  }
}
