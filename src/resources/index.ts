import type { AccessRule } from '../providers/authProvider';
import type { EndpointOptions } from '../providers/dataProvider';
import type { ResourceConfig } from '../generic/types';
import { actualites } from './actualites';
import { annuaire } from './annuaire';
import { audit } from './audit';
import { evenements } from './evenements';
import { notifications } from './notifications';
import { poi } from './poi';
import { roles } from './roles';
import { settings } from './settings';
import { signalements } from './signalements';
import { utilisateurs } from './utilisateurs';

/**
 * The resource registry: the one list App.tsx maps onto <Resource>, the provider factories and
 * the menu. Adding a resource is a folder with its index.ts, one line here, and its Strapi
 * content type (README, "Ajouter une ressource").
 */
export const resources: ResourceConfig[] = [
  signalements,
  actualites,
  evenements,
  poi,
  annuaire,
  notifications,
  utilisateurs,
  audit,
  roles,
  settings,
];

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

/** What the auth provider's canAccess needs of each resource or page: its module and whether it is admin-only. */
export function accessRulesOf(list: { name: string; access?: AccessRule }[]): Record<string, AccessRule> {
  return Object.fromEntries(
    list.filter((r) => r.access).map((r) => [r.name, { module: r.access!.module, adminOnly: r.access!.adminOnly, approvalSetting: r.access!.approvalSetting }]),
  );
}

export type { ResourceConfig } from '../generic/types';
