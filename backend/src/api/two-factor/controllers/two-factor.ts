import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { completeLogin } from '../../../auth/second-step';
import { writeAudit } from '../../../audit/writer';
import { now } from '../../../utils/clock';
import { bearerToken, currentSettings, loginAttempts, sessionService } from '../../../utils/services';
import { assertMayManage, callerOf, existingAccount, RIGHTS_MESSAGES } from '../../../users/rights';
import type { Challenge, CodeRefusal, CodeUse } from '../services/two-factor';
import { coded } from '@mamoudzou/domain/errors';

const USER = 'plugin::users-permissions.user';
const service = (strapi: Core.Strapi) => strapi.service('api::two-factor.two-factor') as any;

const hourInMayotte = (epochMs: number) =>
  new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Indian/Mayotte' }).format(epochMs);

const WRONG_CODE = 'Code incorrect : saisissez le code à 6 chiffres de votre application, ou un code de secours.';
/** At enrolment no recovery code exists yet: only the new app's code is asked. */
const WRONG_ENROLMENT_CODE = 'Code incorrect : saisissez le code à 6 chiffres que votre application affiche maintenant.';
const SPENT_RECOVERY = 'Ce code de secours a déjà servi : chaque code ne sert qu’une fois. Saisissez-en un autre, ou le code de votre application.';
const EXPIRED = 'Étape de connexion expirée : reconnectez-vous avec votre mot de passe.';

const refuse = (ctx: any, message: string): never => ctx.throw(401, message, { details: coded('two_factor') }) as never;

const codeOf = (ctx: any, missing = 'Saisissez le code affiché par votre application'): string => {
  const code = ctx.request.body?.code;
  if (typeof code !== 'string' || !code.trim() || code.length > 40) throw new errors.ValidationError(missing, coded('two_factor', { errors: [{ path: ['code'], message: missing, code: 'invalid_value' }] }));
  return code;
};

const CURRENT_CODE = 'Saisissez un code de votre application actuelle (ou un code de secours) pour changer la double authentification.';

/**
 * The account of a bearer token whose session is live, as for every request. These routes take no
 * route-level auth: the login's steps come before any session, so each action says whom it serves.
 * A 401 is thrown with ctx.throw: Strapi's route layer would replace an UnauthorizedError's message.
 */
async function signedInUser(strapi: Core.Strapi, ctx: any) {
  const token = bearerToken(ctx.request.header.authorization) ?? refuse(ctx, 'Connexion requise');
  let id = 0;
  try {
    ({ id } = await sessionService(strapi).verify(token));
  } catch {
    refuse(ctx, 'Session expirée ou terminée : reconnectez-vous.');
  }
  const user = await strapi.db.query(USER).findOne({ where: { id }, populate: ['role'] });
  if (!user || user.blocked) refuse(ctx, 'Session expirée ou terminée : reconnectez-vous.');
  ctx.state.user = user;
  return user;
}

/**
 * The login's challenge (`mfaToken` of purpose `purpose`) and its account, else 401: a challenge
 * spent by a request that succeeded serves no more, and an enrolment's only while the account has
 * no two-factor yet.
 */
async function challenged(strapi: Core.Strapi, ctx: any, purpose: 'verify' | 'enrol') {
  const challenge: Challenge | null = await service(strapi).readChallenge(ctx.request.body?.mfaToken, purpose);
  const user = challenge ? await strapi.db.query(USER).findOne({ where: { id: challenge.userId }, populate: ['role'] }) : null;
  if (!challenge || !user || user.blocked) return refuse(ctx, EXPIRED);
  if (purpose === 'enrol' && (await service(strapi).status(user.id)).enabled) refuse(ctx, EXPIRED);
  return { challenge, user };
}

/**
 * Runs a login step with its challenge spent: it serves the one request that succeeds, however many
 * race; a request that fails (a mistyped code) gives it back.
 */
async function spending<T>(strapi: Core.Strapi, ctx: any, challenge: Challenge, step: () => Promise<T>): Promise<T> {
  if (!(await service(strapi).spend(challenge))) refuse(ctx, EXPIRED);
  try {
    return await step();
  } catch (error) {
    await service(strapi).unspend(challenge);
    throw error;
  }
}

