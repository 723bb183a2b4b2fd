/**
 * The one access table: the permission matrix, with the mapping from backend role names
 * (docs/architecture.md, « La table des accès »). Every screen, tab, menu entry and backend route
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

/**
 * The actions that mean something for each module: a route or a screen acts on them. The matrix, a
 * custom role's grants, the roles' table and the role editor hold nothing else (no « Publication » of
 * reports, no « Import » of the audit log).
 */
export const MODULE_ACTIONS: Record<Module, readonly Action[]> = {
  signalements: ['read', 'create', 'edit', 'delete', 'export'],
  contenus: ['read', 'create', 'edit', 'delete', 'publish', 'export'],
  poi: ['read', 'create', 'edit', 'delete', 'import', 'export'],
  annuaire: ['read', 'create', 'edit', 'delete', 'import', 'export'],
  // A test notification, marking read, clearing one's own; the page's export.
  notifications: ['read', 'create', 'edit', 'delete', 'export'],
  utilisateurs: ['read', 'create', 'edit', 'delete', 'export'],
  // The settings are one record: creating and changing it are the same write; « Réinitialiser » is the delete.
  parametrages: ['read', 'create', 'edit', 'delete'],
  securite: ['read', 'edit'],
  // « Sauvegarder maintenant » is the create.
  maintenance: ['read', 'create', 'edit'],
  medias: ['read', 'create', 'delete'],
  audit: ['read', 'export'],
  integrations: ['read', 'create', 'edit', 'delete'],
  courriels: ['read', 'edit'],
};

/** The actions some module has, in the matrix's order: the columns of the roles' table and editor. */
export const USED_ACTIONS: readonly Action[] = ACTIONS.filter((action) => MODULES.some((module) => MODULE_ACTIONS[module].includes(action)));

/** Whether `action` means something for `module`. */
export const moduleHas = (module: Module, action: Action) => MODULE_ACTIONS[module].includes(action);

const ALL = (module: Module): Action[] => [...MODULE_ACTIONS[module]];
const READ: Action[] = ['read'];
/** Every staff role sends pictures with its records; deleting a stored file is an administrator's. */
const SEND_MEDIA: Action[] = ['read', 'create'];

/**
 * The nine modules of the screens, plus rows for what only administrators do, so that what is an
 * administrator's is a row here rather than a flag elsewhere: `securite` (the settings' Sécurité
 * tab: files, logins, sessions, registration), `maintenance` (the Maintenance tab, backups, working
 * during maintenance) and `medias` (stored files); and `courriels`, the e-mail outbox.
 *
 * A superviseur (Éditeur) does not read the audit log (it holds every account's actions and
 * addresses), and reads integrations (the Intégrations page and tab) without changing them. It
 * changes the settings of the Général, Notifications and Signalements tabs (`parametrages` read,
 * create, edit), from the Paramétrages page and the dashboard alike.
 */
