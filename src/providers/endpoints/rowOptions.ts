import { attributesOfType } from '@mamoudzou/domain/attributes';
import type { ResourceRow } from '@mamoudzou/domain/resources';
import type { EndpointOptions } from './types';

/**
 * What the data provider needs of a resource, read in its row of domain/resources.ts: its endpoint and
 * kind, what its lists populate and sort on, its media and relations (from its attributes), the fields
 * the backend alone writes, whether the backend searches it and streams its export.
 */
export function endpointOptionsOfRow(row: ResourceRow): EndpointOptions {
  const computed = Object.entries(row.attributes ?? {})
    .filter(([, attribute]) => attribute.computed)
    .map(([name]) => name);
  return {
    endpoint: row.endpoint!,
    kind: row.kind === 'routes' || !row.kind ? 'collection' : row.kind,
    ...(row.populate ? { populate: [...row.populate] } : {}),
    ...(row.populateOne ? { populateOne: [...row.populateOne] } : {}),
    ...(row.searchFields ? { searchFields: [...row.searchFields], serverSearch: true } : row.filterSearch ? { searchFields: [...row.filterSearch] } : {}),
    ...(row.sortFields ? { sortFields: Object.fromEntries(Object.entries(row.sortFields).map(([key, fields]) => [key, typeof fields === 'string' ? fields : [...fields]])) } : {}),
    relations: attributesOfType(row.attributes, 'relation'),
    mediaFields: attributesOfType(row.attributes, 'media'),
    readOnlyFields: computed,
    ...(row.streamExport ? { streamExport: true } : {}),
    ...(row.viewCounts ? { viewCounts: true } : {}),
  };
}
