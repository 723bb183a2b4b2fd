import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { currentSettings, loginAttempts, sessionService } from '../utils/services';
import { writeAudit } from '../audit/writer';
import { now } from '../utils/clock';

const USER = 'plugin::users-permissions.user';

const hourInMayotte = (epochMs: number) =>
  new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Indian/Mayotte' }).format(epochMs);

function lockedError(ctx: any, until: number) {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil((until - now()) / 1000))));
  const minutes = Math.max(1, Math.ceil((until - now()) / 60_000));
  return new errors.RateLimitError(
    `Trop de tentatives de connexion échouées : ce compte est verrouillé depuis cette adresse pendant ${minutes} minute${minutes > 1 ? 's' : ''} (jusqu'à ${hourInMayotte(until)}).`,
    { lockedUntil: new Date(until).toISOString(), retryAfterSeconds: Math.ceil((until - now()) / 1000) },
  );
}

/**
 * POST /api/auth/local however its path is spelt (this wraps the plugin's controller action, not a
 * path): the settings' maxLoginAttempts failures of one account from one address lock that pair for
 * 15 minutes (other accounts and other addresses log in as usual); every failure and success is
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
    const lockKey = `${account ? `user:${account.id}` : `name:${identifier.trim().toLowerCase().slice(0, 180)}`}|${ip}`.slice(0, 255);
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

    try {
      await callback(ctx, next);
    } catch (error) {
      await audit('login_failed');
      if (attempt.number >= maxLoginAttempts) throw lockedError(ctx, await attempts.lock(lockKey));
      throw error;
    }

    await attempts.clear(lockKey);
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
