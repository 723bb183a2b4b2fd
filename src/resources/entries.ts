import { RESOURCES } from '@mamoudzou/domain/resources';
import { loadOnce } from '../common/loadOnce';
import { endpointOptionsOfRow } from '../providers/endpoints/rowOptions';
import type { AccessRule } from '../providers/authProvider';
import type { EndpointOptions } from '../providers/dataProvider';
import type { RegisteredResource, ResourceConfig, ResourceEntry } from '../generic/types';

/**
 * The registry the app reads: every folder of src/resources with an entry.ts (what the menu, the « Créer » menu, the
 * access rules and the routes read), in the order of domain/resources.ts, with its configuration (index.ts) as a chunk
 * loaded with its screen. A phone opening one list loads that list's configuration, not nine. Adding a resource is its
 * row in domain/resources.ts, its folder here and its Strapi folder (docs/ajouter-une-ressource.md); its folder is
 * named after its route (the row's path: main.tsx finds a cold load's configuration by the address).
 */
const entryFiles = import.meta.glob<{ default?: ResourceEntry }>('./*/entry.ts', { eager: true });
const configFiles = import.meta.glob<{ default: ResourceConfig }>('./*/index.ts');

function registeredEntry(entry: ResourceEntry, loadFile: () => Promise<{ default: ResourceConfig }>): RegisteredResource {
  const config = loadOnce(() => loadFile().then((file) => file.default));
  return { ...entry, load: config.load, loaded: config.loaded };
}

/** The order of domain/resources.ts, in which both registries list the resources. */
export const inRowOrder = (a: ResourceEntry, b: ResourceEntry) => orderOf(a) - orderOf(b);
const orderOf = (entry: ResourceEntry) => RESOURCES.findIndex((row) => row.key === entry.key);

export const resourceEntries: RegisteredResource[] = Object.entries(entryFiles)
  .flatMap(([file, { default: entry }]) => {
    const loadFile = configFiles[file.replace(/entry\.ts$/, 'index.ts')];
    return entry?.key && loadFile ? [registeredEntry(entry, loadFile)] : [];
  })
  .sort(inRowOrder);

/** A registry's configuration written whole (a test's), when it has one: its own transport, not a row's. */
const writtenWhole = (entry: ResourceEntry): ResourceConfig | undefined => {
  if (entry.key) return undefined;
  return 'loaded' in entry ? (entry as RegisteredResource).loaded() : (entry as ResourceConfig);
};

/** What the data provider needs of each resource: its row's (src/providers/endpoints/rowOptions.ts), or a configuration's written whole. */
export function endpointOptionsOf(list: ResourceEntry[]): Record<string, EndpointOptions> {
  const fromRows = RESOURCES.filter((row) => row.path && row.endpoint && row.kind !== 'routes').map((row) => [row.path!, endpointOptionsOfRow(row)] as const);
  const written = list.flatMap((entry) => {
    const config = writtenWhole(entry);
    return config ? [[config.name, { endpoint: config.endpoint, kind: config.kind ?? 'collection', ...config.transport } satisfies EndpointOptions] as const] : [];
  });
  return Object.fromEntries([...fromRows, ...written]);
}

/**
 * What the auth provider's canAccess needs of each resource or page: its module, the action that opens it, its
 * approval setting; a row without screens (the settings, the roles) by its row of domain/resources.ts.
 */
export function accessRulesOf(list: { name: string; access?: AccessRule }[]): Record<string, AccessRule> {
  const fromRows = RESOURCES.filter((row) => row.path && row.module).map((row) => [row.path!, { module: row.module!, approvalSetting: row.approvalSetting }] as const);
  const given = list.filter((r) => r.access).map((r) => [r.name, { module: r.access!.module, action: r.access!.action, approvalSetting: r.access!.approvalSetting }] as const);
  return Object.fromEntries([...fromRows, ...given]);
}
