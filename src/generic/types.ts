import type { ComponentType, ReactNode } from 'react';
import type { Identifier, RaRecord } from 'ra-core';
import type { Action, Module } from '@mamoudzou/domain/permissions';
import type { SystemField } from '@mamoudzou/domain/attributes';
import type { Noun, ResourceKey } from '@mamoudzou/domain/resources';
import type { Settings } from '@mamoudzou/domain/settings';
import type { BadgeTone } from '../common/Badge';
import type { ExportColumn } from '../common/exporter';
import type { EndpointKind, EndpointOptions } from '../providers/dataProvider';
import type { FieldSchema } from './schema';

/**
 * The declarative configuration of one resource (docs/ajouter-une-ressource.md). A folder under src/resources
 * exports one of these from its index.ts; the registry lists them; App.tsx maps them onto
 * <Resource>, the provider factory and the menu. The generic views read it; they do not repeat it.
 * What a screen needs beyond plain data comes as named slots: components of the resource's folder.
 */

export type { ExportColumn };
export type Row = Record<string, unknown>;

export type FieldType =
  | 'text'
  | 'longtext'
  | 'blocks'
  | 'select'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'email'
  | 'url'
  | 'phone'
  | 'password'
  | 'image'
  | 'images'
  | 'tags'
  | 'relation'
  /** Opening hours per weekday (isOpen, periods HH:mm): a week editor in forms. */
  | 'openingHours'
  /** A map in forms: a click or a dragged marker sets the two coordinate fields it names (`coordinates`). */
  | 'location';

export interface Choice {
  id: string | number;
  name: string;
}

/** How a list cell shows a value; by default it follows the field type. */
export type CellKind = 'text' | 'badge' | 'yesno' | 'date' | 'datetime' | 'image' | 'tags' | 'list' | 'title';

/**
 * One field of the screens. `N` is the union of the resource's field names where a definition is typed
 * (defineResource): a misspelt name in a list of fields fails the type check.
 */
