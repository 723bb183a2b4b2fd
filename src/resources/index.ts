import { RESOURCES } from '@mamoudzou/domain/resources';
import { endpointOptionsOfRow } from '../providers/endpoints/rowOptions';
import type { AccessRule } from '../providers/authProvider';
import type { EndpointOptions } from '../providers/dataProvider';
import type { ResourceConfig } from '../generic/types';

/**
 * The resource registry: the one list App.tsx maps onto <Resource>, the provider factories and
 * the menu. It is every folder of src/resources with an index.ts whose default export is a
 * configuration (defineResource), in the order of domain/resources.ts: adding a resource is its
 * row there, its folder here and its Strapi folder (docs/ajouter-une-ressource.md).
 */
const folders = import.meta.glob<{ default?: ResourceConfig }>('./*/index.ts', { eager: true });
const order = (config: ResourceConfig) => RESOURCES.findIndex((row) => row.key === config.key);
export const resources: ResourceConfig[] = Object.values(folders)
  .map((folder) => folder.default)
  .filter((config): config is ResourceConfig => !!config?.key)
  .sort((a, b) => order(a) - order(b));

/** What the data provider needs of each resource: its row's (src/providers/endpoints/rowOptions.ts), or a configuration's written whole. */
export function endpointOptionsOf(list: ResourceConfig[]): Record<string, EndpointOptions> {
  const fromRows = RESOURCES.filter((row) => row.path && row.endpoint && row.kind !== 'routes').map((row) => [row.path!, endpointOptionsOfRow(row)] as const);
  const written = list.filter((r) => !r.key).map((r) => [r.name, { endpoint: r.endpoint, kind: r.kind ?? 'collection', ...r.transport } satisfies EndpointOptions] as const);
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

export type { ResourceConfig } from '../generic/types';
