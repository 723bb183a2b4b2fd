/**
 * The one table of resources. Every layer derives its lists from it: the backend's permissions
 * (bootstrap), its audit, its search texts and the global search; the SPA's endpoints and access
 * rules. Adding a resource is a row here, a Strapi folder `backend/src/api/<key>/` and an SPA folder
 * `src/resources/<path>/` (docs/ajouter-une-ressource.md).
 *
 * A resource has one name, its `key`; the two others are addresses, each used in one place:
 * - `key` (English, singular): the code's name for it everywhere, its Strapi folder and uid
 *   (`api::<key>.<key>`), the audit log's `resourceType`, the search text's collection;
 * - `path` (French): the back-office's URL (`/signalements`), which is react-admin's resource name;
 * - `endpoint`: its REST path under `/api` (Strapi's `pluralName`).
 * Its `module` is not a name of it: it is the row of the permission matrix that governs it (one
 * module may govern several resources: `contenus` holds articles and events).
 */
import type { Action, Module } from './permissions';
import { REPORT_STATUSES, USER_STATUSES } from './vocabulary';

/** How the SPA's data provider talks to the endpoint. */
export type EndpointKind = 'collection' | 'single' | 'users' | 'roles';
/** A resource's routes: Strapi's core routes of a collection or a single type, or only its own (`routes`). */
export type ResourceKind = EndpointKind | 'routes';

