import { errors } from '@strapi/utils';
import { coded } from '@mamoudzou/domain/errors';
import { sharedFixedWindow } from '../utils/rate-limit';

/** What a refused authentication request is told (the plugin said it in English). */
export const FLOOD_MESSAGE = "Trop de requêtes d'authentification depuis cette adresse : réessayez dans une minute.";

type Limiter = ReturnType<typeof sharedFixedWindow>;

/**
 * The users-permissions plugin's `rateLimit` middleware (its authentication routes and our second login step),
 * with the plugin's own keys (address, route, and the e-mail where the route's body names one) and its config
 * (plugins.ts: `ratelimit` interval and max): the same fixed window, refused requests counted too, but counted by
 * every instance in Redis (rate-limiter-flexible) instead of each instance's memory, where three instances behind a
 * balancer let three times the flood through.
 */
export function sharedAuthRateLimit(original: { buildPrefixKey?: (ctx: any) => string }) {
  const limiters = new Map<string, Limiter>();
  const limiterOf = (interval: number, max: number) => {
    const id = `${interval}:${max}`;
    let limiter = limiters.get(id);
    if (!limiter) limiters.set(id, (limiter = sharedFixedWindow(`auth-${id}`, { points: max, durationMs: interval })));
    return limiter;
  };
  const keyOf = (ctx: any) => original.buildPrefixKey?.(ctx) ?? `${ctx.request.path}:${ctx.request.ip}`;

  return (config: Record<string, unknown> | undefined, { strapi }: { strapi: any }) =>
    async (ctx: any, next: () => Promise<unknown>) => {
      const settings = { enabled: true, interval: 5 * 60_000, max: 5, ...(strapi.config.get('plugin::users-permissions.ratelimit') ?? {}), ...(config ?? {}) };
      if (settings.enabled !== true) return next();
      const interval = typeof settings.interval === 'number' ? settings.interval : 60_000 * Number((settings.interval as { min?: number })?.min ?? 5);
      if (!(await limiterOf(interval, Number(settings.max)).take(keyOf(ctx)))) {
        ctx.set('Retry-After', String(Math.ceil(interval / 1000)));
        throw new errors.RateLimitError(FLOOD_MESSAGE, coded('rate_limited'));
      }
      return next();
    };
}
