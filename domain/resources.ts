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
import { SYSTEM_FIELDS, type Attributes, type FieldName, type SystemField } from './attributes';
import { ARTICLE_ATTRIBUTES } from './attributes/article';
import { AUDIT_LOG_ATTRIBUTES } from './attributes/audit-log';
import { DIRECTORY_ENTRY_ATTRIBUTES } from './attributes/directory-entry';
import { EMAIL_OUTBOX_ATTRIBUTES } from './attributes/email-outbox';
import { EVENT_ATTRIBUTES } from './attributes/event';
import { NOTIFICATION_ATTRIBUTES } from './attributes/notification';
import { POI_ATTRIBUTES } from './attributes/poi';
import { REPORT_ATTRIBUTES } from './attributes/report';
import { USER_ATTRIBUTES } from './attributes/user';
import type { Action, Module } from './permissions';
import { REPORT_STATUSES, USER_STATUSES } from './vocabulary';

/** How the SPA's data provider talks to the endpoint. */
export type EndpointKind = 'collection' | 'single' | 'users' | 'roles';
/** A resource's routes: Strapi's core routes of a collection or a single type, or only its own (`routes`). */
export type ResourceKind = EndpointKind | 'routes';

/** The global search's kinds of results. */
export const SEARCH_TYPES = ['signalement', 'article', 'event', 'user'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * A resource's noun, in French: the standard texts of its screens are made from it (« Nouvelle entrée »,
 * « Supprimer {n} entrée(s) »), and its content type's display name.
 */
export interface Noun {
  singular: string;
  plural: string;
  gender: 'm' | 'f';
  /** « l'article », « cet article »: by default when the noun begins with a vowel. */
  elision?: boolean;
  /** A short form the buttons use (« Nouveau POI »), masculine. */
  short?: string;
}
// A row's noun has above it, in a comment, sentences its screens show: they are made from the noun
// (src/i18n/nouns.ts), and tests/unit/i18n/nouns.test.ts checks that the noun makes each of them.

/** A relation or media attribute to populate, or its name with what to populate under it. */
export type PopulateList = readonly string[];

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
  /** Or, for a resource without that search text, the fields a list's search looks in (a `$containsi` each). */
  filterSearch?: readonly string[];
  /** Every create, update and delete made through the API goes to the audit log. */
  audited?: boolean;
  /** The setting that puts its publication under approval (only approvers publish). */
  approvalSetting?: 'articleApprovalRequired' | 'eventApprovalRequired';
  /**
   * A kind of result of the global search and the attributes it shows: its title (the row's `labelField`,
   * or `untitled` when empty), date (with the town's time of day `time` for a calendar day), status among
   * `statuses`, and `priority` (the priority filter keeps only kinds that have one).
   */
  globalSearch?: { type: SearchType; untitled?: string; date: string; time?: string; status?: string; statuses?: readonly string[]; priority?: string };
  /** Its content type's attributes (domain/attributes/<key>.ts): the backend's schema and the SPA's fields derive from them. */
  attributes?: Attributes;
  /** The attribute that names a record: the audit log's label of it, the title of its screens. */
  labelField?: string;
  noun?: Noun;
  /** What a list's call populates (the media and relations it shows, never '*'), and a record's call when it differs. */
  populate?: PopulateList;
  populateOne?: PopulateList;
  /** Sorting on a key sorts on the backend fields it maps to (priority → priorityRank), in turn. */
  sortFields?: Readonly<Record<string, string | readonly string[]>>;
  /** The backend streams the list's export (GET /api/{endpoint}/export, JSON lines): the SPA's export reads it. */
  streamExport?: boolean;
  /** The backend counts the list's tabs in one call (GET /api/{endpoint}/counts?views[…]): the SPA's tab counts read it. */
  viewCounts?: boolean;
  /** An agent on site changes its records without a network: the SPA queues the writes (src/offline/). */
  offlineWrites?: boolean;
}

type Named<A> = FieldName<A> | SystemField;
type Sorted<A> = Named<A> | `${Named<A>}:${'asc' | 'desc'}`;

/** A row whose lists of fields are its attributes' names: a misspelt field fails the type check. */
export type RowWith<A extends Attributes> = Omit<ResourceRow, 'attributes' | 'searchFields' | 'filterSearch' | 'labelField' | 'populate' | 'populateOne' | 'sortFields'> & {
  attributes: A;
  searchFields?: readonly Named<A>[];
  filterSearch?: readonly Named<A>[];
  labelField?: FieldName<A>;
  populate?: readonly FieldName<A>[];
  populateOne?: readonly FieldName<A>[];
  sortFields?: { readonly [K in Named<A>]?: Sorted<A> | readonly Sorted<A>[] };
};