export interface FieldConfig<N extends string = string> {
  source: string;
  /** French label (column header, detail label, form label), from src/i18n/fr.ts. */
  label: string;
  type: FieldType;
  /** Validation of the create and edit forms: the one client-side validation (the backend checks again). */
  schema?: FieldSchema;
  /** A validation that follows the settings (a password under the policy), per form; the form uses it instead of `schema`, which stays the default. */
  schemaWith?: (settings: Settings, mode: 'create' | 'edit') => FieldSchema;
  /** Form: an input of the resource's own (named slot) instead of the type's (a password with its rules). */
  input?: ComponentType<FieldInputProps>;
  choices?: readonly Choice[];
  /** Choices kept in the settings (the report types): every screen of the resource reads `choices` computed from them. */
  choicesWith?: (settings: Settings) => readonly Choice[];
  /** Shown, never edited (timestamps, computed values). */
  readOnly?: boolean;
  /** Only in the create form (a password, say). */
  createOnly?: boolean;
  /** Required, unless this boolean field of the form is on (a password, unless an invitation is sent). */
  requiredUnless?: N;
  /** Text shown when the value is empty ("Non assigné", "Jamais"). */
  emptyText?: string;
  /** For 'relation' fields: the property of the related record to show. */
  optionText?: string;
  /** For 'relation' fields: the react-admin resource the choices come from. */
  reference?: string;
  /** Whether the list can sort on it (default true for plain fields). */
  sortable?: boolean;
  /** The field the list sorts on for this column (the SLA column sorts on the SLA target). */
  sortBy?: N;
  /** The order of the first click on the header (DESC: "Critique" first). */
  sortOrder?: 'ASC' | 'DESC';
  placeholder?: string;
  /** The value shown when it is derived (effective status, computed SLA); defaults to the source. */
  value?: (record: Row) => unknown;
  /** A second line under a title cell (a report's type and sub-type). */
  caption?: (record: Row) => string;
  /** The attributes the list must fetch to show this one (what `value` and `caption` read), instead of its source; [] for a populated relation. */
  reads?: N[];
  /** How a list cell shows it (badge, yes/no, tags...); or a component of the resource's own. */
  cell?: CellKind | ComponentType<{ record: Row }>;
  /** Badge colours per value (cell 'badge'). */
  tones?: Record<string, BadgeTone>;
  /** A list cell shows at most this many items of a list, then "+n" (default 3). */
  maxItems?: number;
  /** Form label when it differs from the column's ("Titre du signalement"); " *" is added when required. */
  formLabel?: string;
  /** Form: choices that follow another field's value; the value is cleared when that field changes. */
  dependsOn?: {
    source: N;
    choices: (value: unknown) => readonly Choice[];
    /** Choices that follow the other field and the settings (the sub-types of the settings' report types); resolved into `choices`. */
    choicesWith?: (value: unknown, settings: Settings) => readonly Choice[];
  };
  /** Form: the value a new record starts with; a function is called when the form opens (now, today). */
  defaultValue?: unknown;
  /** Form: attributes of the HTML input (step, min, max, maxLength). */
  inputProps?: Record<string, unknown>;
  /** Form: a help text under the input. */
  helperText?: string;
  /** Form: the input spans its section's two columns. */
  fullWidth?: boolean;
  /** Form (images): the texts of the image picker. */
  picker?: { add: string; help: string; remove: string; rejected: string };
  /** Form ('tags'): one item per line instead of commas (sentences such as notes). */
  lines?: boolean;
  /** Form ('location'): the fields its map reads and sets. */
  coordinates?: { latitude: N; longitude: N };
  /**
   * Form ('location'), a new record on a phone: the point starts at the phone's position, asked (with
   * what it is for) when the form opens; the map and the coordinates stay to correct it. `fill` gives
   * other fields from that position (the zone of the point), set when they are still empty.
   */
  locate?: { fill?: (point: { latitude: number; longitude: number }) => Row };
  /**
   * Form: the value follows another field's (a slug from the title) while a switch under the input is
   * on: on for a new record, and for a record whose value still is what the other field gives.
   */
  derivedFrom?: { source: N; derive: (value: string) => string; switchLabel: string };
  /** Form: a live count "n/max" of the characters typed, under the input. */
  counter?: number;
}

/** What a field's own input (`input`) receives. */
export interface FieldInputProps {
  field: FieldConfig;
  label: string;
  required: boolean;
}

/** A filter's key: the search, a field, a field of a relation (`role.name`) or a field with an operator (`timestamp_gte`). */
export type FilterKey<N extends string> = 'q' | N | `${N}.${string}` | `${N}_${'gte' | 'lte' | 'gt' | 'lt' | 'in' | 'eq' | 'ne'}`;

export interface FilterConfig<N extends string = string> {
  /** 'q' is the free-text search over `searchFields`; others are field sources (select filters). */
  source: FilterKey<N>;
  /** The filter's label when it differs from the field's. */
  label?: string;
  /**
   * 'select' (default): a list of the field's values; 'switch': on keeps the records where the field is true ("Vérifiés");
   * 'date': a day typed in the town's time zone, the filter's key holding an operator suffix (`timestamp_gte`: from the
   * start of that day, `timestamp_lte`: to its end); 'reference': the records of another resource (`reference`).
   */
  kind?: 'select' | 'switch' | 'date' | 'reference' | 'values';
  /** 'values': the backend route (under /api) answering `{ data: string[] }`, the values the field holds (« Origine »). */
  valuesFrom?: string;
  /** The select's choices when they are not the field's (a relation filtered by name). */
  choices?: readonly Choice[];
  /** 'reference': the resource the choices come from, the property shown and the one filtered on (default id). */
  reference?: {
    resource: string;
    optionText: string;
    optionValue?: string;
    sort?: { field: string; order: 'ASC' | 'DESC' };
    /** The records as choices when they are not shown as read (names in French, some left out): optionText and optionValue are then unused. */
    choices?: (records: RaRecord[]) => Choice[];
  };
  /** The select's "every value" entry when it differs from "Tous" ("Toutes"). */
  allLabel?: string;
}

