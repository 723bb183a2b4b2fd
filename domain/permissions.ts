/**
 * The permission matrix of the specification's section 6, with DESIGN section 5's mapping from
 * backend role names. The SPA's canAccess and the backend's bootstrap both read this table.
 */

export const MODULES = [
  'signalements',
  'contenus',
  'poi',
  'annuaire',
  'notifications',
  'utilisateurs',
  'parametrages',
  'audit',
  'integrations',
] as const;
export type Module = (typeof MODULES)[number];

export const ACTIONS = ['read', 'create', 'edit', 'delete', 'publish', 'import', 'export', 'notify'] as const;
export type Action = (typeof ACTIONS)[number];

export type MatrixRole = 'admin' | 'superviseur' | 'operateur' | 'redacteur';

const ALL: Action[] = [...ACTIONS];
const READ: Action[] = ['read'];

export const PERMISSION_MATRIX: Record<MatrixRole, Partial<Record<Module, Action[]>>> = {
  admin: {
    signalements: ALL,
    contenus: ALL,
    poi: ALL,
    annuaire: ALL,
    notifications: ALL,
    utilisateurs: ALL,
    parametrages: ALL,
    audit: ['read', 'export'],
    integrations: ALL,
  },
  superviseur: {
    signalements: ALL,
    contenus: ALL,
    poi: ALL,
    annuaire: ALL,
    notifications: ALL,
    utilisateurs: READ,
    parametrages: ['read', 'create', 'edit'],
    audit: ['read', 'export'],
    integrations: READ,
  },
  operateur: {
    // export added: the reports issue has operators export their lists (exports make no call).
    signalements: ['read', 'create', 'edit', 'export'],
    contenus: READ,
    poi: READ,
    annuaire: READ,
    parametrages: READ,
  },
  redacteur: {
    signalements: READ,
    contenus: ALL,
    poi: ALL,
    annuaire: ALL,
    parametrages: READ,
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

export const ADMIN_ROLE_NAMES = ['Administrator', 'Super Admin'];

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

export const isAdmin = (roleName?: string | null) => ADMIN_ROLE_NAMES.includes(roleName ?? '');
export const canManageUsers = (roleName?: string | null) =>
  isAdmin(roleName) || roleName === 'Editor';
export const canManageContent = (roleName?: string | null) =>
  canManageUsers(roleName) || roleName === 'Author';

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
