import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isAdminRole } from '@mamoudzou/domain/permissions';
import { accountOf, assertMayAssign, assertMayManage, callerOf, existingAccount, RIGHTS_MESSAGES } from './rights';
import { coded } from '@mamoudzou/domain/errors';

type Action = (ctx: any, next?: any) => Promise<unknown>;

const USER = 'plugin::users-permissions.user';

const integer = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : undefined;
};

/**
 * GET /api/users pages like the other collections: `pagination[page]` and `pagination[pageSize]`, or
 * `start` and `limit` (also under `pagination`), at most api.rest.maxLimit rows (default
 * api.rest.defaultLimit). The answer stays users-permissions' plain list.
 */
export function pagedUsers(strapi: Core.Strapi, find: Action): Action {
  return async (ctx) => {
    const defaultLimit = strapi.config.get<number>('api.rest.defaultLimit', 25);
    const maxLimit = strapi.config.get<number>('api.rest.maxLimit', 100);
    const { pagination, start, limit, ...query } = (ctx.query ?? {}) as Record<string, any>;
    const paging = typeof pagination === 'object' && pagination ? pagination : {};
    const wanted = integer(paging.pageSize) ?? integer(paging.limit) ?? integer(limit) ?? defaultLimit;
    const size = wanted > 0 ? Math.min(wanted, maxLimit) : defaultLimit;
    const page = integer(paging.page);
    const offset = page !== undefined ? Math.max(0, page - 1) * size : Math.max(0, integer(paging.start) ?? integer(start) ?? 0);
    if ((page !== undefined && page < 1) || offset > Number.MAX_SAFE_INTEGER / 2) throw new errors.PaginationError('Pagination invalide', coded('invalid_request'));
    ctx.query = { ...query, start: offset, limit: size };
    return find(ctx);
  };
}

/** DELETE /api/users/:id: an administrator cannot delete their own account (nobody would be left to undo it). */
export function noSelfDeletion(destroy: Action): Action {
  return async (ctx, next) => {
    if (ctx.state.user && String(ctx.params?.id) === String(ctx.state.user.id)) {
      throw new errors.PolicyError('Vous ne pouvez pas supprimer votre propre compte.', coded('not_allowed'));
    }
    return destroy(ctx, next);
  };
}

/**
 * PUT /api/users/:id: an administrator cannot suspend, deactivate or block their own account (their
 * sessions would end at once and nobody might be left to undo it).
 */
export function noSelfLockout(update: Action): Action {
  return async (ctx, next) => {
    const body = ctx.request?.body ?? {};
    const locks = body.blocked === true || (body.status !== undefined && body.status !== 'actif');
    if (locks && ctx.state.user && String(ctx.params?.id) === String(ctx.state.user.id)) {
      throw new errors.PolicyError('Vous ne pouvez pas suspendre ni désactiver votre propre compte.', coded('not_allowed'));
    }
    return update(ctx, next);
  };
}

/**
 * POST /api/users with `invitation: true`: the account gets a password nobody knows and the person
 * an invitation to choose theirs (users/password-links.ts). PUT /api/users/:id with a password ends a
 * pending invitation. `invitationPending` itself is the backend's to write.
 */
export function withInvitation(create: Action, invite: (ctx: any, userId: number) => Promise<void>, unknowablePassword: () => string): Action {
  return async (ctx, next) => {
    const body = ctx.request?.body ?? {};
    const invited = body.invitation === true;
    delete body.invitation;
    delete body.invitationPending;
    if (invited) body.password = unknowablePassword();
    await create(ctx, next);
    const id = ctx.body?.id;
    if (invited && id) {
      await invite(ctx, id);
      ctx.body = { ...ctx.body, invitationPending: true };
    }
  };
}

export function endsInvitation(update: Action): Action {
  return async (ctx, next) => {
    const body = ctx.request?.body ?? {};
    delete body.invitation;
    delete body.invitationPending;
    if (typeof body.password === 'string' && body.password) body.invitationPending = false;
    return update(ctx, next);
  };
}