/** A tab above the list: a saved filter with its count ("Tous", "Urgences"). */
export interface TabConfig {
  id: string;
  /** Its word in the address, French (`?onglet=urgences`); the id by default. */
  path?: string;
  label: string;
  filter: Row;
  /** The order the tab opens in (« Mes signalements »: the open ones first); the list's own otherwise. */
  sort?: { field: string; order: 'ASC' | 'DESC' };
}

/** A figure above the list, computed by the backend over every matching record. */
export interface SummaryCardConfig {
  id: string;
  label: string;
  icon?: ComponentType;
  /** The number of records matching this filter (the backend's total); a function for dates ("Ce mois"). */
  count?: Row | (() => Row);
  /** Or a value read from the resource's stats answer (`summary.stats`). */
  value?: (stats: Row) => ReactNode;
}

export interface SummaryConfig {
  /** GET path of an aggregate answer the `value` cards read (`/api/reports/stats`). */
  stats?: string;
  cards: SummaryCardConfig[];
}

/** A card of the card grid and of the phone layout: which fields it shows. */
export interface CardConfig<N extends string = string> {
  /** Shown as badges under the title. */
  badges?: N[];
  /** Shown as "label: value" lines. */
  lines?: N[];
  /** A picture on top (an image field). */
  image?: N;
  /** What the card shows under its lines: a component of the resource's own (named slot). */
  body?: ComponentType<{ record: RaRecord }>;
  /** An icon before the title, chosen from the record (a notification's category). */
  icon?: ComponentType<{ record: RaRecord }>;
}

export interface SectionConfig<N extends string = string> {
  title: string;
  fields: N[];
}

/** What an action dialog of a resource's own receives (status change, assignment). */
export interface ActionDialogProps {
  open: boolean;
  /** The records concerned; for a bulk action only their ids may be known. */
  ids: Identifier[];
  /** The record when the action concerns one record (row menu, detail). */
  record?: RaRecord;
  onClose: () => void;
}

export interface ActionMessages {
  successTitle: string;
  success: string;
  /** "{n} article(s) publié(s)." */
  bulkSuccess?: string;
  errorTitle: string;
  error: string;
}

/** A row, bulk or detail action beyond the built-in show / edit / delete. */
export interface ActionConfig {
  id: string;
  /** Menu or button label. */
  label: string;
  /** Label in the bulk menu, when it differs ("Changer le statut"). */
  bulkLabel?: string;
  icon?: ComponentType<{ fontSize?: 'small' }>;
  /** The react-admin action canAccess checks ('edit', 'delete', 'publish'...). */
  access: string;
  /** A dialog of the resource's own (named slot). */
  dialog?: ComponentType<ActionDialogProps>;
  /** Or an update of every target through react-admin's mutations ({ status: 'published' }). */
  update?: Row;
  /** Toasts of an `update` action. */
  messages?: ActionMessages;
  /** Only for the records where this holds ("Publier" on drafts). */
  visible?: (record: RaRecord) => boolean;
  /** An `update` asked first ("Suspendre l'utilisateur ?"): the confirmation's texts; {name} is the record's name. */
  confirm?: { title: string; message: string; bulkMessage?: string; confirmLabel: string; destructive?: boolean };
}

export interface ActionsConfig {
  /** Ids in the row menu, in order: 'show', 'edit', 'delete' or a custom action's id. */
  row?: string[];
  /** Ids in the "Actions groupées" menu. */
  bulk?: string[];
  /** Ids of the detail dialog's buttons. */
  detail?: string[];
  custom?: ActionConfig[];
}

