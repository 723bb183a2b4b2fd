import { SYSTEM_FIELDS } from '@mamoudzou/domain/attributes';
import { resourceRow, type FieldOf, type ResourceKey } from '@mamoudzou/domain/resources';
import { fieldsOf } from './attributeFields';
import { capitalised } from '../i18n/nouns';
import type { FieldConfig, ImportColumn, ResourceConfig, ResourceDefinition, ResourceEntry } from './types';

/** The export's columns an import reads back: those whose field the forms edit, and those said importable. */
function importColumnsOf(definition: { exportColumns?: { key: string; source: string; aliases?: string[]; importable?: boolean }[] }, fields: FieldConfig[]): ImportColumn[] {
  return (definition.exportColumns ?? [])
    .filter((column) => column.importable || fields.some((field) => field.source === column.source && !field.readOnly))
    .map(({ key, source, aliases }) => ({ key, source, ...(aliases ? { aliases } : {}) }));
}

/** Every name a configuration's lists of fields hold is one of its fields or attributes (or a record's own, id and dates): a misspelt one stops the app at once. */
function checkNames(config: ResourceConfig, attributes: string[]) {
  const known = new Set<string>([...config.fields.map((field) => field.source), ...attributes, ...SYSTEM_FIELDS]);
  const filterField = (source: string) => source.split('.')[0].replace(/_(gte|lte|gt|lt|in|eq|ne)$/, '');
  const named = [
    ...config.list.columns,
    config.list.sort.field,
    ...(config.list.extraFields ?? []),
    ...(config.card?.badges ?? []),
    ...(config.card?.lines ?? []),
    ...(config.card?.image ? [config.card.image] : []),
    ...(config.form?.sections ?? []).flatMap((section) => section.fields),
    ...(config.detail?.sections ?? []).flatMap((section) => section.fields),
    ...(config.exportColumns ?? []).map((column) => column.source),
    ...(config.filters ?? []).filter((filter) => filter.source !== 'q' && !filter.kind).map((filter) => filterField(filter.source)),
  ];
  const unknown = [...new Set(named.filter((name) => !known.has(name)))];
  if (unknown.length) throw new Error(`Champ inconnu de domain/attributes : ${unknown.map((name) => `${config.key}.${name}`).join(', ')}`);
}

/**
 * A resource's configuration: what its folder's index.ts writes over its entry (entry.ts: name, label, icon, menu,
 * access, views) and its row of domain/resources.ts (endpoint, kind, noun, fields from its attributes, the field that
 * names a record). Every list of fields is typed with the row's attribute names and the fields the definition adds.
 */
export function defineResource<K extends ResourceKey, V extends string = never>(entry: ResourceEntry & { key: K }, input: ResourceDefinition<NoInfer<FieldOf<K>>, V>): ResourceConfig {
  const { key } = entry;
  const row = resourceRow(key);
  if (!row.endpoint || !row.attributes) throw new Error(`domain/resources.ts : la ressource ${key} n'a pas d'écran (endpoint, attributes)`);
  const definition = input as unknown as ResourceDefinition<string, string>;
  const { labels, errors, fields: refinements, import: importing, recordLabel, ...screens } = definition;
  // The fields, and the import's columns read from them, are worked out when a screen first reads them.
  let fields: FieldConfig[] | undefined;
  let importConfig: ResourceConfig['import'];
  const config: ResourceConfig = {
    ...(screens as Omit<ResourceConfig, keyof ResourceEntry | 'endpoint' | 'recordLabel' | 'fields'>),
    key,
    name: entry.name,
    label: entry.label,
    icon: entry.icon,
    menu: entry.menu,
    access: entry.access,
    quickCreate: entry.quickCreate,
    views: entry.views,
    endpoint: row.endpoint,
    kind: row.kind === 'routes' ? undefined : row.kind,
    recordLabel: recordLabel ?? capitalised(row.noun?.singular ?? key),
    noun: row.noun,
    get fields() {
      return (fields ??= fieldsOf(key, { labels, errors, fields: refinements as never }, row.labelField));
    },
    recordRepresentation: definition.recordRepresentation ?? row.labelField,
  };
  // A getter of its own (a spread would read it at once).
  if (importing) Object.defineProperty(config, 'import', { enumerable: true, get: () => (importConfig ??= { ...importing, columns: importColumnsOf(definition as never, config.fields) }) });
  // A misspelt name stops the app in development and the tests (which load every configuration), not each phone's start.
  if (import.meta.env.DEV) checkNames(config, Object.keys(row.attributes));
  return config;
}

