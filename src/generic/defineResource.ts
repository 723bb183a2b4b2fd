import { resourceRow, type ResourceKey } from '@mamoudzou/domain/resources';
import type { ResourceConfig, ResourceDefinition } from './types';

/**
 * A resource's configuration: what its folder writes over what its row of domain/resources.ts says
 * (route, endpoint, kind, module, approval setting, whether the backend searches it).
 */
export function defineResource(key: ResourceKey, definition: ResourceDefinition): ResourceConfig {
  const row = resourceRow(key);
  if (!row.path || !row.endpoint || !row.module) throw new Error(`domain/resources.ts : la ressource ${key} n'a pas d'écran (path, endpoint, module)`);
  return {
    ...definition,
    key,
    name: row.path,
    endpoint: row.endpoint,
    kind: row.kind === 'routes' ? undefined : row.kind,
    access: { module: row.module, approvalSetting: row.approvalSetting, ...definition.access },
    serverSearch: !!row.searchFields,
  };
}