/** Every text of a resource's screens (src/generic/texts.ts fills them). */
export interface ScreenTexts {
  subtitle: string;
  /** "{n} signalement(s) trouvé(s)" */
  count: string;
  loading: string;
  loadingError: string;
  empty: string;
  /** A second line under `empty` when no filter is set ("Vous n'avez aucune notification pour le moment.")... */
  emptyHint: string;
  /** ...and when filters are set ("Aucune notification ne correspond aux critères de recherche."). */
  emptyFilteredHint: string;
  /** The table's accessible name ("Liste des signalements"). */
  listCaption: string;
  /** The search field's label. */
  search: string;
  selectAll: string;
  /** The create button, the "Créer" menu entry and the create dialog's title ("Nouveau signalement"). */
  create: string;
  editTitle: string;
  submitCreate: string;
  submitEdit: string;
  created: { title: string; message: string };
  updated: { title: string; message: string };
  createError: { title: string; message: string };
  updateError: { title: string; message: string };
  deleteConfirm: { title: string; message: string; bulkTitle: string; bulkMessage: string };
  deleted: { title: string; message: string; bulkMessage: string };
  deleteError: { title: string; message: string };
  detailLoading: string;
  detailLoadingError: string;
}

/**
 * A resource's own texts: what neither its noun (src/i18n/nouns.ts: « Nouvelle entrée », « Entrée créée »...)
 * nor the generic ones (fr.generic) say; a sentence of a toast or a dialog may be given alone.
 */
export type ResourceTexts = { [K in keyof ScreenTexts]?: ScreenTexts[K] extends string ? string : Partial<ScreenTexts[K]> };

export type MenuGroup = 'principal' | 'contenus' | 'gestion' | 'administration';
export type MenuPlace =
  | {
      group: MenuGroup;
      order: number;
      /** A count beside the item: the records matching `filter` (the reports awaiting moderation), when there are some; `label` says it to a screen reader ({n}). */
      count?: { filter: Record<string, unknown>; label: string };
    }
  | false;

/** Who may open a screen and act on its records: a module of the permission matrix (domain/permissions.ts). */
export interface AccessConfig {
  module: Module;
  /** The matrix action that opens the screen (default 'read'): a page for those who change settings asks 'edit'. */
  action?: Action;
  /** The setting that puts the resource's publication under approval (only Editors and administrators publish). */
  approvalSetting?: 'articleApprovalRequired' | 'eventApprovalRequired';
}

/** What a view of the list receives; it renders inside the list, whose context (filters, data) it reads with useListContext. */
export interface ListViewProps {
  /** Back to the list itself, with these filters when given (a category card sets its filter, then shows the list). */
  showList: (filter?: Row) => void;
}

/**
 * Another view of the same records beside the list (a map, categories, a calendar), as a tab after
 * the list's own tabs. It shows under the filters instead of the records; the filters apply to it.
 */
export interface ListViewConfig {
  id: string;
  /** Its word in the address, French (`?vue=carte`); the id by default. */
  path?: string;
  label: string;
  icon?: ComponentType;
  /** A component of the resource's own (named slot), loaded lazily when heavy. */
  component: ComponentType<ListViewProps>;
  /** Not a view of the records (the notification preferences): the filters are not shown with it. */
  standalone?: boolean;
  /** A view of another resource's records (the users' recent activity is the audit log's): shown to those who may open that resource. */
  resource?: string;
}

export interface ListConfig<N extends string = string> {
  columns: N[];
  sort: { field: N; order: 'ASC' | 'DESC' };
  perPage?: number;
  /** 'table' (default) or 'cards' (POI, directory); phones always get cards. */
  layout?: 'table' | 'cards';
  /** Fields the list fetches beyond its columns and cards. */
  extraFields?: N[];
  /** A named slot beside the title: the resource's own header buttons (they may read useListContext). */
  header?: ComponentType;
  /** A row that unfolds (table layout): what it shows under the row, a component of the resource's own. */
  expand?: ComponentType<{ record: RaRecord }>;
  /** Other views of the records, as tabs after the list's ("Carte", "Catégories"). */
  views?: ListViewConfig[];
  /** The list's own tab when there are views and no saved-filter tabs ("Liste"), shown with its count. */
  label?: string;
  /** The accessible name of the tabs, when the resource has its own ("Affichage des événements"). */
  tabsLabel?: string;
}

/**
 * One column of a resource's file: exported, and read back by its import when its field is one the forms
 * edit (the export's columns are the import's: an exported file can be edited and imported again).
 */
