import type { FieldConfig, ResourceConfig } from '../types';

const POPULATED: FieldConfig['type'][] = ['image', 'images', 'relation'];

/**
 * The attributes a list asks the backend for (Strapi `fields`): what its columns and cards show and
 * what their values read; media and relations come through `populate`, never as fields.
 */
export function listFieldsOf(config: ResourceConfig): string[] {
  const sources = [...config.list.columns, ...(config.card?.badges ?? []), ...(config.card?.lines ?? [])];
  const wanted = new Set<string>(config.list.extraFields ?? []);
  if (typeof config.recordRepresentation === 'string') wanted.add(config.recordRepresentation.split('.')[0]);
  for (const source of sources) {
    const field = config.fields.find((f) => f.source === source);
    if (!field) continue;
    // A field that declares what it reads (a derived value, a populated relation) adds only that.
    if (field.reads) field.reads.forEach((read) => wanted.add(read));
    else if (!POPULATED.includes(field.type)) wanted.add(field.source.split('.')[0]);
  }
  return [...wanted].sort();
}
