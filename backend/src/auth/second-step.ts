import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { writeAudit } from '../audit/writer';
import { currentSettings, sessionService, twoFactorService } from '../utils/services';
import { coded } from '@mamoudzou/domain/errors';

const USER = 'plugin::users-permissions.user';

/** Accounts with a staff role; users-permissions' own roles (a self-registered account) are not staff. */
const isStaff = (role?: { type?: string } | null) => !!role?.type && role.type !== 'authenticated' && role.type !== 'public';

/**
 * The login's second step, inside the password check and its lockout (auth/login.ts): once the
 * password is right, an account with two-factor answers `{ mfaRequired, mfaToken }` instead of a
 * session; a staff account without it, when the settings require two-factor, answers
 * `{ mfaEnrolmentRequired, mfaToken }` and enrols before anything else. No session is opened until
 * then (the plugin's own token is dropped: it was never valid without a session).
 */
export function withSecondStep(strapi: Core.Strapi, callback: (ctx: any, next?: any) => Promise<unknown>) {
  return async function passwordThenCode(ctx: any, next?: any) {
    await callback(ctx, next);
    const userId = ctx.body?.user?.id;
    if (!userId) return;
    const twoFactor = twoFactorService(strapi);
    if ((await twoFactor.status(userId)).enabled) {
      ctx.body = { mfaRequired: true, mfaToken: twoFactor.challenge(userId, 'verify') };
      return;
    }
    if (!(await currentSettings(strapi)).twoFactorAuthRequired) return;
    const user = await strapi.db.query(USER).findOne({ where: { id: userId }, populate: ['role'] });
    if (isStaff(user?.role)) ctx.body = { mfaEnrolmentRequired: true, mfaToken: twoFactor.challenge(userId, 'enrol') };
  };
}

/**
 * What a login does once both steps passed, as auth/login.ts does after a password alone: the last
 * access, the audit entry, and a server-side session, whose token is answered with the user.
 */
export async function completeLogin(strapi: Core.Strapi, ctx: any, userId: number) {
  const existing = await strapi.db.query(USER).findOne({ where: { id: userId }, select: ['id', 'blocked'] });
  if (!existing || existing.blocked) throw new errors.ApplicationError('Ce compte est bloqué : adressez-vous à un administrateur.', coded('account_refused'));
  const user = await strapi.db.query(USER).update({ where: { id: userId }, data: { lastAccess: new Date() }, populate: ['role'] });
  const ip: string = ctx.request.ip;
  await writeAudit(strapi, { action: 'login', module: 'auth', resourceType: 'user', resourceId: userId, resourceLabel: user?.username, user, ip });
  const jwt = await sessionService(strapi).start(userId, ip);
  const { role: _role, ...withoutRole } = user;
  return { jwt, user: await strapi.contentAPI.sanitize.output(withoutRole, strapi.getModel(USER as any), { auth: ctx.state.auth }) };
}
