import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { BACKEND_ROLES } from '@mamoudzou/domain/permissions';
import { writeAudit, currentRequest } from '../audit/writer';

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

function audit(strapi: Core.Strapi, action: 'create' | 'update' | 'delete', role: { id?: number; name?: string } | null, body?: Record<string, unknown>) {
  const request = currentRequest(strapi);
  return writeAudit(strapi, {
    action,
    module: 'utilisateurs',
    resourceType: 'role',
    resourceId: role?.id,
    resourceLabel: role?.name,
    changedFields: body ? Object.keys(body).filter((key) => ['name', 'description', 'permissions', 'users'].includes(key)) : undefined,
    user: request?.user,
    ip: request?.ip,
  });
}

/**
 * The roles through /api/users-permissions/roles: listed only to those who read the users; a new role cannot take a system role's name
 * (in any case or accent), the system roles are neither renamed, changed nor deleted here (the
 * bootstrap grants their permissions from the permission table at every start), and every change is
 * written to the audit log.
 */
export function guardRoles(strapi: Core.Strapi, controller: Record<string, Action>) {
  const { find, findOne, createRole, updateRole, deleteRole } = controller;
  /**
   * Every role holds `role.find` (a user reads its own role through populate), but the list of roles,
   * with their user counts, answers only those who may read the users.
   */
  const readsUsers = (ctx: any) => {
    if (!ctx.state.auth?.ability?.can?.(`${USER}.find`)) throw new errors.ForbiddenError();
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
    async createRole(ctx: any, next?: any) {
      const name = ctx.request.body?.name;
      if (isSystemName(name)) throw new errors.ValidationError(`Le nom « ${name} » est celui d'un rôle système`, { errors: [{ path: ['name'], message: 'Nom réservé à un rôle système' }] });
      await createRole(ctx, next);
      const created = await strapi.db.query(ROLE).findOne({ where: { name }, orderBy: { id: 'desc' } });
      await audit(strapi, 'create', created, ctx.request.body);
    },
    async updateRole(ctx: any, next?: any) {
      const role = await roleById(strapi, ctx.params?.role);
      if (role && SYSTEM_TYPES.has(role.type)) throw new errors.PolicyError('Les rôles système ne se modifient pas : leurs droits viennent de la table des permissions.');
      if (isSystemName(ctx.request.body?.name)) throw new errors.ValidationError(`Le nom « ${ctx.request.body.name} » est celui d'un rôle système`, { errors: [{ path: ['name'], message: 'Nom réservé à un rôle système' }] });
      await updateRole(ctx, next);
      await audit(strapi, 'update', (await roleById(strapi, ctx.params?.role)) ?? role, ctx.request.body);
    },
    async deleteRole(ctx: any, next?: any) {
      const role = await roleById(strapi, ctx.params?.role);
      if (role && SYSTEM_TYPES.has(role.type)) throw new errors.PolicyError('Les rôles système ne se suppriment pas.');
      await deleteRole(ctx, next);
      await audit(strapi, 'delete', role);
    },
  };
}