export type ResourceColumn<N extends string = string> = Omit<ExportColumn, 'source'> & {
  source: N;
  /** Other headers an import reads as this column (the field's French label is always one). */
  aliases?: string[];
  /**
   * Read back by the import although no form edits it: a value the town takes from elsewhere (a place's rating and
   * its number of reviews), which a round trip through a spreadsheet must not lose.
   */
  importable?: boolean;
};

/** One column of a CSV import: its header (the export's key), the field it fills, other headers accepted. */
export interface ImportColumn {
  key: string;
  source: string;
  /** Other headers read as this column (the field's French label, say). */
  aliases?: string[];
}

/**
 * The CSV import of a resource ("Importer"): rows read with papaparse, each checked with the
 * resource's zod schema, the valid ones sent in batches to POST /api/{endpoint}/import (all or
 * nothing per batch), the refused ones listed with their line and reason.
 */
export interface ImportConfig {
  columns: ImportColumn[];
  /** The rows of the sample file offered for download. */
  sample: Row[];
  /** Rows per backend call (default 200, at most 500). */
  batchSize?: number;
}

export interface DetailConfig<N extends string = string> {
  /** The dialog's body: a component of the resource's own (named slot)... */
  body?: ComponentType<{ record: RaRecord }>;
  /** ...or sections of fields. */
  sections?: SectionConfig<N>[];
  maxWidth?: 'sm' | 'md' | 'lg';
}

export interface FormConfig<N extends string = string> {
  /** Sections of the form (two columns from 600 px); default one section of every editable field. */
  sections?: SectionConfig<N>[];
  /** Values every created record gets (a new report is "nouveau"). */
  createDefaults?: Row;
  maxWidth?: 'sm' | 'md' | 'lg';
  /** A live preview of the record being typed, beside the fields (inside the form: it reads the values with useWatch). */
  preview?: ComponentType;
  /** What the creation's toast says of the record the backend answered, instead of texts.created.message (undefined: that one). */
  createdMessage?: (record: Row) => string | undefined;
}

/**
 * What the menu, the « Créer » menu, the access rules and the routes read of a resource: its folder's entry.ts
 * (defineEntry), part of every first load. The rest of its configuration (its index.ts: fields, list, forms,
 * dialogs) loads with its screen: a phone opening one list does not load every resource's configuration.
 */
export interface ResourceEntry {
  /** Its row of domain/resources.ts, whence come name, endpoint, kind, access, noun and fields (defineResource); none for a configuration written whole (the generic views' own tests). */
  key?: ResourceKey;
  /** react-admin resource name, and the route: /signalements. */
  name: string;
  /** Menu and page title (plural). */
  label: string;
  icon: ComponentType;
  /** Where the sidebar shows it; false to keep it out of the menu. */
  menu: MenuPlace;
  access: AccessConfig;
  /** The entry of the header's "Créer" menu ("Nouvelle actualité"); none: not listed there. */
  quickCreate?: string;
  /**
   * Which screens exist. The list is the generic page; create, edit and detail are dialogs over it, reachable at
   * /{name}/create, /{name}/{id}/edit and /{name}/{id}.
   */
  views: { list?: true; create?: boolean; edit?: boolean; detail?: boolean };
}

/** An entry of the registry (src/resources/entries.ts): what its entry.ts says, and how its configuration loads. */
export interface RegisteredResource extends ResourceEntry {
  /** Its whole configuration (its index.ts), loaded once. */
  load: () => Promise<ResourceConfig>;
  /** The configuration once loaded: a screen opened after it renders at once. */
  loaded: () => ResourceConfig | undefined;
}

export interface ResourceConfig extends ResourceEntry {
  /** Backend path under /api. */
  endpoint: string;
  kind?: EndpointKind;
  /** One record: "Signalement". */
  recordLabel: string;
  /** Its noun, whence the standard texts (src/i18n/nouns.ts): its row's. */
  noun?: Noun;
  fields: FieldConfig[];
  list: ListConfig;
  filters?: FilterConfig[];
  tabs?: TabConfig[];
  summary?: SummaryConfig;
  card?: CardConfig;
  actions?: ActionsConfig;
  detail?: DetailConfig;
  form?: FormConfig;
  texts?: ResourceTexts;
  exportColumns?: ResourceColumn[];
  /** "Importer": a CSV import of records (needs the matrix's import right). */
  import?: ImportConfig;
  /** The field that names a record (title, name, username), or a function for a derived name. */
  recordRepresentation?: string | ((record: Row) => string);
  /**
   * What the data provider needs of a configuration written whole, without a row (the generic views' own
   * tests); a resource's comes from its row of domain/resources.ts.
   */
  transport?: Omit<EndpointOptions, 'endpoint' | 'kind'>;
}

