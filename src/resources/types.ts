import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { Module } from '@mamoudzou/domain/permissions';
import type { EndpointKind } from '../providers/dataProvider';
import type { Populate } from '../providers/strapiQuery';
import type { ExportColumn } from '../common/exporter';

/**
 * The declarative configuration of one resource (DESIGN section 1). A folder under src/resources
 * exports one of these from its index.ts; the registry lists them; App.tsx maps them onto
 * <Resource>, the provider factory and the menu. Views read it; they do not repeat it.
 */

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
  | 'relation';

export interface Choice {
  id: string | number;
  name: string;
}

export interface FieldConfig {
  source: string;
  /** French label, from src/i18n/fr.ts. */
  label: string;
  type: FieldType;
  /** Validation of the create and edit forms. */
  schema?: z.ZodType;
  choices?: readonly Choice[];
  /** Shown, never edited (timestamps, computed values). */
  readOnly?: boolean;
  /** Only in the create form (a password, say). */
  createOnly?: boolean;
  /** Text shown when the value is empty ("Non assigné", "Jamais"). */
  emptyText?: string;
  /** For 'relation' fields: the property of the related record to show. */
  optionText?: string;
  /** For 'relation' fields: the react-admin resource the choices come from. */
  reference?: string;
  /** Whether the list can sort on it (default true for plain fields). */
  sortable?: boolean;
  placeholder?: string;
  /** The value shown when it is derived (effective status, computed SLA); defaults to the source. */
  value?: (record: Record<string, unknown>) => unknown;
}

export interface FilterConfig {
  /** 'q' is the free-text search over `searchFields`; others are field sources. */
  source: string;
  alwaysOn?: boolean;
}

export type { ExportColumn } from '../common/exporter';

export type MenuGroup = 'principal' | 'contenus' | 'gestion' | 'administration';

/** A view is either the generic one built from this config (`true`) or a component of the resource's own (lazy). */
export type ViewSpec = true | ComponentType;

export interface ResourceConfig {
  /** react-admin resource name, and the route: /signalements. */
  name: string;
  /** Backend path under /api. */
  endpoint: string;
  kind?: EndpointKind;
  /** Menu and page title (plural). */
  label: string;
  /** One record: "Signalement". */
  recordLabel: string;
  icon: ComponentType;
  /** Where the sidebar shows it; false to keep it out of the menu. */
  menu: { group: MenuGroup; order: number } | false;
  access: { module: Module; adminOnly?: boolean };
  fields: FieldConfig[];
  list: { columns: string[]; sort: { field: string; order: 'ASC' | 'DESC' }; perPage?: number };
  filters?: FilterConfig[];
  /** Relations and media the list shows: never a blanket `*`. */
  populate?: Populate;
  /** What a record's page populates (defaults to populate). */
  populateOne?: Populate;
  searchFields?: string[];
  /** Media fields and their upload failure prefixes. */
  mediaFields?: string[];
  uploadFailurePrefixes?: Record<string, string>;
  readOnlyFields?: string[];
  exportColumns?: ExportColumn[];
  /** The field that names a record (title, name, username). */
  recordRepresentation?: string;
  views: { list?: ViewSpec; create?: ViewSpec; edit?: ViewSpec; show?: ViewSpec };
}
