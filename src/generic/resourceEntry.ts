import { resourceRow, type ResourceKey } from '@mamoudzou/domain/resources';
import { capitalised } from '../i18n/nouns';
import type { EntryDefinition, RegisteredResource, ResourceConfig, ResourceEntry } from './types';

/** A resource's entry (its folder's entry.ts): what it writes over its row of domain/resources.ts (name, access, the noun's plural for a label). */
export function defineEntry<K extends ResourceKey>(key: K, definition: EntryDefinition): ResourceEntry & { key: K } {
  const row = resourceRow(key);
  if (!row.path || !row.module) throw new Error(`domain/resources.ts : la ressource ${key} n'a pas d'écran (path, module)`);
  const { label, access, ...screens } = definition;
  return {
    ...screens,
    key,
    name: row.path,
    label: label ?? capitalised(row.noun?.plural ?? key),
    access: { module: row.module, approvalSetting: row.approvalSetting, ...access },
  };
}

/** The registry's entry of a configuration written whole (a registry a test hands the app): its configuration is already there. */
export function registered(config: ResourceConfig): RegisteredResource {
  const { key, name, label, icon, menu, access, quickCreate, views } = config;
  return { key, name, label, icon, menu, access, quickCreate, views, load: () => Promise.resolve(config), loaded: () => config };
}
