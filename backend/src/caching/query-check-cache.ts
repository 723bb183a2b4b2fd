import type { Core } from '@strapi/strapi';
import { promiseCache, type PromiseCache } from './write-cache';

/**
 * The content API validates and sanitises every request's query (fields, sort, filters, populate)
 * against the model and the caller's permissions: a walk of the whole query, a fifth of a list
 * call's time in a CPU profile. The same query string of the same role on the same route gives the
 * same answer, so the answer is kept per permission ability (one per role: auth/request-auth-cache)
 * and handed out as a copy. A query that fails validation is checked again each time (its error is
 * the caller's answer). Callers without an ability (full-access API tokens) are not cached.
 */
const MAX_PER_ABILITY = 500;

type Check = (query: unknown, schema: { uid?: string }, options?: { auth?: { ability?: object }; route?: { method?: string; path?: string } }) => Promise<unknown>;

function keyOf(query: unknown, schema: { uid?: string }, options?: Parameters<Check>[2]) {
  const route = options?.route;
  return `${schema?.uid}|${route?.method} ${route?.path}|${JSON.stringify(query ?? {})}|${JSON.stringify({ ...options, auth: undefined, route: undefined })}`;
}

function remembered(check: Check, answer: (value: unknown) => unknown): Check {
  const byAbility = new WeakMap<object, PromiseCache>();
  return (query, schema, options) => {
    const ability = options?.auth?.ability;
    if (!ability || typeof ability !== 'object') return check(query, schema, options);
    let known = byAbility.get(ability);
    if (!known) byAbility.set(ability, (known = promiseCache({ maxEntries: MAX_PER_ABILITY })));
    return known.get(keyOf(query, schema, options), () => check(query, schema, options)).then(answer);
  };
}

export function cacheQueryChecks(strapi: Core.Strapi) {
  const contentAPI: any = (strapi as any).contentAPI;
  if (contentAPI?.sanitize?.query) contentAPI.sanitize.query = remembered(contentAPI.sanitize.query, (value) => structuredClone(value));
  if (contentAPI?.validate?.query) contentAPI.validate.query = remembered(contentAPI.validate.query, () => undefined);
}
