import type { Core } from '@strapi/strapi';
import { randomBytes } from 'node:crypto';
import { errors } from '@strapi/utils';
import { currentSettings, loginAttempts, sessionService } from '../utils/services';
import { writeAudit } from '../audit/writer';
import { now } from '../utils/clock';
import { coded } from '@mamoudzou/domain/errors';

const USER = 'plugin::users-permissions.user';

const hourInMayotte = (epochMs: number) =>
  new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Indian/Mayotte' }).format(epochMs);

function lockedError(ctx: any, until: number, scope: 'address' | 'account' = 'address') {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil((until - now()) / 1000))));
  const minutes = Math.max(1, Math.ceil((until - now()) / 60_000));
  const where = scope === 'address' ? 'depuis cette adresse' : 'depuis toutes les adresses (échecs venus de plusieurs adresses)';
  return new errors.RateLimitError(
    `Trop de tentatives de connexion échouées : ce compte est verrouillé ${where} pendant ${minutes} minute${minutes > 1 ? 's' : ''} (jusqu'à ${hourInMayotte(until)}).`,
    coded('too_many_requests', { lockedUntil: new Date(until).toISOString(), retryAfterSeconds: Math.ceil((until - now()) / 1000) }),
  );
}

/**
 * The lockout counts one account's failures per address, so that a colleague's typos elsewhere lock
 * no one else; rotating addresses would multiply the tries, so the account also has a cap over all
 * addresses, this many times the per-address one (20 by default), that locks it everywhere.
 */
export const ACCOUNT_CAP_FACTOR = 4;

/** The account-wide counter of one identifier's attempts, whatever the address: counts this attempt, refuses it when locked. */
async function beginAccountWide(ctx: any, strapi: Core.Strapi, accountKey: string, maxLoginAttempts: number, onLocked: () => Promise<unknown>) {
  const attempts = loginAttempts(strapi);
  const cap = maxLoginAttempts * ACCOUNT_CAP_FACTOR;
  const attempt = await attempts.begin(accountKey);
  if (attempt.lockedUntil > now() || attempt.number > cap) {
    await onLocked();
    throw lockedError(ctx, attempt.lockedUntil > now() ? attempt.lockedUntil : await attempts.lock(accountKey), 'account');
  }
  return {
    /** After a failure: the cap reached locks the account from every address. */
    failed: async () => (attempt.number >= cap ? lockedError(ctx, await attempts.lock(accountKey), 'account') : undefined),
    succeeded: () => attempts.clear(accountKey),
  };
}

const BLOCKED_MESSAGE = /blocked by an administrator/i;

/** What a person whose account cannot log in is told, by the account's administrative status. */
export function refusedAccountMessage(status: unknown): string {
  if (status === 'suspendu') return "Votre compte est suspendu : vous ne pouvez pas vous connecter. Adressez-vous à un administrateur de la mairie.";
  if (status === 'inactif') return "Votre compte est désactivé : vous ne pouvez pas vous connecter. Adressez-vous à un administrateur de la mairie.";
  return "Votre compte est bloqué par un administrateur : vous ne pouvez pas vous connecter. Adressez-vous à un administrateur de la mairie.";
}

/** The plugin's refusal of a blocked account (English), said in French; any other error as it is. */
async function inFrench(strapi: Core.Strapi, error: unknown, accountId: number | undefined): Promise<unknown> {
  if (!(error instanceof Error) || !BLOCKED_MESSAGE.test(error.message) || !accountId) return error;
  const account = await strapi.db.query(USER).findOne({ where: { id: accountId }, select: ['status'] });
  return new errors.ApplicationError(refusedAccountMessage(account?.status), coded('account_refused'));
}

let dummyHash: Promise<string> | undefined;

/**
 * An unknown identifier costs the same password comparison as a known one (the plugin's own, at its
 * own cost), so the time of the answer does not tell which accounts exist.
 */