export const PERMISSION_MATRIX: Record<MatrixRole, Partial<Record<Module, Action[]>>> = {
  admin: {
    signalements: ALL('signalements'),
    contenus: ALL('contenus'),
    poi: ALL('poi'),
    annuaire: ALL('annuaire'),
    notifications: ALL('notifications'),
    utilisateurs: ALL('utilisateurs'),
    parametrages: ALL('parametrages'),
    securite: ALL('securite'),
    maintenance: ALL('maintenance'),
    medias: ALL('medias'),
    audit: ['read', 'export'],
    integrations: ALL('integrations'),
    // The outbox holds every recipient's address: read, and « Renvoyer » a failed mail (edit).
    courriels: ['read', 'edit'],
  },
  superviseur: {
    signalements: ALL('signalements'),
    contenus: ALL('contenus'),
    poi: ALL('poi'),
    annuaire: ALL('annuaire'),
    notifications: ALL('notifications'),
    utilisateurs: READ,
    parametrages: ['read', 'create', 'edit'],
    medias: SEND_MEDIA,
    integrations: READ,
  },
  operateur: {
    // Operators export the lists they work on.
    signalements: ['read', 'create', 'edit', 'export'],
    // Delay reminders go to the agent a report is assigned to: their bell, their notifications and preferences.
    notifications: ['read', 'create', 'edit', 'delete'],
    contenus: READ,
    poi: READ,
    annuaire: READ,
    parametrages: READ,
    medias: SEND_MEDIA,
  },
  redacteur: {
    signalements: READ,
    contenus: ALL('contenus'),
    poi: ALL('poi'),
    annuaire: ALL('annuaire'),
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

/** What a role may do: per module, its actions (a matrix row, or a custom role's stored grants). */
export type RoleGrants = Partial<Record<Module, Action[]>>;

/**
 * A role as the checks receive it: a system role's name, or the role record itself, which for a
 * role made by administrators carries its `grants` (kept by the backend on the role).
 */
export type RoleRef = string | { id?: number | string | null; name?: string | null; type?: string | null; grants?: unknown } | null | undefined;

/** Whether `name` is one of the system roles (their rights are rows of the matrix, never stored). */
export const isSystemRoleName = (name?: string | null) => BACKEND_ROLES.some((r) => r.name === name);

/**
 * A custom role's grants as stored, kept to known modules and the actions each has, in the matrix's
 * order; any action implies reading the module (a screen that cannot be opened cannot be used).
 */
export function normalizeGrants(value: unknown): RoleGrants {
  const grants: RoleGrants = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return grants;
  for (const module of MODULES) {
    const listed = (value as Record<string, unknown>)[module];
    if (!Array.isArray(listed)) continue;
    const actions = MODULE_ACTIONS[module].filter((action) => listed.includes(action));
    if (actions.length) grants[module] = actions.includes('read') ? actions : ['read', ...actions];
  }
  return grants;
}

/**
 * The one reading of the access table: a system role's row of the matrix, else the grants an
 * administrator gave a custom role; nothing for no role (the default role of a self-registered
 * account). Every check, in the backend and the SPA, goes through here.
 */
export function permissionsOf(role: RoleRef): RoleGrants {
  const name = typeof role === 'string' ? role : role?.name;
  const matrixRole = matrixRoleOf(name);
  if (matrixRole) return PERMISSION_MATRIX[matrixRole];
  if (!role || typeof role === 'string' || role.type === 'authenticated' || role.type === 'public') return {};
  return normalizeGrants(role.grants);
}

export function can(role: RoleRef, module: Module, action: Action): boolean {
  return permissionsOf(role)[module]?.includes(action) ?? false;
}

/** The modules and actions by their French names: the roles' matrix, the audit log and the backend's refusals. */
export const MODULE_LABELS: Record<Module, string> = {
  signalements: 'Signalements',
  contenus: 'Contenus',
  poi: "Points d'intérêt",
  annuaire: 'Annuaire',
  notifications: 'Notifications',
  utilisateurs: 'Utilisateurs',
  parametrages: 'Paramétrages',
  securite: 'Sécurité',
  maintenance: 'Maintenance',
  medias: 'Médias',
  audit: "Journal d'audit",
  integrations: 'Intégrations',
  courriels: 'E-mails',
};
/** The audit log's modules: the matrix's, and the logins (`auth`), which no role is granted. */
export const AUDIT_MODULES = [...MODULES, 'auth'] as const;
export type AuditModule = (typeof AUDIT_MODULES)[number];
export const AUDIT_MODULE_LABELS: Record<AuditModule, string> = { ...MODULE_LABELS, auth: 'Connexions' };

export const ACTION_LABELS: Record<Action, string> = {
  read: 'Lecture',
  create: 'Création',
  edit: 'Modification',
  delete: 'Suppression',
  publish: 'Publication',
  import: 'Import',
  export: 'Export',
  notify: 'Notification',
};

/** The rights of `asked` that `held` does not have, per module; empty when `asked` stays within `held`. */
export function grantsBeyond(asked: RoleGrants, held: RoleGrants): RoleGrants {
  const beyond: RoleGrants = {};
  for (const module of MODULES) {
    const extra = (asked[module] ?? []).filter((action) => !held[module]?.includes(action));
    if (extra.length) beyond[module] = extra;
  }
  return beyond;
}

/** « Journal d'audit (lecture, export), Maintenance (lecture) ». */
export const describeGrants = (grants: RoleGrants) =>
  (Object.entries(grants) as [Module, Action[]][]).map(([module, actions]) => `${MODULE_LABELS[module]} (${actions.map((a) => ACTION_LABELS[a].toLowerCase()).join(', ')})`).join(', ');

/** An administrators' role of the matrix (Administrator, Super Admin). */
export const isAdminRole = (role: RoleRef) => matrixRoleOf(typeof role === 'string' ? role : role?.name) === 'admin';

/**
 * Whether the holder of `caller` may give `role` to an account, or act on an account that holds it
 * (edit it, set its password, reset its two-factor, delete it): an administrators' role only for
 * administrators; any other only when every right it gives is the caller's too. Nobody hands on a
 * right they do not hold.
 */
export function mayHandOver(caller: RoleRef, role: RoleRef): boolean {
  if (isAdminRole(role)) return isAdminRole(caller);
  return Object.keys(grantsBeyond(permissionsOf(role), permissionsOf(caller))).length === 0;
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
export function canPublish(role: RoleRef, module: Module, approvalRequired: boolean): boolean {
  if (!can(role, module, 'publish')) return false;
  // A custom role is no approver: approval names the roles that review an Author's work.
  const matrixRole = matrixRoleOf(typeof role === 'string' ? role : role?.name);
  return !approvalRequired || (!!matrixRole && APPROVER_MATRIX_ROLES.includes(matrixRole));
}

/**
 * Roles whose rights on a module's records are their own drafts only: an Auteur's articles and events
 * wait for an Éditeur, and an Auteur neither changes nor deletes anyone else's, nor what is published.
 */
const OWN_DRAFTS_ONLY: Partial<Record<MatrixRole, readonly Module[]>> = { redacteur: ['contenus'] };
/** The actions that own-drafts rule limits. */
export const OWN_DRAFT_ACTIONS: readonly Action[] = ['edit', 'delete'];

export const ownDraftsOnly = (role: RoleRef, module: Module) => {
  const matrixRole = matrixRoleOf(typeof role === 'string' ? role : role?.name);
  return !!matrixRole && (OWN_DRAFTS_ONLY[matrixRole]?.includes(module) ?? false);
};

/** Whether account `userId` wrote this record (its `authorId`, set by the backend at creation). */
export const isAuthor = (record: { authorId?: unknown }, userId: unknown) => record.authorId != null && userId != null && String(record.authorId) === String(userId);

/**
 * Whether the holder of `role` (account `userId`) may `action` this record of `module`: the matrix's
 * answer, narrowed to their own drafts for an Auteur's contents (own published ones too when no
 * approval is required: they published them), and, for another person's account, to accounts whose
 * role's rights the caller's cover (an administrator's account: by an administrator), as the backend
 * decides before it writes.
 */
export function mayActOnRecord(
  role: RoleRef,
  module: Module,
  action: string,
  record: { id?: unknown; authorId?: unknown; status?: unknown; role?: RoleRef } | null | undefined,
  userId: unknown,
  approvalRequired = true,
): boolean {
  if (module === 'utilisateurs' && record && action !== 'read') {
    return (userId != null && String(record.id) === String(userId)) || mayHandOver(role, record.role);
  }
  const writes = OWN_DRAFT_ACTIONS.includes(action as Action) || action === 'publish';
  if (!writes || !ownDraftsOnly(role, module) || !record) return true;
  if (!isAuthor(record, userId)) return false;
  // Publishing their own is the approval's question (canPublish).
  return action === 'publish' || record.status === 'draft' || !approvalRequired;
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
  /** Rights narrowed by a rule the app enforces (an Auteur's own drafts): module → action → what it covers, in French. */
  limits?: Partial<Record<Module, Partial<Record<Action, string>>>>;
}

/** GET /api/role-matrix: what each staff role may do, per module and action, as the backend grants it. */
export interface RoleMatrix {
  modules: readonly Module[];
  actions: readonly Action[];
  roles: RoleMatrixRow[];
}
