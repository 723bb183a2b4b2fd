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
