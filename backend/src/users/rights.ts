import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { describeGrants, grantsBeyond, isAdminRole, mayHandOver, permissionsOf, roleLabelOf, type RoleGrants } from '@mamoudzou/domain/permissions';
import { coded } from '@mamoudzou/domain/errors';

/**
 * Rights are never created out of thin air: a caller gives, assigns or changes only rights it holds
 * itself (domain/permissions.ts, `mayHandOver`). Every route that writes roles or accounts asks here
 * before it writes; each refusal is a 403 that says in French what is refused.
 */

const USER = 'plugin::users-permissions.user';

export interface RoleRow {
  id: number;
  name: string;
  type?: string | null;
  grants?: unknown;
}
export interface Account {
  id: number;
  username?: string;
  role?: RoleRow | null;
}

/** What a caller may try on another account, as the refusal words it. */
export type AccountAct = 'edit' | 'delete' | 'twoFactor' | 'invite';
const ACTS: Record<AccountAct, { admin: string; of: string }> = {
  edit: { admin: 'modifier le compte', of: 'modifier le compte de' },
  delete: { admin: 'supprimer le compte', of: 'supprimer le compte de' },
  twoFactor: { admin: 'réinitialiser la double authentification', of: 'réinitialiser la double authentification de' },
  invite: { admin: 'renvoyer l’invitation', of: 'renvoyer l’invitation de' },
};

export const RIGHTS_MESSAGES = {
  grantsNotHeld: (beyond: RoleGrants) => `Vous ne pouvez pas donner des droits que votre rôle n’a pas : ${describeGrants(beyond)}.`,
  ownRole: 'Vous ne pouvez pas changer votre propre rôle : demandez-le à un administrateur.',
  ownRoleGrants: 'Vous ne pouvez pas modifier votre propre rôle ni ses droits : demandez-le à un administrateur.',
  roleBeyond: (verb: 'modifier' | 'supprimer', role: RoleRow, beyond: RoleGrants) =>
    `Vous ne pouvez pas ${verb} le rôle « ${role.name} » : il a des droits que le vôtre n’a pas (${describeGrants(beyond)}).`,
  adminRoleOnlyByAdmin: (role: RoleRow) => `Seul un administrateur peut attribuer le rôle « ${roleLabelOf(role.name)} ».`,
  roleNotAssignable: (role: RoleRow, beyond: RoleGrants) =>
    `Vous ne pouvez pas attribuer le rôle « ${roleLabelOf(role.name)} » : il donne des droits que votre rôle n’a pas (${describeGrants(beyond)}).`,
  adminAccount: (act: AccountAct) => `Seul un administrateur peut ${ACTS[act].admin} d’un administrateur.`,
  widerAccount: (act: AccountAct, account: Account, beyond: RoleGrants) =>
    `Vous ne pouvez pas ${ACTS[act].of} ${account.username ?? `l’utilisateur ${account.id}`} : son rôle a des droits que le vôtre n’a pas (${describeGrants(beyond)}).`,
  othersPassword: 'Seul un administrateur peut définir le mot de passe d’un autre compte : la personne choisit le sien avec « Mot de passe oublié ? ».',
  ownPassword: 'Votre propre mot de passe se change depuis « Mon profil », avec le mot de passe actuel.',
  othersEmail: 'Seul un administrateur peut changer l’adresse e-mail d’un autre compte : elle ouvre « Mot de passe oublié ? » à qui la reçoit.',
  ownTwoFactor: 'Votre propre double authentification se change depuis « Mon profil », avec un code de votre application.',
  unknownUser: 'Utilisateur introuvable',
} as const;

const refuse = (message: string) => new errors.PolicyError(message, coded('not_allowed'));

/** An account with its role, read from the database (a decision on rights never rests on a cached copy). */
export async function accountOf(strapi: Core.Strapi, id: unknown): Promise<Account | null> {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return null;
  return strapi.db.query(USER).findOne({ where: { id: n }, select: ['id', 'username'], populate: { role: { select: ['id', 'name', 'type', 'grants'] } } });
}

/** The signed-in caller, read afresh. */
export async function callerOf(strapi: Core.Strapi, ctx: any): Promise<Account> {
  const caller = await accountOf(strapi, ctx.state.user?.id);
  if (!caller) throw new errors.ForbiddenError('Forbidden', coded('not_allowed'));
  return caller;
}

/** A role is made or changed only with rights its author holds. */
export function assertGrantsHeld(caller: Account, grants: RoleGrants) {
  const beyond = grantsBeyond(grants, permissionsOf(caller.role));
  if (Object.keys(beyond).length) throw refuse(RIGHTS_MESSAGES.grantsNotHeld(beyond));
}

/** A role's own definition is changed (or the role deleted) neither by its holders nor by those it outranks. */
export function assertMayChangeRole(caller: Account, role: RoleRow, verb: 'modifier' | 'supprimer') {
  if (caller.role?.id === role.id) throw refuse(RIGHTS_MESSAGES.ownRoleGrants);
  const beyond = grantsBeyond(permissionsOf(role), permissionsOf(caller.role));
  if (Object.keys(beyond).length) throw refuse(RIGHTS_MESSAGES.roleBeyond(verb, role, beyond));
}

/** A role is given to an account only by a caller that holds all its rights (an administrators' role: by an administrator). */
export function assertMayAssign(caller: Account, role: RoleRow | null | undefined) {
  if (!role || mayHandOver(caller.role, role)) return;
  if (isAdminRole(role)) throw refuse(RIGHTS_MESSAGES.adminRoleOnlyByAdmin(role));
  throw refuse(RIGHTS_MESSAGES.roleNotAssignable(role, grantsBeyond(permissionsOf(role), permissionsOf(caller.role))));
}

/**
 * Another account is edited, deleted, its two-factor reset or its invitation sent again only by a
 * caller whose rights cover the account's: an administrator's account by an administrator.
 */
export function assertMayManage(caller: Account, account: Account, act: AccountAct) {
  if (caller.id === account.id || mayHandOver(caller.role, account.role)) return;
  if (isAdminRole(account.role)) throw refuse(RIGHTS_MESSAGES.adminAccount(act));
  throw refuse(RIGHTS_MESSAGES.widerAccount(act, account, grantsBeyond(permissionsOf(account.role), permissionsOf(caller.role))));
}

/** The account of a route's `:id`, else a French 404. */
export async function existingAccount(strapi: Core.Strapi, id: unknown): Promise<Account> {
  const account = await accountOf(strapi, id);
  if (!account) throw new errors.NotFoundError(RIGHTS_MESSAGES.unknownUser, coded('not_found'));
  return account;
}