/**
 * What the backend writes itself on an account, never through the users routes: a reset code's hash
 * written there would be a password link its writer holds, to any account.
 */
const SERVER_FIELDS = ['resetPasswordToken', 'confirmationToken', 'provider', 'passwordCodeExpiresAt', 'passwordCodePurpose', 'passwordResetMailedAt', 'notificationPreferences', 'lastAccess'];

function refuseServerFields(body: Record<string, unknown>) {
  const sent = SERVER_FIELDS.filter((field) => field in body);
  if (sent.length) {
    const message = `Ces champs sont tenus par le serveur et ne se modifient pas : ${sent.join(', ')}.`;
    throw new errors.ValidationError(message, coded('forbidden_field', { errors: sent.map((field) => ({ path: [field], message, code: 'invalid_value' })) }));
  }
}

const bodyOf = (ctx: any): Record<string, unknown> => (ctx.request?.body && typeof ctx.request.body === 'object' ? ctx.request.body : {});

/**
 * POST /api/users: the new account gets only a role whose rights its creator holds. The role is read
 * once written (whatever form the body gave it in); a refusal undoes the creation (the controller
 * runs in one transaction).
 */
export function createWithinRights(strapi: Core.Strapi, create: Action): Action {
  return async (ctx, next) => {
    refuseServerFields(bodyOf(ctx));
    const caller = await callerOf(strapi, ctx);
    await create(ctx, next);
    const created = await accountOf(strapi, ctx.body?.id);
    if (created) assertMayAssign(caller, created.role);
  };
}

/**
 * PUT /api/users/:id: another account is changed only by a caller whose rights cover its role (an
 * administrator's by an administrator), its password set only by an administrator, and its new role
 * one the caller may give; nobody changes their own role. The role is compared once written, and a
 * refusal undoes the change (one transaction).
 */
export function updateWithinRights(strapi: Core.Strapi, update: Action): Action {
  return async (ctx, next) => {
    const body = bodyOf(ctx);
    refuseServerFields(body);
    const caller = await callerOf(strapi, ctx);
    const account = await existingAccount(strapi, ctx.params?.id);
    const self = account.id === caller.id;
    assertMayManage(caller, account, 'edit');
    if ('password' in body) {
      // One's own password is changed with the current one (« Mon profil »): a session left open must not be enough.
      if (self) throw new errors.PolicyError(RIGHTS_MESSAGES.ownPassword, coded('not_allowed'));
      if (!isAdminRole(caller.role)) throw new errors.PolicyError(RIGHTS_MESSAGES.othersPassword, coded('not_allowed'));
    }
    // The e-mail is where « Mot de passe oublié ? » sends its link: changing a colleague's would let one sign in as them.
    if (!self && typeof body.email === 'string' && !isAdminRole(caller.role)) {
      const current = await strapi.db.query(USER).findOne({ where: { id: account.id }, select: ['email'] });
      if (body.email.trim().toLowerCase() !== String(current?.email ?? '').toLowerCase()) throw new errors.PolicyError(RIGHTS_MESSAGES.othersEmail, coded('not_allowed'));
    }
    await update(ctx, next);
    const role = (await accountOf(strapi, account.id))?.role;
    if ((role?.id ?? null) === (account.role?.id ?? null)) return;
    if (self) throw new errors.PolicyError(RIGHTS_MESSAGES.ownRole, coded('not_allowed'));
    assertMayAssign(caller, role);
  };
}

/** DELETE /api/users/:id: only by a caller whose rights cover the account's (an administrator's by an administrator). */
export function deleteWithinRights(strapi: Core.Strapi, destroy: Action): Action {
  return async (ctx, next) => {
    const account = await accountOf(strapi, ctx.params?.id);
    if (account) assertMayManage(await callerOf(strapi, ctx), account, 'delete');
    return destroy(ctx, next);
  };
}
