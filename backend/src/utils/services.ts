/**
 * The services of api/ that code elsewhere calls (settings, sessions, login attempts, backups),
 * reached through Strapi's registry by uid and typed here: cross-cutting code (auth, realtime,
 * middlewares, extensions, maintenance) depends on these contracts, never on a collection's files.
 * Each service declares that it fulfils its contract (`satisfies`).
 */
import type { Core } from '@strapi/strapi';
import type { Settings } from '@mamoudzou/domain/settings';
import type { EmailAudience, EmailOutboxStats, EmailTemplate } from '@mamoudzou/domain/emails';

type Registry = { service: (uid: any) => unknown };

export interface SettingService {
  /** The settings every rule reads: checked field by field, defaults for the rest (cached briefly). */
  current(): Promise<Settings>;
  /** After a write: the next read goes to the database. */
  forget(): void;
}

/** What a session token carries (api/session signs it). */
export interface TokenPayload {
  id?: number;
  sid?: string;
  jti?: string;
  exp?: number;
}

export interface SessionService {
  start(userId: number, ip?: string): Promise<string>;
  check(payload: TokenPayload, options?: { touch?: boolean }): Promise<{ id: number; sessionId: string }>;
  verify(token: string, options?: { touch?: boolean }): Promise<{ id: number; sessionId: string; exp?: number }>;
  rotate(token: string): Promise<{ jwt: string; user: Record<string, unknown> } | null>;
  end(sessionId: string): Promise<void>;
  endAllOf(userId: number): Promise<void>;
  live(sessionIds: string[]): Promise<Set<string>>;
  /** Why a token's session can no longer serve, when its account's state says it: suspended or deactivated. */
  accountEnded(token: string): Promise<'suspended' | 'deactivated' | null>;
}

export interface LoginAttempt {
  /** This attempt's number within the window (failures before it, plus one). */
  number: number;
  /** Epoch milliseconds until which the pair is locked; 0 when it is not. */
  lockedUntil: number;
}

export interface LoginAttemptService {
  begin(lockKey: string): Promise<LoginAttempt>;
  lock(lockKey: string): Promise<number>;
  clear(lockKey: string): Promise<void>;
}

/** A mail to queue: its template writes subject and bodies from `params` (src/email/templates.ts). */
export interface OutboxMail {
  to: string;
  template: EmailTemplate;
  audience: EmailAudience;
  params: Record<string, unknown>;
  /** The report a citizen's mail is about (its documentId). */
  reportId?: string;
  /** Not sent before then (default now). */
  notBefore?: Date;
  /**
   * A mail with this key still waiting for its first try takes this one in instead of a second mail:
   * `merge` gives the template and parameters of the two together.
   */
  mergeKey?: string;
  merge?: (waiting: { template: EmailTemplate; params: Record<string, unknown> }) => { template: EmailTemplate; params: Record<string, unknown> };
}

/** The SMTP server as the Intégrations page shows it. */
export interface SmtpState {
  configured: boolean;
  host: string | null;
  port: number;
  secure: boolean;
  from: string;
  replyTo: string | null;
  /** Whether the server answered the last check (connection, greeting, login); null when not configured. */
  reachable: boolean | null;
  error: string | null;
  lastSentAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

export interface OutboxService {
  /** Queues a mail (a row of the outbox); the worker sends it. Null when the address is not one. */
  enqueue(mail: OutboxMail): Promise<{ documentId: string } | null>;
  start(): void;
  stop(): Promise<void>;
  stats(): Promise<EmailOutboxStats>;
  resend(documentId: string): Promise<'not-found' | 'not-failed' | Record<string, unknown>>;
  smtpState(): Promise<SmtpState>;
}

export const settingService = (strapi: Registry) => strapi.service('api::setting.setting') as SettingService;
/** The current settings, for the rules outside the settings' own API. */
export const currentSettings = (strapi: Registry) => settingService(strapi).current();
export const sessionService = (strapi: Core.Strapi | Registry) => strapi.service('api::session.session') as SessionService;
export const loginAttempts = (strapi: Core.Strapi | Registry) => strapi.service('api::login-attempt.login-attempt') as LoginAttemptService;

export const outboxService = (strapi: Core.Strapi | Registry) => strapi.service('api::email-outbox.email-outbox') as OutboxService;

/** The token of an `Authorization: Bearer <token>` header. */
export const bearerToken = (authorization: unknown): string | undefined =>
  typeof authorization === 'string' ? authorization.match(/^Bearer\s+(\S+)$/i)?.[1] : undefined;

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** Why a login is held for its second step: an enrolled account gives a code; one the settings require enrols first. */
export type ChallengePurpose = 'verify' | 'enrol';

export interface TwoFactorService {
  status(userId: number): Promise<TwoFactorStatus>;
  /** A signed, short-lived token that stands for a password already checked, for the login's second step only. */
  challenge(userId: number, purpose: ChallengePurpose): string;
}

export const twoFactorService = (strapi: Core.Strapi | Registry) => strapi.service('api::two-factor.two-factor') as TwoFactorService;
