import { FINAL_REPLY_TIMEOUT_MS, OutboxSmtpTransport } from '../src/email/smtp-transport';

export default ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '1d') },
      // A flood guard only: authentication requests per address and minute. Staff share the town
      // hall's address, so it is generous; guessing one account's password is stopped by the
      // per-account lockout (settings' maxLoginAttempts, src/auth/login.ts).
      ratelimit: { enabled: env.bool('AUTH_RATE_LIMIT', true), interval: 60_000, max: env.int('AUTH_RATE_LIMIT_MAX', 300) },
      // service, status and lastAccess are ours; the rest is the plugin's own list.
      register: { allowedFields: [] },
    },
  },
  // Mail goes out through Strapi's e-mail plugin and nodemailer (SMTP), always from the outbox's worker
  // (src/api/email-outbox): without SMTP_HOST the worker sends nothing and mails wait in the outbox.
  email: {
    config: {
      provider: 'nodemailer',
      // nodemailer's SMTP transport, whose failures say whether the server may hold the mail (src/email/smtp-transport.ts).
      providerOptions: new OutboxSmtpTransport({
        host: env('SMTP_HOST', 'localhost'),
        port: env.int('SMTP_PORT', env.bool('SMTP_SECURE', false) ? 465 : 587),
        secure: env.bool('SMTP_SECURE', false),
        ...(env('SMTP_USER') ? { auth: { user: env('SMTP_USER'), pass: env('SMTP_PASS') } } : {}),
        // A slow or silent server must not hold the worker for nodemailer's default minutes.
        connectionTimeout: env.int('SMTP_TIMEOUT_MS', 10_000),
        greetingTimeout: env.int('SMTP_TIMEOUT_MS', 10_000),
        sessionTimeout: 3 * env.int('SMTP_TIMEOUT_MS', 10_000),
        // Once it has the whole message, the server's reply is waited for as the standard says.
        finalReplyTimeout: env.int('SMTP_FINAL_REPLY_TIMEOUT_MS', FINAL_REPLY_TIMEOUT_MS),
      }),
      settings: {
        defaultFrom: env('EMAIL_FROM', 'Mairie de Mamoudzou <ne-pas-repondre@mamoudzou.yt>'),
        ...(env('EMAIL_REPLY_TO') ? { defaultReplyTo: env('EMAIL_REPLY_TO') } : {}),
      },
    },
  },
  upload: {
    config: {
      // The upper bound of the settings' maxFileUploadSize; the per-request limit comes from the settings.
      sizeLimit: 100 * 1024 * 1024,
      breakpoints: { large: 1000, medium: 750, small: 500 },
    },
  },
});
