import type { ResourceConfig, Row } from './types';

/** What is sent on create: empty values left out, the config's create defaults added. */
export function createPayload(config: ResourceConfig, values: Row): Row {
  const body: Row = { ...(config.form?.createDefaults ?? {}) };
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0)) continue;
    body[key] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}

/** What is sent on edit: a cleared value becomes null (the provider leaves out what did not change). */
export function editPayload(values: Row): Row {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value]));
}

/**
 * A record as its edit form starts from: a relation chosen in a select (no input of its own) holds the related
 * record's id, where the record read holds the related record itself (populated for the list's cells).
 */
export function formValuesOf<R extends Row | undefined>(config: ResourceConfig, record: R): R {
  if (!record) return record;
  const related = config.fields.filter((field) => field.type === 'relation' && !field.input && record[field.source] && typeof record[field.source] === 'object');
  if (related.length === 0) return record;
  const idOf = (value: unknown) => (value && typeof value === 'object' ? ((value as Row).documentId ?? (value as Row).id) : value);
  return { ...record, ...Object.fromEntries(related.map((field) => [field.source, Array.isArray(record[field.source]) ? (record[field.source] as unknown[]).map(idOf) : idOf(record[field.source])])) };
}