/**
 * A code checked under the login lockout's rules: the settings' maxLoginAttempts wrong codes lock
 * the account's second step for LOGIN_LOCK_MINUTES, from every address (whoever tries already has
 * the password); each failure and lock is audited.
 */
async function checkedCode(strapi: Core.Strapi, ctx: any, user: any, code: string): Promise<CodeUse> {
  const lockKey = `two-factor|user:${user.id}`;
  const ip: string = ctx.request.ip;
  const audit = (action: 'login_failed' | 'login_locked') =>
    writeAudit(strapi, { action, module: 'auth', resourceType: 'user', resourceId: user.id, resourceLabel: user.username, userName: user.username, changedFields: ['twoFactor'], ip });
  const locked = (until: number) => {
    ctx.set('Retry-After', String(Math.max(1, Math.ceil((until - now()) / 1000))));
    const minutes = Math.max(1, Math.ceil((until - now()) / 60_000));
    return new errors.RateLimitError(
      `Trop de codes incorrects : la connexion à ce compte est bloquée pendant ${minutes} minute${minutes > 1 ? 's' : ''} (jusqu'à ${hourInMayotte(until)}).`,
      coded('too_many_requests', { lockedUntil: new Date(until).toISOString() }),
    );
  };
  const { maxLoginAttempts } = await currentSettings(strapi);
  const attempts = loginAttempts(strapi);
  const attempt = await attempts.begin(lockKey);
  if (attempt.lockedUntil > now()) {
    await audit('login_locked');
    throw locked(attempt.lockedUntil);
  }
  if (attempt.number > maxLoginAttempts) {
    await audit('login_locked');
    throw locked(await attempts.lock(lockKey));
  }
  const used: CodeUse | CodeRefusal = await service(strapi).use(user.id, code);
  if (used !== 'totp' && used !== 'recovery') {
    await audit('login_failed');
    if (attempt.number >= maxLoginAttempts) throw locked(await attempts.lock(lockKey));
    const message = used === 'spent-recovery' ? SPENT_RECOVERY : WRONG_CODE;
    throw new errors.ValidationError(message, coded('two_factor', { errors: [{ path: ['code'], message, code: 'invalid_value' }] }));
  }
  await attempts.clear(lockKey);
  return used;
}

