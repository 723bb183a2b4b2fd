import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { BACKEND_ROLES, normalizeGrants, type RoleGrants } from '@mamoudzou/domain/permissions';
import { applyRoleGrants } from '../access/roles';
import { changesOf } from '../audit/modules';
import { writeAudit, currentRequest } from '../audit/writer';
import { assertGrantsHeld, assertMayChangeRole, callerOf } from './rights';
import { coded } from '@mamoudzou/domain/errors';

const ROLE = 'plugin::users-permissions.role';
const USER = 'plugin::users-permissions.user';
type Action = (ctx: any, next?: any) => Promise<unknown>;

/** The roles the backend keeps itself: the five staff roles and users-permissions' own two. */
const SYSTEM_TYPES = new Set<string>([...BACKEND_ROLES.map((r) => r.type), 'authenticated', 'public']);
const comparable = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[\s_-]+/g, ' ').trim().toLowerCase();
const SYSTEM_NAMES = new Set<string>(
  [...BACKEND_ROLES.flatMap((r) => [r.name, r.label, r.type]), 'Authenticated', 'Public'].map(comparable),
);

const isSystemName = (name: unknown) => typeof name === 'string' && SYSTEM_NAMES.has(comparable(name));

async function roleById(strapi: Core.Strapi, id: unknown) {
  return strapi.db.query(ROLE).findOne({ where: { id: Number(id) } });
}

function audit(
  strapi: Core.Strapi,
  action: 'create' | 'update' | 'delete',
  role: { id?: number; name?: string } | null,
  body?: Record<string, unknown>,
  previous?: Record<string, unknown> | null,
) {
  const request = currentRequest(strapi);
  const changedFields = body ? Object.keys(body).filter((key) => ['name', 'description', 'permissions', 'users', 'grants'].includes(key)) : undefined;
  return writeAudit(strapi, {
    action,
    module: 'utilisateurs',
    resourceType: 'role',
    resourceId: role?.id,
    resourceLabel: role?.name,
    changedFields,
    changes: changesOf(changedFields, body, previous),
    user: request?.user,
    ip: request?.ip,
  });
}

/** Custom roles keep what they may do, per module and action, on the role itself (read by every check through domain/permissions.ts). */
export function addRoleGrantsAttribute(plugin: any) {
  plugin.contentTypes.role.schema.attributes.grants = { type: 'json' };
}

const invalid = (path: string, message: string) => new errors.ValidationError(message, coded('invalid_value', { errors: [{ path: [path], message, code: 'invalid_value' }] }));

/** A custom role as an administrator writes it: a free name, a description, and its grants from the matrix's modules and actions. */
async function customRoleInput(strapi: Core.Strapi, body: any, current?: { id: number; name: string; description?: string | null; grants?: unknown }) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('name', 'Données du rôle manquantes');
  const name = body.name === undefined && current ? current.name : typeof body.name === 'string' ? body.name.trim() : '';
  if (name.length < 3 || name.length > 50) throw invalid('name', 'Le nom du rôle compte de 3 à 50 caractères');
  if (isSystemName(name)) throw invalid('name', `Le nom « ${name} » est celui d'un rôle système`);
  const others: { id: number; name: string }[] = await strapi.db.query(ROLE).findMany({ select: ['id', 'name'] });
  if (others.some((role) => role.id !== current?.id && comparable(role.name) === comparable(name))) throw invalid('name', `Un rôle s'appelle déjà « ${name} »`);
  const description = body.description === undefined ? (current?.description ?? '') : body.description;
  if (description !== null && typeof description !== 'string') throw invalid('description', 'Description : texte attendu');
  if ((description ?? '').length > 200) throw invalid('description', 'La description compte au plus 200 caractères');
  if (body.grants !== undefined && (typeof body.grants !== 'object' || body.grants === null || Array.isArray(body.grants))) {
    throw invalid('grants', 'Permissions : un objet module → actions est attendu');
  }
  const grants: RoleGrants = body.grants === undefined && current ? normalizeGrants(current.grants) : normalizeGrants(body.grants);
  if (!Object.keys(grants).length) throw invalid('grants', 'Cochez au moins une permission');
  return { name, description: (description ?? '').trim(), grants };
}