/** The global search's kinds of results. */
export const SEARCH_TYPES = ['signalement', 'article', 'event', 'user'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface ResourceRow {
  key: string;
  /** react-admin's resource name, the URL of its screens; none for a backend-only resource. */
  path?: string;
  /** Under /api; none for a resource no client calls by itself. */
  endpoint?: string;
  /** Strapi's uid when it is not `api::<key>.<key>` (a plugin's content type). */
  uid?: string;
  /** Default 'collection'. */
  kind?: ResourceKind;
  /** The matrix row that says who may do what; none: every staff role may call all its routes. */
  module?: Module;
  /**
   * The controller actions each matrix action grants, beyond the kind's defaults (a collection:
   * read find/findOne, create create, edit update, delete delete; a single type: read find,
   * create/edit update). A name with `::` is a full action id (a plugin's).
   */
  routes?: Partial<Record<Action, readonly string[]>>;
  /** Search without case or accents (a private `searchText` the backend keeps): the fields it covers. */
  searchFields?: readonly string[];
  /** Every create, update and delete made through the API goes to the audit log. */
  audited?: boolean;
  /** The setting that puts its publication under approval (only approvers publish). */
  approvalSetting?: 'articleApprovalRequired' | 'eventApprovalRequired';
  /**
   * A kind of result of the global search and the attributes it shows: its title (or, when empty,
   * `untitled`), date (with the town's time of day `time` for a calendar day), status among
   * `statuses`, and `priority` (the priority filter keeps only kinds that have one).
   */
  globalSearch?: { type: SearchType; title: string; untitled?: string; date: string; time?: string; status?: string; statuses?: readonly string[]; priority?: string };
}

const USERS_PLUGIN = 'plugin::users-permissions';

const TABLE = [
  {
    key: 'report',
    path: 'signalements',
    endpoint: 'reports',
    module: 'signalements',
    routes: { read: ['stats', 'inArea', 'figures', 'nearby', 'nearbyPoint', 'sources'], edit: ['duplicate', 'moderate'], export: ['export'] },
    searchFields: ['reference', 'title', 'description', 'type', 'subType', 'zone', 'address', 'documentId'],
    audited: true,
    globalSearch: { type: 'signalement', title: 'title', untitled: 'type', status: 'report_status', statuses: REPORT_STATUSES, priority: 'priority', date: 'createdAt' },
  },
  {
    // A report's timeline: staff read it with the report and write replies and notes as they edit reports.
    key: 'report-update',
    endpoint: 'report-updates',
    kind: 'routes',
    module: 'signalements',
    routes: { read: ['find'], edit: ['create'] },
    audited: true,
  },
  {
    key: 'article',
    path: 'actualites',
    endpoint: 'articles',
    module: 'contenus',
    searchFields: ['title', 'slug', 'summary', 'body'],
    audited: true,
    approvalSetting: 'articleApprovalRequired',
    globalSearch: { type: 'article', title: 'title', status: 'status', date: 'date' },
  },
  {
    key: 'event',
    path: 'evenements',
    endpoint: 'events',
    module: 'contenus',
    routes: { read: ['stats'] },
    searchFields: ['title', 'description', 'location', 'category'],
    audited: true,
    approvalSetting: 'eventApprovalRequired',
    globalSearch: { type: 'event', title: 'title', date: 'date', time: 'time' },
  },
  {
    key: 'poi',
    path: 'poi',
    endpoint: 'pois',
    module: 'poi',
    routes: { read: ['stats'], import: ['import'] },
    searchFields: ['name', 'description', 'address', 'tags'],
    audited: true,
  },
  {
    key: 'directory-entry',
    path: 'annuaire',
    endpoint: 'directory-entries',
    module: 'annuaire',
    routes: { import: ['import'] },
    searchFields: ['name', 'description', 'email', 'services', 'tags'],
    audited: true,
  },
  {
    key: 'notification',
    path: 'notifications',
    endpoint: 'notifications',
    module: 'notifications',
    // A user's own notifications: no generic create (the backend writes them), a test one instead.
    routes: { read: ['unreadCount', 'preferences'], create: ['test'], edit: ['readAll', 'updatePreferences'], delete: ['clear'] },
  },
  {
    key: 'user',
    path: 'utilisateurs',
    endpoint: 'users',
    uid: `${USERS_PLUGIN}.user`,
    kind: 'users',
    module: 'utilisateurs',
    routes: { read: ['find', 'findOne', 'count'], create: ['create'], edit: ['update'], delete: ['destroy'] },
    searchFields: ['username', 'email', 'service'],
    audited: true,
    globalSearch: { type: 'user', title: 'username', status: 'status', statuses: USER_STATUSES, date: 'createdAt' },
  },
  {
    key: 'role',
    path: 'roles',
    endpoint: 'users-permissions/roles',
    uid: `${USERS_PLUGIN}.role`,
    kind: 'roles',
    module: 'utilisateurs',
    // Listing the roles is every role's (see `account`); the list answers only those who read users.
    routes: { read: ['findOne'], create: ['createRole'], edit: ['updateRole'], delete: ['deleteRole'] },
    audited: true,
  },
  {
    // What each staff role may do per module and action (the Rôles & Permissions tab).
    key: 'role-matrix',
    endpoint: 'role-matrix',
    kind: 'routes',
    module: 'utilisateurs',
    routes: { read: ['find'] },
  },
  {
    // A person's two-factor login as administrators see it and reset it (the login's own steps need no grant).
    key: 'two-factor',
    kind: 'routes',
    module: 'utilisateurs',
    routes: { read: ['findOne'], edit: ['reset'] },
  },
  {
    key: 'setting',
    path: 'settings',
    endpoint: 'setting',
    kind: 'single',
    module: 'parametrages',
    // No DELETE route (deleting the settings left every rule on nulls): « Réinitialiser » is the delete.
    routes: { delete: ['reset'] },
    audited: true,
  },
  {
    key: 'audit-log',
    path: 'audit',
    endpoint: 'audit-logs',
    module: 'audit',
  },
  {
    // Backups: the list and a download (read), « Sauvegarder maintenant » (create).
    key: 'backup',
    endpoint: 'backups',
    kind: 'routes',
    module: 'maintenance',
    routes: { read: ['find', 'download'], create: ['create'] },
  },
  {
    // Every e-mail the backend sends, queued first and sent by its worker: read only, and « Renvoyer » a failed one.
    key: 'email-outbox',
    path: 'courriels',
    endpoint: 'email-outbox',
    module: 'courriels',
    routes: { read: ['stats'], edit: ['resend'] },
  },
  {
    // An administrator sends an account's invitation again (the first goes with the account's creation).
    key: 'invitation',
    endpoint: 'invitations',
    kind: 'routes',
    module: 'utilisateurs',
    routes: { create: ['create'] },
  },
  {
    // What only the server knows, for the Intégrations page.
    key: 'system-status',
    endpoint: 'system-status',
    kind: 'routes',
    module: 'integrations',
    routes: { read: ['find'] },
  },
  {
    // Applications that file reports through Open311 and their keys (Intégrations; administrators create and revoke).
    key: 'open311-client',
    endpoint: 'open311-clients',
    module: 'integrations',
    audited: true,
  },
  {
    // Media files: every staff role sends pictures with its records; deleting a stored file is the module's delete.
    key: 'upload',
    endpoint: 'upload',
    uid: 'plugin::upload.content-api',
    kind: 'routes',
    module: 'medias',
    routes: { read: ['find', 'findOne'], create: ['upload'], delete: ['destroy'] },
  },
  {
    // Every staff role reads the settings its screens follow (report types, templates, delays, the menu): a
    // custom role without the settings module too. Secrets only to those who change them (controllers/setting.ts).
    key: 'settings-for-staff',
    kind: 'routes',
    routes: { read: ['api::setting.setting.find'] },
  },
  {
    // The global search answers only what the caller's role may read (api/search/services/search.ts).
    key: 'search',
    endpoint: 'search',
    kind: 'routes',
    routes: { read: ['find'] },
  },
  {
    // Every account reads itself with its role (populating a relation needs its `find`) and changes its password.
    key: 'account',
    kind: 'routes',
    routes: {
      read: [`${USERS_PLUGIN}.user.me`, `${USERS_PLUGIN}.role.find`],
      edit: [`${USERS_PLUGIN}.auth.changePassword`],
    },
  },
] as const satisfies readonly ResourceRow[];

/** The table's rows. */
export const RESOURCES: readonly ResourceRow[] = TABLE;
/** The keys the table knows: a typo in an SPA folder's key fails the type check. */
export type ResourceKey = (typeof TABLE)[number]['key'];

const BY_KEY = new Map<string, ResourceRow>(RESOURCES.map((row) => [row.key, row]));

/** The row of `key`; throws on an unknown key (a typo must not pass for a resource without rules). */
export function resourceRow(key: ResourceKey | (string & {})): ResourceRow {
  const row = BY_KEY.get(key);
  if (!row) throw new Error(`Ressource inconnue de domain/resources.ts : ${key}`);
  return row;
}

/** Strapi's uid of a resource. */
export const uidOf = (row: ResourceRow) => row.uid ?? `api::${row.key}.${row.key}`;

/** The row of a Strapi uid, if the table has one. */
export function rowOfUid(uid: string): ResourceRow | undefined {
  return RESOURCES.find((row) => uidOf(row) === uid);
}

/** Resources searched without case or accents. */
export const SEARCHABLE_RESOURCES = RESOURCES.filter((row) => !!row.searchFields);

/** Strapi's core routes of each kind (a plugin's resources list their own). */
const KIND_ROUTES: Record<ResourceKind, Partial<Record<Action, readonly string[]>>> = {
  collection: { read: ['find', 'findOne'], create: ['create'], edit: ['update'], delete: ['delete'] },
  single: { read: ['find'], create: ['update'], edit: ['update'] },
  users: {},
  roles: {},
  routes: {},
};

/** The backend actions (`<uid>.<action>`) each matrix action of the row grants: its kind's core routes and its own. */
export function routeActionsOf(row: ResourceRow): Partial<Record<Action, string[]>> {
  const uid = uidOf(row);
  const defaults = KIND_ROUTES[row.kind ?? 'collection'];
  const merged: Partial<Record<Action, string[]>> = {};
  for (const source of [defaults, row.routes ?? {}]) {
    for (const [action, names] of Object.entries(source) as [Action, readonly string[]][]) {
      const ids = names.map((name) => (name.includes('::') ? name : `${uid}.${name}`));
      merged[action] = [...new Set([...(merged[action] ?? []), ...ids])];
    }
  }
  return merged;
}
