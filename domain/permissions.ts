/**
 * The one access table: the permission matrix of the specification's section 6, with DESIGN
 * section 5's mapping from backend role names. Every screen, tab, menu entry and backend route
 * reads it: the SPA's canAccess and route guard, the backend's bootstrap (permissions per route,
 * from domain/resources.ts) and its own rules (settings fields, maintenance). What only
 * administrators may do is written as rows of the matrix, nowhere else.
 */

export const MODULES = [
  'signalements',
  'contenus',
  'poi',
  'annuaire',
  'notifications',
  'utilisateurs',
  'parametrages',
  'securite',
  'maintenance',
  'medias',
  'audit',
  'integrations',
  'courriels',
] as const;
export type Module = (typeof MODULES)[number];

export const ACTIONS = ['read', 'create', 'edit', 'delete', 'publish', 'import', 'export', 'notify'] as const;
export type Action = (typeof ACTIONS)[number];

export type MatrixRole = 'admin' | 'superviseur' | 'operateur' | 'redacteur';

const ALL: Action[] = [...ACTIONS];
const READ: Action[] = ['read'];
/** Every staff role sends pictures with its records; deleting a stored file is an administrator's. */
const SEND_MEDIA: Action[] = ['read', 'create'];

/**
 * The specification's nine modules, plus three it folds into others, so that what is an
 * administrator's is a row here rather than a flag elsewhere: `securite` (the settings' Sécurité
 * tab: files, logins, sessions, registration), `maintenance` (the Maintenance tab, backups, working
 * during maintenance) and `medias` (stored files); and `courriels`, the e-mail outbox.
 *
 * Two cells differ from the specification's client constants, whose route guard kept these screens
 * for administrators: a superviseur (Éditeur) does not read the audit log (it holds every account's
 * actions and addresses), and reads integrations (the Intégrations page and tab) without changing
 * them. A superviseur changes the settings of the Général, Notifications and Signalements tabs
 * (`parametrages` read, create, edit), from the Paramétrages page and the dashboard alike.
 */
export const PERMISSION_MATRIX: Record<MatrixRole, Partial<Record<Module, Action[]>>> = {
  admin: {
    signalements: ALL,
    contenus: ALL,
    poi: ALL,
    annuaire: ALL,
    notifications: ALL,
    utilisateurs: ALL,
    parametrages: ALL,
    securite: ALL,
    maintenance: ALL,
    medias: ALL,
    audit: ['read', 'export'],
    integrations: ALL,
    // The outbox holds every recipient's address: read, and « Renvoyer » a failed mail (edit).
    courriels: ['read', 'edit'],
  },
  superviseur: {
    signalements: ALL,
    contenus: ALL,
    poi: ALL,
    annuaire: ALL,
    notifications: ALL,
    utilisateurs: READ,
    parametrages: ['read', 'create', 'edit'],
    medias: SEND_MEDIA,
    integrations: READ,
  },
  operateur: {
    // Operators export the lists they work on (the specification's row has no export).
    signalements: ['read', 'create', 'edit', 'export'],
    contenus: READ,
    poi: READ,
    annuaire: READ,
    parametrages: READ,
    medias: SEND_MEDIA,
  },
  redacteur: {
    signalements: READ,
    contenus: ALL,
    poi: ALL,
    annuaire: ALL,
    parametrages: READ,
    medias: SEND_MEDIA,
  },
};

/** Backend role names (users-permissions) and how the SPA shows them. */
export const BACKEND_ROLES = [
  { name: 'Administrator', type: 'administrator', label: 'Administrateur', matrixRole: 'admin' },
  { name: 'Super Admin', type: 'super_admin', label: 'Super Administrateur', matrixRole: 'admin' },
  { name: 'Editor', type: 'editor', label: 'Éditeur', matrixRole: 'superviseur' },
  { name: 'Operator', type: 'operator', label: 'Opérateur', matrixRole: 'operateur' },
  { name: 'Author', type: 'author', label: 'Auteur', matrixRole: 'redacteur' },
] as const satisfies readonly { name: string; type: string; label: string; matrixRole: MatrixRole }[];

export function matrixRoleOf(roleName?: string | null): MatrixRole | undefined {
  return BACKEND_ROLES.find((r) => r.name === roleName)?.matrixRole;
}

export function roleLabelOf(roleName?: string | null): string {
  if (!roleName) return 'Utilisateur';
  return BACKEND_ROLES.find((r) => r.name === roleName)?.label ?? roleName;
}

export function can(roleName: string | null | undefined, module: Module, action: Action): boolean {
  const role = matrixRoleOf(roleName);
  if (!role) return false;
  return PERMISSION_MATRIX[role][module]?.includes(action) ?? false;
}

/**
 * The roles that may do `action` on `module`, as the access-denied screen names them: one French
 * name per matrix row (« Administrateur », « Éditeur »), in the matrix's order.
 */
export function rolesAllowed(module: Module, action: Action): string[] {
  const named = new Set<MatrixRole>();
  return BACKEND_ROLES.filter((role) => {
    if (named.has(role.matrixRole) || !PERMISSION_MATRIX[role.matrixRole][module]?.includes(action)) return false;
    named.add(role.matrixRole);
    return true;
  }).map((role) => role.label);
}

/**
 * Publishing under approval (settings articleApprovalRequired / eventApprovalRequired, on by default):
 * an Author's article or event stays a draft until an Editor or an administrator publishes it.
 */
export const APPROVER_MATRIX_ROLES: readonly MatrixRole[] = ['admin', 'superviseur'];

/** Whether this role may publish content of `module`, the approval setting being `approvalRequired`. */
export function canPublish(roleName: string | null | undefined, module: Module, approvalRequired: boolean): boolean {
  if (!can(roleName, module, 'publish')) return false;
  const role = matrixRoleOf(roleName);
  return !approvalRequired || (!!role && APPROVER_MATRIX_ROLES.includes(role));
}

/** One staff role in the answer of GET /api/role-matrix (the Rôles & Permissions tab). */
export interface RoleMatrixRow {
  id: number;
  name: string;
  type: string;
  description: string | null;
  /** A system role: its rights come from the permission table at every start; it is neither edited nor deleted. */
  system: boolean;
  users: number;
  permissions: Partial<Record<Module, Action[]>>;
}

/** GET /api/role-matrix: what each staff role may do, per module and action, as the backend grants it. */
export interface RoleMatrix {
  modules: readonly Module[];
  actions: readonly Action[];
  roles: RoleMatrixRow[];
}