/**
 * A row with its attributes, as the table holds it. Its lists of fields are typed with its attributes' names,
 * and checked again when the table loads (a name the declaration does not know stops the start).
 */
export const withAttributes = <const A extends Attributes, const R extends RowWith<A>>(row: R & { attributes: A }): R => {
  const known = new Set<string>([...Object.keys(row.attributes), ...SYSTEM_FIELDS]);
  const named = [row.labelField, ...(row.searchFields ?? []), ...(row.filterSearch ?? []), ...(row.populate ?? []), ...(row.populateOne ?? []), ...Object.keys(row.sortFields ?? {})];
  const unknown = named.filter((name): name is string => name !== undefined && !known.has(name));
  if (unknown.length) throw new Error(`domain/resources.ts : champ inconnu de ${row.key} : ${unknown.join(', ')}`);
  return row;
};

const USERS_PLUGIN = 'plugin::users-permissions';

const TABLE = [
  withAttributes({
    key: 'report',
    path: 'signalements',
    endpoint: 'reports',
    module: 'signalements',
    routes: { read: ['stats', 'inArea', 'figures', 'nearby', 'nearbyPoint', 'sources', 'counts'], edit: ['duplicate', 'moderate'], export: ['export'] },
    attributes: REPORT_ATTRIBUTES,
    labelField: 'title',
    // « Chargement des signalements... », « Erreur lors du chargement des signalements », « Signalement créé », « Nouveau signalement »
    noun: { singular: 'signalement', plural: 'signalements', gender: 'm' },
    searchFields: ['reference', 'title', 'description', 'type', 'subType', 'zone', 'address', 'documentId'],
    populate: [],
    populateOne: ['photos'],
    sortFields: { priority: 'priorityRank', report_status: 'statusRank' },
    // 50,000 reports export in seconds: the backend streams them (backend/src/api/report/rules/export.ts).
    streamExport: true,
    // The list's four tabs counted in one call, not four one-row lists (backend/src/api/report/rules/view-counts.ts).
    viewCounts: true,
    // An agent on site changes a report's status and assignment without a network.
    offlineWrites: true,
    audited: true,
    globalSearch: { type: 'signalement', untitled: 'type', status: 'report_status', statuses: REPORT_STATUSES, priority: 'priority', date: 'createdAt' },
  }),
  {
    // A report's timeline: staff read it with the report and write replies and notes as they edit reports
    // (on site without a network too).
    key: 'report-update',
    endpoint: 'report-updates',
    kind: 'routes',
    module: 'signalements',
    routes: { read: ['find'], edit: ['create'] },
    offlineWrites: true,
    audited: true,
  },
  withAttributes({
    key: 'article',
    path: 'actualites',
    endpoint: 'articles',
    module: 'contenus',
    attributes: ARTICLE_ATTRIBUTES,
    labelField: 'title',
    // « Nouvel article », « Modifier l'article », « Chargement des articles... », « Erreur lors du chargement des articles », « Êtes-vous sûr de vouloir supprimer cet article ? »
    noun: { singular: 'article', plural: 'articles', gender: 'm' },
    searchFields: ['title', 'slug', 'summary', 'body'],
    // The gallery too: the export counts its images.
    populate: ['coverImage', 'gallery'],
    audited: true,
    approvalSetting: 'articleApprovalRequired',
    globalSearch: { type: 'article', status: 'status', date: 'date' },
  }),
  withAttributes({
    key: 'event',
    path: 'evenements',
    endpoint: 'events',
    module: 'contenus',
    routes: { read: ['stats'] },
    attributes: EVENT_ATTRIBUTES,
    labelField: 'title',
    // « Nouvel événement », « Modifier l'événement », « Chargement des événements... », « Erreur lors du chargement des événements », « Êtes-vous sûr de vouloir supprimer cet événement ? »
    noun: { singular: 'événement', plural: 'événements', gender: 'm' },
    searchFields: ['title', 'description', 'location', 'category'],
    populate: ['image'],
    audited: true,
    approvalSetting: 'eventApprovalRequired',
    globalSearch: { type: 'event', date: 'date', time: 'time' },
  }),
  withAttributes({
    key: 'poi',
    path: 'poi',
    endpoint: 'pois',
    module: 'poi',
    routes: { read: ['stats'], import: ['import'] },
    attributes: POI_ATTRIBUTES,
    labelField: 'name',
    // « Nouveau POI », « Point d'intérêt créé », « Point d'intérêt modifié », « Point d'intérêt supprimé »...
    noun: { singular: "point d'intérêt", plural: "points d'intérêt", gender: 'm', short: 'POI' },
    searchFields: ['name', 'description', 'address', 'tags'],
    populate: [],
    audited: true,
  }),
  withAttributes({
    key: 'directory-entry',
    path: 'annuaire',
    endpoint: 'directory-entries',
    module: 'annuaire',
    routes: { import: ['import'] },
    attributes: DIRECTORY_ENTRY_ATTRIBUTES,
    labelField: 'name',
    // « Nouvelle entrée », « Entrée créée », « Entrée modifiée », « Entrée supprimée », « Aucune entrée trouvée »...
    noun: { singular: 'entrée', plural: 'entrées', gender: 'f' },
    searchFields: ['name', 'description', 'email', 'services', 'tags'],
    populate: [],
    // Featured first, then by name.
    sortFields: { featured: ['featured', 'name:asc'] },
    audited: true,
  }),
  withAttributes({
    key: 'notification',
    path: 'notifications',
    endpoint: 'notifications',
    module: 'notifications',
    // A user's own notifications: no generic create (the backend writes them), a test one instead.
    routes: { read: ['unreadCount', 'preferences'], create: ['test'], edit: ['readAll', 'updatePreferences'], delete: ['clear'] },
    attributes: NOTIFICATION_ATTRIBUTES,
    labelField: 'title',
    noun: { singular: 'notification', plural: 'notifications', gender: 'f' },
    filterSearch: ['title', 'message'],
    populate: [],
  }),
  withAttributes({
    key: 'user',
    path: 'utilisateurs',
    endpoint: 'users',
    uid: `${USERS_PLUGIN}.user`,
    kind: 'users',
    module: 'utilisateurs',
    routes: { read: ['find', 'findOne', 'count'], create: ['create'], edit: ['update'], delete: ['destroy'] },
    attributes: USER_ATTRIBUTES,
    labelField: 'username',
    // « Nouvel utilisateur »
    noun: { singular: 'utilisateur', plural: 'utilisateurs', gender: 'm' },
    searchFields: ['username', 'email', 'service'],
    populate: ['role'],
    audited: true,
    globalSearch: { type: 'user', status: 'status', statuses: USER_STATUSES, date: 'createdAt' },
  }),
  {
    // The users' roles: no screen of their own; the users' form and filters choose among them.
    key: 'role',
    path: 'roles',
    endpoint: 'users-permissions/roles',
    uid: `${USERS_PLUGIN}.role`,
    kind: 'roles',
    module: 'utilisateurs',
    labelField: 'name',
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
    // The settings (one record): the Paramétrages page, the layout's town name; no screen of the generic views.
    key: 'setting',
    path: 'settings',
    endpoint: 'setting',
    kind: 'single',
    module: 'parametrages',
    labelField: 'siteName',
    // No DELETE route (deleting the settings left every rule on nulls): « Réinitialiser » is the delete.
    routes: { delete: ['reset'] },
    audited: true,
  },
  withAttributes({
    key: 'audit-log',
    path: 'audit',
    endpoint: 'audit-logs',
    module: 'audit',
    attributes: AUDIT_LOG_ATTRIBUTES,
    labelField: 'resourceLabel',
    filterSearch: ['userName', 'module', 'resourceLabel'],
    populate: [],
  }),
  {
    // Backups: the list and a download (read), « Sauvegarder maintenant » (create).
    key: 'backup',
    endpoint: 'backups',
    kind: 'routes',
    module: 'maintenance',
    routes: { read: ['find', 'download'], create: ['create'] },
  },
  withAttributes({
    // Every e-mail the backend sends, queued first and sent by its worker: read only, and « Renvoyer » a failed one.
    key: 'email-outbox',
    path: 'courriels',
    endpoint: 'email-outbox',
    module: 'courriels',
    routes: { read: ['stats'], edit: ['resend'] },
    attributes: EMAIL_OUTBOX_ATTRIBUTES,
    labelField: 'subject',
    noun: { singular: 'e-mail', plural: 'e-mails', gender: 'm' },
    filterSearch: ['to', 'subject'],
    populate: [],
  }),
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
    labelField: 'name',
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

/** The attributes the row of `K` declares. */
export type AttributesOf<K extends ResourceKey> = Extract<(typeof TABLE)[number], { key: K }> extends { attributes: infer A } ? A : Record<never, never>;
/** The names of the fields of the row of `K`: its attributes'. */
export type FieldOf<K extends ResourceKey> = FieldName<AttributesOf<K>>;

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
