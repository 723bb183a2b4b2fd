import type { Core } from '@strapi/strapi';
import { instanceBus } from './instance-bus';

/**
 * Promises of computed values by key: one computation per key while it is kept (`ttlMs`, forever by
 * default), a failed one is not kept, and the whole set is dropped when it reaches `maxEntries`.
 */
export interface PromiseCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function promiseCache({ ttlMs = Infinity, maxEntries = 200 }: { ttlMs?: number; maxEntries?: number } = {}): PromiseCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    clear: () => entries.clear(),
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const at = Date.now();
      const hit = entries.get(key);
      if (hit && at - hit.at < ttlMs) return hit.value as Promise<T>;
      if (entries.size >= maxEntries) entries.clear();
      const value = compute().catch((error) => {
        if (entries.get(key)?.value === value) entries.delete(key);
        throw error;
      });
      entries.set(key, { at, value });
      return value;
    },
  };
}

/**
 * Values read from some models' rows, kept until one of those models is written (or `ttlMs` has
 * passed). Writes through the document service and the query engine fire database lifecycles, which
 * empty the cache at once; other instances sharing the database empty theirs when they hear of the
 * write through Redis (instance-bus.ts), and the ttl bounds what they would keep without it. A failed computation is not kept. At most `maxEntries` values.
 */
export type WriteCache = PromiseCache;

export interface WriteCacheOptions {
  models: string[];
  ttlMs: number;
  maxEntries?: number;
}

const WRITE_EVENTS = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'] as const;

export function writeCache(strapi: Pick<Core.Strapi, 'db' | 'log'>, { models, ttlMs, maxEntries = 200 }: WriteCacheOptions): WriteCache {
  const cache = promiseCache({ ttlMs, maxEntries });
  strapi.db.lifecycles.subscribe({ models, ...Object.fromEntries(WRITE_EVENTS.map((event) => [event, cache.clear])) } as any);
  // Another instance's writes, heard through Redis when there is one; else the ttl bounds them.
  instanceBus(strapi).onRemoteWrite(models, cache.clear);
  return cache;
}
