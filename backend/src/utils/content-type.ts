import { strapiAttributes } from '@mamoudzou/domain/attributes';
import { resourceRow, type ResourceKey } from '@mamoudzou/domain/resources';

/** What a content type says beside its attributes: its table's name and indexes, when they are not the default. */
export interface ContentTypeOptions {
  /** Default: the endpoint, with underscores (`directory-entries` → `directory_entries`). */
  collectionName?: string;
  /** Strapi's plural name, when it is not the endpoint. */
  pluralName?: string;
  /** Default: the row's noun, capitalised. */
  displayName?: string;
  indexes?: { name: string; columns: string[]; type?: string }[];
  pluginOptions?: Record<string, unknown>;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A content type's schema (Strapi's `schema.ts`), derived from its row of domain/resources.ts: its kind,
 * names and attributes, as declared once in domain/attributes/ (the product's keys left out).
 */
export function contentType(key: ResourceKey, options: ContentTypeOptions = {}) {
  const row = resourceRow(key);
  if (!row.attributes || !row.endpoint) throw new Error(`domain/resources.ts : la ressource ${key} n'a pas d'attributs ni d'adresse (attributes, endpoint)`);
  return {
    kind: row.kind === 'single' ? 'singleType' : 'collectionType',
    collectionName: options.collectionName ?? row.endpoint.replace(/-/g, '_'),
    info: { singularName: row.key, pluralName: options.pluralName ?? row.endpoint, displayName: options.displayName ?? capitalised(row.noun?.singular ?? row.key) },
    options: { draftAndPublish: false },
    ...(options.pluginOptions ? { pluginOptions: options.pluginOptions } : {}),
    ...(options.indexes ? { indexes: options.indexes } : {}),
    attributes: strapiAttributes(row.attributes),
  };
}