/**
 * What a definition says of one field of its attributes: only what the declaration cannot (its label when it
 * is not the resource's, how a cell shows it, a help text, an input of its own...). Its type, validation,
 * choices, default value and bounds come from the attribute (src/generic/attributeFields.ts).
 */
export type FieldRefinement<N extends string> = Partial<Omit<FieldConfig<N>, 'source'>> & {
  /** The form asks for it although the backend does not require it (an event's time). */
  required?: boolean;
  /** The input stops at the attribute's maximum length (a name), rather than saying it is too long. */
  limitInput?: boolean;
  /** The French names of an enumeration's values, when the choices are not the values themselves. */
  choiceLabels?: Readonly<Record<string, string>>;
};

/** A field that is no attribute (a map that sets two coordinates, a French role beside the role): its type is its own. */
export type VirtualField<N extends string> = FieldRefinement<N> & { type: FieldType };

/** The fields a definition refines or adds, in the order the screens show them. */
export type FieldsInput<F extends string, V extends string> = { [P in V]: P extends F ? FieldRefinement<NoInfer<F | V | SystemField>> : VirtualField<NoInfer<F | V | SystemField>> };

/** A field's messages under its input, when they are the resource's own (« Le nom est requis »). */
export type FieldErrors = string | { required?: string; tooLong?: string; invalid?: string };

/**
 * What a resource folder's entry.ts writes, over its row of domain/resources.ts (defineEntry): what the menu and the
 * routes read. The row gives its name and access.
 */
export interface EntryDefinition {
  /** Menu and page title; default: the noun's plural. */
  label?: string;
  icon: ComponentType;
  menu: MenuPlace;
  quickCreate?: string;
  views: ResourceEntry['views'];
  /** The action that opens its screens, when not 'read'. */
  access?: Pick<AccessConfig, 'action'>;
}

/**
 * What a resource folder's index.ts writes, over its entry and its row of domain/resources.ts (defineResource): its
 * screens. The row gives its endpoint, kind, noun, fields and transport; the entry its name, label, menu, access and
 * views. `F` are its attributes' names, `V` the fields it refines or adds: every list of fields is typed with them.
 */
export type ResourceDefinition<F extends string, V extends string, N extends string = NoInfer<F | V | SystemField>> = Omit<
  ResourceConfig,
  keyof ResourceEntry | 'endpoint' | 'kind' | 'noun' | 'recordLabel' | 'fields' | 'list' | 'filters' | 'card' | 'detail' | 'form' | 'exportColumns' | 'import' | 'recordRepresentation' | 'transport'
> & {
  /** One record; default: the noun. */
  recordLabel?: string;
  /** The fields' French labels, by name (the resource's messages.ts). */
  labels: Partial<Record<NoInfer<F | V>, string>>;
  /** The fields' own messages under their inputs, by name. */
  errors?: Partial<Record<NoInfer<F | V>, FieldErrors>>;
  /** The fields the screens show, each refining its attribute, in order; default: every attribute. */
  fields?: FieldsInput<F, V>;
  list: ListConfig<N>;
  filters?: FilterConfig<N>[];
  card?: CardConfig<N>;
  detail?: DetailConfig<N>;
  form?: FormConfig<N>;
  exportColumns?: ResourceColumn<N>[];
  /** "Importer": the export's columns whose fields the forms edit, read back from a CSV file. */
  import?: Omit<ImportConfig, 'columns'>;
  /** The field that names a record, when it is not the row's `labelField`; or a function for a derived name. */
  recordRepresentation?: N | ((record: Row) => string);
};
