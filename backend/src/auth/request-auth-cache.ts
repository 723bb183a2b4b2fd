import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Core } from '@strapi/strapi';
import { promiseCache, writeCache, type WriteCache } from '../caching/write-cache';

/**
 * What every authenticated request used to ask the database, kept in memory until it changes (a
 * CPU profile at 50,000 reports: seven queries and a fresh permission ability per call, more than the
 * list itself). Each cache empties at once on a write of its models (this instance) and within a few
 * seconds otherwise (another instance on the same database). What revokes access does not wait:
 * blocking, suspending, deleting a user or ending a session writes those models or goes through the
 * session service, which forgets the session at once.
 */
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const PERMISSION = 'plugin::users-permissions.permission';
const API_TOKEN = 'admin::api-token';
const CORE_STORE = 'strapi::core-store';

interface AuthCaches {
  users: WriteCache;
  rolePermissions: WriteCache;
  apiTokens: WriteCache;
  store: WriteCache;
}
let caches: AuthCaches | undefined;

/** register(): the caches and their invalidation by database lifecycles. */
export function registerRequestAuthCaches(strapi: Core.Strapi) {
  caches = {
    users: writeCache(strapi, { models: [USER, ROLE], ttlMs: 5_000, maxEntries: 1_000 }),
    rolePermissions: writeCache(strapi, { models: [ROLE, PERMISSION], ttlMs: 10_000, maxEntries: 50 }),
    apiTokens: writeCache(strapi, { models: [API_TOKEN], ttlMs: 10_000, maxEntries: 1_000 }),
    store: writeCache(strapi, { models: [CORE_STORE], ttlMs: 10_000, maxEntries: 100 }),
  };
}

/** The user of a token with its role (users-permissions' fetchAuthenticatedUser), a copy per request. */
export async function cachedAuthenticatedUser<T>(id: unknown, fetch: () => Promise<T>): Promise<T> {
  if (!caches) return fetch();
  return structuredClone(await caches.users.get(`user:${String(id)}`, fetch));
}

/** A role's permissions (users-permissions' findRolePermissions). */
export function cachedRolePermissions<T>(roleId: unknown, fetch: () => Promise<T>): Promise<T> {
  return caches ? caches.rolePermissions.get(`role:${String(roleId)}`, fetch) : fetch();
}

/**
 * bootstrap(): the caches placed on Strapi's own services.
 * - The content API tries API tokens before users' tokens: a user's JWT was looked up in the API
 *   tokens table on every request. Lookups by access key are kept (an unknown key too).
 * - The core store (users-permissions' advanced settings are read on every request): kept, a copy
 *   per read, forgotten on every write through the store.
 * - The permission engine's ability for a list of permissions: the same list gives the same ability
 *   (no conditions in users-permissions), so one is built per role and reused.
 */
export function cacheAuthServices(strapi: Core.Strapi) {
  if (!caches) return;
  const { apiTokens, store } = caches;

  const tokenService: any = strapi.service('admin::api-token-content-api' as any);
  if (tokenService?.getByAccessKey) {
    const getByAccessKey = tokenService.getByAccessKey.bind(tokenService);
    tokenService.getByAccessKey = (accessKey: string) => apiTokens.get(`key:${accessKey}`, () => getByAccessKey(accessKey));
  }

  const coreStore: any = strapi.store;
  const storeGet = coreStore.get;
  coreStore.get = async (params: Record<string, unknown>) => structuredClone(await store.get(JSON.stringify(params), () => storeGet(params)));
  const forgettingWrite = (write: (params: Record<string, unknown>) => Promise<unknown>) => async (params: Record<string, unknown>) => {
    store.clear();
    try {
      return await write(params);
    } finally {
      store.clear();
    }
  };
  coreStore.set = forgettingWrite(coreStore.set);
  coreStore.delete = forgettingWrite(coreStore.delete);

  const engine: any = (strapi as any).contentAPI?.permissions?.engine;
  if (engine?.generateAbility) {
    const generate = engine.generateAbility.bind(engine);
    const abilities = promiseCache({ maxEntries: 50 });
    engine.generateAbility = (permissions: unknown[], options?: Record<string, unknown>) =>
      options && Object.keys(options).length > 0 ? generate(permissions, options) : abilities.get(JSON.stringify(permissions), () => generate(permissions));
  }
}

/**
 * A users-permissions token's payload when its signature and expiry hold. The secret is made a key
 * once: given as a string, jsonwebtoken first tries to read it as a public key, which throws, on
 * every call (a millisecond of each request).
 */
let secretKey: { text: string; key: KeyObject } | undefined;
export function verifyUserToken(strapi: Core.Strapi, token: string): Promise<Record<string, unknown>> {
  const text = String(strapi.config.get('plugin::users-permissions.jwtSecret'));
  if (secretKey?.text !== text) secretKey = { text, key: createSecretKey(Buffer.from(text)) };
  const config = strapi.config.get('plugin::users-permissions.jwt', {}) as { algorithm?: jwt.Algorithm };
  return new Promise((resolve, reject) => {
    jwt.verify(token, secretKey!.key, { algorithms: [config?.algorithm ?? 'HS256'] }, (error, payload) => {
      if (error || !payload || typeof payload !== 'object') reject(new Error('Invalid token.'));
      else resolve(payload as Record<string, unknown>);
    });
  });
}