export async function compareAsUnknownAccount(strapi: Core.Strapi, password: unknown) {
  const users = strapi.plugin('users-permissions').service('user');
  dummyHash ??= users.ensureHashedPasswords({ password: randomBytes(18).toString('base64') }).then((values: { password: string }) => values.password);
  await users.validatePassword(typeof password === 'string' ? password : '', await dummyHash);
}

/**
 * POST /api/auth/local however its path is spelt (this wraps the plugin's controller action, not a
 * path): the settings' maxLoginAttempts failures of one account from one address lock that pair for
 * 15 minutes (other accounts and other addresses log in as usual), ACCOUNT_CAP_FACTOR times as many
 * from any addresses lock the account everywhere; every failure and success is
 * audited; a success stamps lastAccess and opens a server-side session, whose token replaces the
 * plugin's.
 */
export function withLoginRules(strapi: Core.Strapi, callback: (ctx: any, next?: any) => Promise<unknown>) {
  return async function loginCallback(ctx: any, next?: any) {
    const provider = ctx.params?.provider ?? 'local';
    const identifier = ctx.request.body?.identifier;
    if (provider !== 'local' || typeof identifier !== 'string' || !identifier) return callback(ctx, next);

    const ip: string = ctx.request.ip;
    const account = await strapi.db.query(USER).findOne({
      where: { provider: 'local', $or: [{ email: identifier.toLowerCase() }, { username: identifier }] },
      select: ['id', 'username'],
    });
    // Unknown identifiers are counted and locked the same way: the answer tells nothing of the account.
    const who = account ? `user:${account.id}` : `name:${identifier.trim().toLowerCase().slice(0, 180)}`;
    const lockKey = `${who}|${ip}`.slice(0, 255);
    const audit = (action: 'login_failed' | 'login_locked') =>
      writeAudit(strapi, {
        action,
        module: 'auth',
        resourceType: 'user',
        resourceId: account?.id,
        resourceLabel: account?.username,
        userName: identifier.slice(0, 200),
        ip,
      });

    const { maxLoginAttempts } = await currentSettings(strapi);
    const attempts = loginAttempts(strapi);
    const attempt = await attempts.begin(lockKey);
    if (attempt.lockedUntil > now()) {
      await audit('login_locked');
      throw lockedError(ctx, attempt.lockedUntil);
    }
    if (attempt.number > maxLoginAttempts) {
      // Attempts sent in parallel counted past the limit before any of them failed.
      await audit('login_locked');
      throw lockedError(ctx, await attempts.lock(lockKey));
    }
    const accountWide = await beginAccountWide(ctx, strapi, `${who}|*`, maxLoginAttempts, () => audit('login_locked'));

    try {
      if (!account) await compareAsUnknownAccount(strapi, ctx.request.body?.password);
      await callback(ctx, next);
    } catch (error) {
      await audit('login_failed');
      const lockedEverywhere = await accountWide.failed();
      if (lockedEverywhere) throw lockedEverywhere;
      if (attempt.number >= maxLoginAttempts) throw lockedError(ctx, await attempts.lock(lockKey));
      throw await inFrench(strapi, error, account?.id);
    }

    await attempts.clear(lockKey);
    await accountWide.succeeded();
    const userId = ctx.body?.user?.id;
    if (userId) {
      const user = await strapi.db.query(USER).update({ where: { id: userId }, data: { lastAccess: new Date() }, populate: ['role'] });
      await writeAudit(strapi, { action: 'login', module: 'auth', resourceType: 'user', resourceId: userId, resourceLabel: user?.username, user, ip });
      ctx.body = { ...ctx.body, jwt: await sessionService(strapi).start(userId, ip) };
    }
  };
}

/** Registration and password change answer a token too: it becomes a server-side session's. */
export function withSessionToken(strapi: Core.Strapi, action: (ctx: any, next?: any) => Promise<unknown>) {
  return async function issuingSession(ctx: any, next?: any) {
    await action(ctx, next);
    const userId = ctx.body?.user?.id;
    if (ctx.body?.jwt && userId) ctx.body = { ...ctx.body, jwt: await sessionService(strapi).start(userId, ctx.request.ip) };
  };
}
