import type { Core } from '@strapi/strapi';

/**
 * The reports' aggregates (GET /api/reports/stats) kept until the next write of a report: every
 * agent's dashboard asks for the same figures, which change only when a report does. Any create,
 * update or delete of a report empties it (database lifecycles: the document service, imports and
 * bulk actions all go through them); a minute at most in any case. A few entries, never more.
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 20;
const entries = new Map<string, { at: number; value: Promise<unknown> }>();

export function cachedStats<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = compute().catch((error) => {
    entries.delete(key);
    throw error;
  });
  entries.set(key, { at: now, value });
  return value;
}

export function clearStatsCache() {
  entries.clear();
}

export function registerStatsCache(strapi: Core.Strapi) {
  const clear = () => clearStatsCache();
  strapi.db.lifecycles.subscribe({
    models: ['api::report.report'],
    afterCreate: clear,
    afterCreateMany: clear,
    afterUpdate: clear,
    afterUpdateMany: clear,
    afterDelete: clear,
    afterDeleteMany: clear,
  });
}
