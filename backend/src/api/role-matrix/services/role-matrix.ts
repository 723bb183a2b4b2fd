import type { Core } from '@strapi/strapi';
import { BACKEND_ROLES, canPublish, MODULE_ACTIONS, MODULES, OWN_DRAFT_ACTIONS, ownDraftsOnly, PERMISSION_MATRIX, permissionsOf, USED_ACTIONS, type Action, type Module, type RoleMatrix, type RoleMatrixRow } from '@mamoudzou/domain/permissions';
import { grantsOf, type Grants } from '../../../access/grants';
import { currentSettings } from '../../../utils/services';

/** How the roles' table names a right narrowed by a rule of the app. */
const LIMIT_LABELS = { ownDrafts: 'Ses brouillons', articlesOnly: 'Actualités seulement', eventsOnly: 'Événements seulement' } as const;

/**
 * What the app enforces beyond the matrix row, for a system role: an Auteur's own drafts, and publishing
 * under the settings' approval (an Auteur publishes only what needs no approval).
 */
function limitsOf(role: string, permissions: Partial<Record<Module, Action[]>>, approval: { articles: boolean; events: boolean }) {
  const limits: NonNullable<RoleMatrixRow['limits']> = {};
  const contents = permissions.contenus;
  if (!contents) return limits;
  if (ownDraftsOnly(role, 'contenus')) for (const action of OWN_DRAFT_ACTIONS) if (contents.includes(action)) (limits.contenus ??= {})[action] = LIMIT_LABELS.ownDrafts;
  if (contents.includes('publish')) {
    const articles = canPublish(role, 'contenus', approval.articles);
    const events = canPublish(role, 'contenus', approval.events);
    if (!articles && !events) permissions.contenus = contents.filter((a) => a !== 'publish');
    else if (!articles || !events) (limits.contenus ??= {}).publish = articles ? LIMIT_LABELS.articlesOnly : LIMIT_LABELS.eventsOnly;
  }
  return limits;
}

const ROLE = 'plugin::users-permissions.role';
const PERMISSION = 'plugin::users-permissions.permission';
const USER = 'plugin::users-permissions.user';

/** users-permissions' own roles: technical, never shown nor given to staff. */
const TECHNICAL_TYPES = new Set(['public', 'authenticated']);

/** The backend actions a module's matrix action needs, when routes carry it. */
function routeActionsOf(grants: Grants, module: Module, action: Action): string[] | undefined {
  const needed = grants.modules[module]?.[action];
  return needed?.length ? needed : undefined;
}

/**
 * What each staff role may do, per module and action, as the backend grants it: an action that
 * routes carry is granted when the role holds every one of them in the database; the others
 * (publish, export...) are rules of the permission table, shown for the system roles as
 * long as the role reads the module. A custom role shows its stored grants.
 */
async function roleMatrix(strapi: Core.Strapi): Promise<RoleMatrix> {
  const grants = grantsOf(strapi);
  const settings = await currentSettings(strapi);
  const approval = { articles: settings.articleApprovalRequired !== false, events: settings.eventApprovalRequired !== false };
  const roles: any[] = await strapi.db.query(ROLE).findMany({ orderBy: { id: 'asc' } });
  const rows: RoleMatrixRow[] = [];
  for (const role of roles.filter((r) => !TECHNICAL_TYPES.has(r.type))) {
    const granted = new Set<string>(
      ((await strapi.db.query(PERMISSION).findMany({ where: { role: role.id }, select: ['action'] })) as { action: string }[]).map((p) => p.action),
    );
    const system = BACKEND_ROLES.find((r) => r.type === role.type);
    // A custom role's rights are its stored grants: what every check reads, and what its permissions were derived from.
    const permissions: Partial<Record<Module, Action[]>> = system ? {} : { ...permissionsOf(role) };
    for (const module of system ? MODULES : []) {
      const allowed = MODULE_ACTIONS[module].filter((action) => {
        const needed = routeActionsOf(grants, module, action);
        if (needed) return needed.every((a) => granted.has(a));
        return false;
      });
      if (system) {
        const reads = allowed.includes('read') || !routeActionsOf(grants, module, 'read');
        for (const action of PERMISSION_MATRIX[system.matrixRole][module] ?? []) {
          if (!routeActionsOf(grants, module, action) && reads && !allowed.includes(action)) allowed.push(action);
        }
      }
      const ordered = MODULE_ACTIONS[module].filter((a) => allowed.includes(a));
      if (ordered.length) permissions[module] = ordered;
    }
    const limits = system ? limitsOf(role.name, permissions, approval) : {};
    rows.push({
      id: role.id,
      name: role.name,
      type: role.type,
      description: role.description ?? null,
      system: !!system,
      users: await strapi.db.query(USER).count({ where: { role: role.id } }),
      permissions,
      ...(Object.keys(limits).length ? { limits } : {}),
    });
  }
  return { modules: MODULES, actions: USED_ACTIONS, roles: rows };
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  matrix: () => roleMatrix(strapi),
});
