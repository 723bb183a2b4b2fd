import { RESOURCES } from '@mamoudzou/domain/resources';
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

/** What the data provider needs of each resource: endpoint, populate, search, sort and media fields. */
export function endpointOptionsOf(list: ResourceConfig[]): Record<string, EndpointOptions> {
  return Object.fromEntries(
    list.map((r) => [
      r.name,
      {
        endpoint: r.endpoint,
        kind: r.kind ?? 'collection',
        populate: r.populate,
        populateOne: r.populateOne,
        searchFields: r.searchFields,
        serverSearch: r.serverSearch,
        sortFields: r.sortFields,
        relations: r.relations,
        mediaFields: r.mediaFields,
        streamExport: r.streamExport,
        uploadFailurePrefixes: r.uploadFailurePrefixes,
        readOnlyFields: [...(r.readOnlyFields ?? []), ...r.fields.filter((f) => f.readOnly && !f.source.includes('.')).map((f) => f.source)].filter(
          // a read-only display column must not hide an editable field of the same source
          (source) => !r.fields.some((f) => !f.readOnly && (f.source === source || f.source.startsWith(`${source}.`))),
        ),
      } satisfies EndpointOptions,
    ]),
  );
}

/** What the auth provider's canAccess needs of each resource or page: its module, the action that opens it, its approval setting. */
export function accessRulesOf(list: { name: string; access?: AccessRule }[]): Record<string, AccessRule> {
  return Object.fromEntries(
    list.filter((r) => r.access).map((r) => [r.name, { module: r.access!.module, action: r.access!.action, approvalSetting: r.access!.approvalSetting }]),
  );
}

export type { ResourceConfig } from '../generic/types';
