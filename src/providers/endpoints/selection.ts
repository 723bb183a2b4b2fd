import type { Populate, SelectionOptions } from '../strapiQuery';
import type { EndpointOptions, SelectionMeta } from './types';

/**
 * What a read populates and selects: the call's meta wins over the endpoint's configuration.
 * Declared media and relations, dotted paths and `id` are left out of `fields`: Strapi answers
 * id and documentId anyway and refuses non-scalar keys there.
 */
export function selectionOf(config: EndpointOptions, meta: unknown, configured: Populate | undefined): SelectionOptions {
  const { populate, fields } = (meta ?? {}) as SelectionMeta;
  const notScalar = new Set(['id', ...(config.mediaFields ?? []), ...(config.relations ?? [])]);
  return {
    populate: populate !== undefined ? populate : configured,
    fields: Array.isArray(fields) ? fields.filter((f) => !notScalar.has(f) && !f.includes('.')) : undefined,
    sortFields: config.sortFields,
  };
}
