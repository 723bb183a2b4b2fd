/**
 * What each backend role may call, derived from the two tables of domain/: the permission matrix
 * (who may do which action on which module) and the resources (which routes each module's actions
 * are). Nothing here names a collection: a new row of domain/resources.ts is granted by its module.
 */
import type { Core } from '@strapi/strapi';
import { BACKEND_ROLES, PERMISSION_MATRIX, type Action, type MatrixRole, type Module, type RoleGrants } from '@mamoudzou/domain/permissions';
import { RESOURCES, resourceRow, routeActionsOf } from '@mamoudzou/domain/resources';

type ActionMap = Partial<Record<Action, string[]>>;

/**
 * Only actions bound to a content-API route are kept: a core controller also has actions no route
 * serves (a notification's `create`), and granting them would show rights nobody can use.
 */
function routed(strapi: Core.Strapi) {
  const registry = strapi.contentAPI.permissions.providers.action;
  return (action: string) => registry.has(action);
}

export interface Grants {
  /** Per module, the backend actions each of its matrix actions needs. */
  modules: Partial<Record<Module, ActionMap>>;
  /** What every staff role calls whatever its matrix row (its own account, the global search). */
  everyRole: string[];
  /** What an account with Strapi's default role (registered by itself, no staff role yet) calls: its own account. */
  defaultRole: string[];
}

export function grantsOf(strapi: Core.Strapi): Grants {
  const isRouted = routed(strapi);
  const modules: Partial<Record<Module, ActionMap>> = {};
  const everyRole = new Set<string>();
  for (const row of RESOURCES) {
    const actions = routeActionsOf(row);
    for (const [action, ids] of Object.entries(actions) as [Action, string[]][]) {
      const kept = ids.filter(isRouted);
      if (!row.module) kept.forEach((id) => everyRole.add(id));
      else if (kept.length) {
        const map = (modules[row.module] ??= {});
        map[action] = [...new Set([...(map[action] ?? []), ...kept])];
      }
    }
  }
  const account = routeActionsOf(resourceRow('account'));
  return { modules, everyRole: [...everyRole].sort(), defaultRole: (account.read ?? []).filter(isRouted) };
}

/** Every backend action a role's rights need: its modules' actions and every role's own. */
export function actionsForRights(grants: Grants, rights: RoleGrants): string[] {
  const granted = new Set<string>(grants.everyRole);
  for (const [module, allowed] of Object.entries(rights) as [Module, Action[]][]) {
    for (const action of allowed) for (const id of grants.modules[module]?.[action] ?? []) granted.add(id);
  }
  return [...granted].sort();
}

/** Every backend action a matrix role holds. */
export const actionsForMatrixRole = (grants: Grants, role: MatrixRole) => actionsForRights(grants, PERMISSION_MATRIX[role]);

/** The table itself: each staff role with its actions. */
export function rolePermissions(grants: Grants) {
  return BACKEND_ROLES.map((role) => ({ ...role, actions: actionsForMatrixRole(grants, role.matrixRole) }));
}

/**
 * Start-up check: every route of the application's APIs that asks for a login is granted to some
 * staff role, and every row of the table has routes. A Strapi folder added without its row in
 * domain/resources.ts would otherwise answer 403 to everyone, and a misspelt row grant nothing;
 * this says so at once, in words a newcomer can act on.
 */
export function assertEveryRouteGranted(strapi: Core.Strapi, grants: Grants) {
  const granted = new Set<string>(grants.everyRole);
  for (const map of Object.values(grants.modules)) for (const ids of Object.values(map ?? {})) ids?.forEach((id) => granted.add(id));
  const missing: string[] = [];
  for (const [apiName, api] of Object.entries(strapi.apis as Record<string, { routes?: Record<string, { routes?: RouteSpec[] }> }>)) {
    for (const router of Object.values(api.routes ?? {})) {
      for (const route of router.routes ?? []) {
        if (route.config?.auth === false) continue;
        const action = route.handler.includes('::') ? route.handler : `api::${apiName}.${route.handler}`;
        if (!granted.has(action)) missing.push(`${route.method} /api${route.path} (${action}) : ajoutez la ressource « ${apiName} » à domain/resources.ts, ou ses routes à sa ligne`);
      }
    }
  }
  const isRouted = routed(strapi);
  for (const row of RESOURCES) {
    if (!Object.values(routeActionsOf(row)).flat().some(isRouted)) missing.push(`la ligne « ${row.key} » de domain/resources.ts ne correspond à aucune route de Strapi (dossier backend/src/api/${row.key}/ ?)`);
  }
  if (missing.length) throw new Error(`Droits incomplets :\n- ${missing.join('\n- ')}`);
}

interface RouteSpec {
  method: string;
  path: string;
  handler: string;
  config?: { auth?: false | object };
}
