/**
 * The one declarative table of what each backend role may call, derived from the specification's
 * permission matrix (domain/permissions.ts) and DESIGN section 5.
 */
import { BACKEND_ROLES, PERMISSION_MATRIX, type Action, type MatrixRole, type Module } from '@mamoudzou/domain/permissions';

type ActionMap = Partial<Record<Action, string[]>>;

const collection = (uid: string, extraRead: string[] = []): ActionMap => ({
  read: [`${uid}.find`, `${uid}.findOne`, ...extraRead.map((a) => `${uid}.${a}`)],
  create: [`${uid}.create`],
  edit: [`${uid}.update`],
  delete: [`${uid}.delete`],
});

const USERS = 'plugin::users-permissions.user';
const ROLES = 'plugin::users-permissions.role';

/** Which backend actions each module's matrix action grants. */
export const MODULE_ACTIONS: Partial<Record<Module, ActionMap[]>> = {
  // Export: the matrix's own action, a streamed read of every matching report (src/reports/export.ts).
  signalements: [{ ...collection('api::report.report', ['stats', 'inArea']), export: ['api::report.report.export'] }],
  contenus: [collection('api::article.article'), collection('api::event.event', ['stats'])],
  // CSV import is the matrix's own action (a batch of creates, all or nothing: src/import).
  poi: [{ ...collection('api::poi.poi', ['stats']), import: ['api::poi.poi.import'] }],
  annuaire: [{ ...collection('api::directory-entry.directory-entry'), import: ['api::directory-entry.directory-entry.import'] }],
  parametrages: [
    {
      // No delete: the settings single type has no DELETE route (deleting it left every rule on nulls).
      read: ['api::setting.setting.find'],
      create: ['api::setting.setting.update'],
      edit: ['api::setting.setting.update'],
    },
  ],
  notifications: [
    {
      read: ['find', 'findOne', 'unreadCount', 'preferences'].map((a) => `api::notification.notification.${a}`),
      create: ['api::notification.notification.test'],
      edit: ['update', 'readAll', 'updatePreferences'].map((a) => `api::notification.notification.${a}`),
      delete: ['delete', 'clear'].map((a) => `api::notification.notification.${a}`),
    },
  ],
  utilisateurs: [
    {
      read: [`${USERS}.find`, `${USERS}.findOne`, `${USERS}.count`, `${ROLES}.findOne`],
      create: [`${USERS}.create`, `${ROLES}.createRole`],
      edit: [`${USERS}.update`, `${ROLES}.updateRole`],
      delete: [`${USERS}.destroy`, `${ROLES}.deleteRole`],
    },
  ],
};

/**
 * Every staff role reads its own user with its role (populating a relation needs its `find`; the
 * list of roles itself answers only those who read the users: src/users/roles.ts), changes its
 * password and uploads media. Refreshing the token and logging out need no permission (api/session
 * checks the token itself).
 */
export const EVERY_ROLE = [
  `${USERS}.me`,
  `${ROLES}.find`,
  'plugin::users-permissions.auth.changePassword',
  'plugin::upload.content-api.upload',
  'plugin::upload.content-api.find',
  'plugin::upload.content-api.findOne',
  // The global search answers only what the caller's role may read (api/search/services/search.ts).
  'api::search.search.find',
];

/**
 * Kept for administrators: deleting media files, and reading the audit log (the matrix also lets a
 * superviseur read it, but /audit is an administrators' route and the backend issue says admins only).
 */
const ADMIN_ONLY = [
  'plugin::upload.content-api.destroy',
  'api::audit-log.audit-log.find',
  'api::audit-log.audit-log.findOne',
  // Settings back to their defaults, backups and the Intégrations page's server status.
  'api::setting.setting.reset',
  'api::backup.backup.find',
  'api::backup.backup.create',
  'api::backup.backup.download',
  'api::system-status.system-status.find',
  // The permission matrix of the Rôles & Permissions tab (src/users/role-matrix.ts).
  'api::role-matrix.role-matrix.find',
];

export function actionsForMatrixRole(role: MatrixRole): string[] {
  const granted = new Set<string>(EVERY_ROLE);
  for (const [module, maps] of Object.entries(MODULE_ACTIONS) as [Module, ActionMap[]][]) {
    const allowed = PERMISSION_MATRIX[role][module] ?? [];
    for (const map of maps) for (const action of allowed) for (const a of map[action] ?? []) granted.add(a);
  }
  if (role === 'admin') ADMIN_ONLY.forEach((a) => granted.add(a));
  return [...granted].sort();
}

/** The table itself: role type → its actions. */
export const ROLE_PERMISSIONS = BACKEND_ROLES.map((role) => ({
  ...role,
  actions: actionsForMatrixRole(role.matrixRole),
}));

/** Accounts that registered themselves keep Strapi's default role: it reads only itself, with its role. */
export const DEFAULT_ROLE_ACTIONS = [`${USERS}.me`, `${ROLES}.find`];
