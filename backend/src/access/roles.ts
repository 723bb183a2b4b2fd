import type { Core } from '@strapi/strapi';
import { BACKEND_ROLES, normalizeGrants, permissionsOf, type Action, type Module, type RoleGrants } from '@mamoudzou/domain/permissions';
import { actionsForRights, assertEveryRouteGranted, grantsOf, rolePermissions, type Grants } from './grants';

const ROLE_UID = 'plugin::users-permissions.role';
const PERMISSION_UID = 'plugin::users-permissions.permission';

/** Makes a role's permissions exactly `actions`: adds the missing ones, removes the others. */
async function syncRolePermissions(strapi: Core.Strapi, roleId: number, actions: string[]) {
  const existing: { id: number; action: string }[] = await strapi.db
    .query(PERMISSION_UID)
    .findMany({ where: { role: roleId }, select: ['id', 'action'] });
  const wanted = new Set(actions);
  const have = new Set(existing.map((p) => p.action));
  const stale = existing.filter((p) => !wanted.has(p.action)).map((p) => p.id);
  if (stale.length) await strapi.db.query(PERMISSION_UID).deleteMany({ where: { id: { $in: stale } } });
  for (const action of actions) {
    if (!have.has(action)) await strapi.db.query(PERMISSION_UID).create({ data: { action, role: roleId } });
  }
}

/** Idempotent: creates the five staff roles if missing and grants exactly the permissions the tables derive. */
export async function ensureRoles(strapi: Core.Strapi) {
  const grants = grantsOf(strapi);
  assertEveryRouteGranted(strapi, grants);
  for (const role of rolePermissions(grants)) {
    let row = await strapi.db.query(ROLE_UID).findOne({ where: { type: role.type } });
    if (!row) {
      row = await strapi.db.query(ROLE_UID).create({
        data: { name: role.name, type: role.type, description: `${role.label} du back-office` },
      });
    }
    await syncRolePermissions(strapi, row.id, role.actions);
  }
  const authenticated = await strapi.db.query(ROLE_UID).findOne({ where: { type: 'authenticated' } });
  if (authenticated) await syncRolePermissions(strapi, authenticated.id, grants.defaultRole);
  // Roles made by administrators: their stored grants, through the routes of today's tables.
  const custom: { id: number; name: string; type: string; grants?: unknown }[] = await strapi.db.query(ROLE_UID).findMany({
    where: { type: { $notIn: [...SYSTEM_TYPES] } },
    select: ['id', 'name', 'type', 'grants'],
  });
  for (const role of custom) {
    if (role.grants == null) {
      // Made before roles kept their grants (users-permissions' own format): read them from what it holds, once.
      const held: { action: string }[] = await strapi.db.query(PERMISSION_UID).findMany({ where: { role: role.id }, select: ['action'] });
      role.grants = grantsHeld(grants, new Set(held.map((p) => p.action)));
      await strapi.db.query(ROLE_UID).update({ where: { id: role.id }, data: { grants: role.grants } });
    }
    await syncRolePermissions(strapi, role.id, actionsForRights(grants, permissionsOf(role)));
  }
}

/** The resource of a permission id (api::report.report.find → api::report.report). */
const resourceOfAction = (id: string) => id.slice(0, id.lastIndexOf('.'));

/**
 * The matrix's module actions a role holds: every route of each resource it holds any route of, and
 * at least one resource whole. A resource of which it holds nothing is left out of the count: it was
 * added to the module after the role was made (the reports' timeline joined « signalements »).
 */
function grantsHeld(grants: Grants, held: Set<string>): RoleGrants {
  const rights: Partial<Record<Module, Action[]>> = {};
  for (const [module, actions] of Object.entries(grants.modules) as [Module, Partial<Record<Action, string[]>>][]) {
    for (const [action, ids] of Object.entries(actions) as [Action, string[]][]) {
      const byResource = new Map<string, string[]>();
      for (const id of ids) byResource.set(resourceOfAction(id), [...(byResource.get(resourceOfAction(id)) ?? []), id]);
      const touched = [...byResource.values()].filter((routes) => routes.some((id) => held.has(id)));
      if (touched.length && touched.every((routes) => routes.every((id) => held.has(id)))) (rights[module] ??= []).push(action);
    }
  }
  return normalizeGrants(rights);
}

const SYSTEM_TYPES = new Set<string>([...BACKEND_ROLES.map((r) => r.type), 'authenticated', 'public']);

/**
 * A custom role's Strapi permissions made exactly what its stored grants need, at once: derived from
 * the same tables as the system roles' (domain/resources.ts, domain/permissions.ts).
 */
export async function applyRoleGrants(strapi: Core.Strapi, role: { id: number; name: string; type: string; grants?: unknown }) {
  await syncRolePermissions(strapi, role.id, actionsForRights(grantsOf(strapi), permissionsOf(role)));
}
