import type { Core } from '@strapi/strapi';
import { writeCache, type WriteCache } from '../../../caching/write-cache';

/**
 * The reports' aggregates (GET /api/reports/stats) kept until the next write of a report: every
 * agent's dashboard asks for the same figures, which change only when a report does (imports and
 * bulk actions included); a minute at most in any case.
 */
let cache: WriteCache | undefined;
/** The live service-level counts: time moves them too, so they are kept 10 seconds at most (keys carry the clock's 10-second slot). */
let slaCache: WriteCache | undefined;

export function cachedStats<T>(key: string, compute: () => Promise<T>): Promise<T> {
  return cache ? cache.get(key, compute) : compute();
}

export function cachedSlaCounts<T>(key: string, compute: () => Promise<T>): Promise<T> {
  return slaCache ? slaCache.get(key, compute) : compute();
}

export function registerStatsCache(strapi: Core.Strapi) {
  cache = writeCache(strapi, { models: ['api::report.report'], ttlMs: 60_000, maxEntries: 20 });
  slaCache = writeCache(strapi, { models: ['api::report.report'], ttlMs: 10_000, maxEntries: 200 });
}