function auditChange(strapi: Core.Strapi, ctx: any, subject: { id: number; username?: string }, before: string, after: string, actor = subject) {
  return writeAudit(strapi, {
    action: 'update',
    module: 'utilisateurs',
    resourceType: 'user',
    resourceId: subject.id,
    resourceLabel: subject.username,
    changedFields: ['twoFactor'],
    changes: { twoFactor: { before, after } },
    user: actor as any,
    ip: ctx.request.ip,
  });
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /api/auth/mfa: the signed-in account's two-factor, and whether the settings require it. */
  async status(ctx: any) {
    const user = await signedInUser(strapi, ctx);
    const { twoFactorAuthRequired } = await currentSettings(strapi);
    ctx.body = { ...(await service(strapi).status(user.id)), required: !!twoFactorAuthRequired };
  },

  /**
   * POST /api/auth/mfa/setup: a new secret for the signed-in account, or for the one a login's
   * enrolment challenge (`mfaToken`) stands for: `{ secret, otpauthUrl }`. An account that has
   * two-factor proves it first with a current `code` of its app (or a recovery code): a session
   * alone does not move two-factor to another phone.
   */
  async setup(ctx: any) {
    if (ctx.request.body?.mfaToken) {
      const { user } = await challenged(strapi, ctx, 'enrol');
      ctx.body = await service(strapi).setup(user);
      return;
    }
    const user = await signedInUser(strapi, ctx);
    if ((await service(strapi).status(user.id)).enabled) await checkedCode(strapi, ctx, user, codeOf(ctx, CURRENT_CODE));
    ctx.body = await service(strapi).setup(user);
  },

  /**
   * POST /api/auth/mfa/enable `{ code }`: confirms the secret being set up; answers the ten recovery
   * codes, shown once. During a login's enrolment (`mfaToken`), the login completes too: `jwt` and
   * `user`; the challenge is then spent.
   */
  async enable(ctx: any) {
    const enrolment = ctx.request.body?.mfaToken ? await challenged(strapi, ctx, 'enrol') : null;
    const user = enrolment?.user ?? (await signedInUser(strapi, ctx));
    const code = codeOf(ctx);
    const confirm = async () => {
      const before = (await service(strapi).status(user.id)).enabled;
      const result = await service(strapi).enable(user.id, code);
      if (result === 'no-setup') throw new errors.ValidationError('Commencez par configurer la double authentification.', coded('two_factor'));
      if (!result) throw new errors.ValidationError(WRONG_ENROLMENT_CODE, coded('two_factor', { errors: [{ path: ['code'], message: WRONG_ENROLMENT_CODE, code: 'invalid_value' }] }));
      await auditChange(strapi, ctx, user, before ? 'activée' : 'désactivée', before ? 'reconfigurée' : 'activée');
      return result;
    };
    if (!enrolment) {
      ctx.body = { recoveryCodes: await confirm() };
      return;
    }
    ctx.body = await spending(strapi, ctx, enrolment.challenge, async () => {
      const recoveryCodes = await confirm();
      return { recoveryCodes, ...(await completeLogin(strapi, ctx, user.id)) };
    });
  },

  /** POST /api/auth/mfa/verify `{ mfaToken, code }`: the login's second step; a code or a recovery code opens the session, once per challenge. */
  async verify(ctx: any) {
    const { challenge, user } = await challenged(strapi, ctx, 'verify');
    const code = codeOf(ctx);
    ctx.body = await spending(strapi, ctx, challenge, async () => {
      const used = await checkedCode(strapi, ctx, user, code);
      const login = await completeLogin(strapi, ctx, user.id);
      return used === 'recovery' ? { ...login, recoveryCodesLeft: (await service(strapi).status(user.id)).recoveryCodesLeft } : login;
    });
  },

  /** POST /api/auth/mfa/disable `{ code }`: its owner turns two-factor off, with a code; not while the settings require it. */
  async disable(ctx: any) {
    const user = await signedInUser(strapi, ctx);
    if ((await currentSettings(strapi)).twoFactorAuthRequired) {
      throw new errors.PolicyError('La double authentification est obligatoire (paramètres de sécurité) : elle ne peut pas être désactivée.', coded('not_allowed'));
    }
    await checkedCode(strapi, ctx, user, codeOf(ctx));
    await service(strapi).remove(user.id);
    await auditChange(strapi, ctx, user, 'activée', 'désactivée');
    ctx.status = 204;
  },

  /** GET /api/users/:id/two-factor: whether a person has two-factor (those who read the users). */
  async findOne(ctx: any) {
    const id = Number(ctx.params.id);
    const user = Number.isInteger(id) ? await strapi.db.query(USER).findOne({ where: { id }, select: ['id'] }) : null;
    if (!user) throw new errors.NotFoundError('Utilisateur introuvable', coded('not_found'));
    ctx.body = { data: await service(strapi).status(id) };
  },

  /**
   * POST /api/users/:id/two-factor/reset: an administrator removes a person's two-factor (a lost
   * phone); the person's sessions end, and the next login enrols again when the settings require it.
   * Only for an account the caller's rights cover (an administrator's by an administrator); one's
   * own goes through Mon profil, with a code.
   */
  async reset(ctx: any) {
    const user = await existingAccount(strapi, ctx.params.id);
    const caller = await callerOf(strapi, ctx);
    if (caller.id === user.id) throw new errors.PolicyError(RIGHTS_MESSAGES.ownTwoFactor, coded('not_allowed'));
    assertMayManage(caller, user, 'twoFactor');
    const id = user.id;
    const had = (await service(strapi).status(id)).enabled;
    await service(strapi).remove(id);
    await sessionService(strapi).endAllOf(id);
    await auditChange(strapi, ctx, user, had ? 'activée' : 'désactivée', 'réinitialisée', ctx.state.user);
    ctx.body = { data: await service(strapi).status(id) };
  },
});