/** A type no other role has, from the name (users-permissions keys roles by type). */
async function freeType(strapi: Core.Strapi, name: string) {
  const base = `custom_${comparable(name).replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'role'}`.slice(0, 60);
  for (let n = 1; ; n++) {
    const type = n === 1 ? base : `${base}_${n}`;
    if (!(await strapi.db.query(ROLE).findOne({ where: { type }, select: ['id'] }))) return type;
  }
}

const roleBody = (role: any) => ({ id: role.id, name: role.name, description: role.description ?? '', type: role.type, grants: normalizeGrants(role.grants) });

/**
 * The roles through /api/users-permissions/roles: listed only to those who read the users. A role
 * made here is a custom role: its name (never a system role's, in any case or accent), a
 * description and its grants (module → actions of the matrix), from which its Strapi permissions
 * are derived at once. The system roles are neither renamed, changed nor deleted here (the
 * bootstrap grants their permissions from the permission table at every start); a role someone
 * holds is not deleted; a role is made, changed or deleted only within its author's own rights, and
 * never by its holders (users/rights.ts); every change is written to the audit log.
 */
export function guardRoles(strapi: Core.Strapi, controller: Record<string, Action>) {
  const { find, findOne, deleteRole } = controller;
  /**
   * Every role holds `role.find` (a user reads its own role through populate), but the list of roles,
   * with their user counts, answers only those who may read the users.
   */
  const readsUsers = (ctx: any) => {
    if (!ctx.state.auth?.ability?.can?.(`${USER}.find`)) throw new errors.ForbiddenError('Forbidden', coded('not_allowed'));
  };
  return {
    ...controller,
    async find(ctx: any, next?: any) {
      readsUsers(ctx);
      return find(ctx, next);
    },
    async findOne(ctx: any, next?: any) {
      readsUsers(ctx);
      return findOne(ctx, next);
    },
    async createRole(ctx: any) {
      const input = await customRoleInput(strapi, ctx.request.body);
      assertGrantsHeld(await callerOf(strapi, ctx), input.grants);
      const created = await strapi.db.query(ROLE).create({ data: { ...input, type: await freeType(strapi, input.name) } });
      await applyRoleGrants(strapi, created);
      await audit(strapi, 'create', created, input);
      ctx.status = 201;
      ctx.body = { role: roleBody(created) };
    },
    async updateRole(ctx: any) {
      const role = await roleById(strapi, ctx.params?.role);
      if (!role) throw new errors.NotFoundError('Rôle introuvable', coded('not_found'));
      if (SYSTEM_TYPES.has(role.type)) throw new errors.PolicyError('Les rôles système ne se modifient pas : leurs droits viennent de la table des permissions.', coded('not_allowed'));
      const caller = await callerOf(strapi, ctx);
      assertMayChangeRole(caller, role, 'modifier');
      const input = await customRoleInput(strapi, ctx.request.body, role);
      assertGrantsHeld(caller, input.grants);
      const updated = await strapi.db.query(ROLE).update({ where: { id: role.id }, data: input });
      await applyRoleGrants(strapi, updated);
      // Its holders' sockets were admitted to rooms under the old rights: they reconnect under the new.
      const holders: { id: number }[] = await strapi.db.query(USER).findMany({ where: { role: role.id }, select: ['id'] });
      for (const holder of holders) strapi.eventHub.emit('user.role-changed', { userId: holder.id });
      const changed = Object.fromEntries(
        Object.entries(input).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(key === 'grants' ? normalizeGrants(role.grants) : (role[key] ?? ''))),
      );
      await audit(strapi, 'update', updated, changed, { ...role, grants: normalizeGrants(role.grants) });
      ctx.body = { role: roleBody(updated) };
    },
    async deleteRole(ctx: any, next?: any) {
      const role = await roleById(strapi, ctx.params?.role);
      if (role && SYSTEM_TYPES.has(role.type)) throw new errors.PolicyError('Les rôles système ne se suppriment pas.', coded('not_allowed'));
      if (role) {
        assertMayChangeRole(await callerOf(strapi, ctx), role, 'supprimer');
        // users-permissions would move its holders to the default role: a person would lose their rights unnoticed.
        const holders = await strapi.db.query(USER).count({ where: { role: role.id } });
        if (holders > 0) {
          throw new errors.PolicyError(`Ce rôle est attribué à ${holders} utilisateur${holders > 1 ? 's' : ''} : donnez-leur d'abord un autre rôle.`, coded('not_allowed', { users: holders }));
        }
      }
      await deleteRole(ctx, next);
      await audit(strapi, 'delete', role);
    },
  };
}
