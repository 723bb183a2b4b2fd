import type { Core } from '@strapi/strapi';
import { databaseUnavailableCause, probeDatabase } from '../utils/database';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The database's readiness, for load balancers and people. `/_health` only says the process answers;
 * `GET /_ready` says whether the database can be read and written (200, or 503 with the cause). And a
 * request that fails because the database cannot serve (locked, read only, full, unreachable) gets a
 * 503 saying so in French, instead of a bare 500.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: any, next: () => Promise<void>) => {
    if (ctx.path === '/_ready' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      const probe = await probeDatabase(strapi);
      ctx.set('Cache-Control', 'no-store');
      if (probe.ok) {
        ctx.status = 200;
        ctx.body = { status: 'ready', database: strapi.db.dialect.client };
      } else {
        ctx.status = 503;
        ctx.set('Retry-After', '30');
        ctx.body = { status: 'unavailable', database: strapi.db.dialect.client, cause: `${capitalised(probe.cause)}.`, code: probe.code };
      }
      return;
    }
    try {
      await next();
    } catch (error) {
      const cause = databaseUnavailableCause(error);
      if (!cause) throw error;
      strapi.log.error(`database unavailable on ${ctx.method} ${ctx.path}: ${(error as Error).message}`);
      const write = WRITES.has(ctx.method);
      ctx.status = 503;
      ctx.set('Retry-After', '30');
      ctx.body = {
        data: null,
        error: {
          status: 503,
          name: 'ServiceUnavailableError',
          message: write
            ? `Enregistrement impossible pour le moment : ${cause}. Réessayez dans quelques minutes ; prévenez l'administrateur si cela dure.`
            : `Lecture impossible pour le moment : ${cause}. Réessayez dans quelques minutes ; prévenez l'administrateur si cela dure.`,
          details: { database: true },
        },
      };
    }
  };
