import type { ResourceConfig } from '../generic/types';
import { inRowOrder } from './entries';

/**
 * Every resource's whole configuration, loaded at once: what the tests and the tools read (the app reads the
 * registry of entries, src/resources/entries.ts, and loads a configuration with its screen). It is every folder of
 * src/resources with an index.ts whose default export is a configuration (defineResource), in the order of
 * domain/resources.ts.
 */
const folders = import.meta.glob<{ default?: ResourceConfig }>('./*/index.ts', { eager: true });
export const resources: ResourceConfig[] = Object.values(folders)
  .map((folder) => folder.default)
  .filter((config): config is ResourceConfig => !!config?.key)
  .sort(inRowOrder);

export { accessRulesOf, endpointOptionsOf, resourceEntries } from './entries';
export type { ResourceConfig } from '../generic/types';
