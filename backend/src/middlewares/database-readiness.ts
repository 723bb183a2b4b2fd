import type { Core } from '@strapi/strapi';
import { errorAnswer, render } from '../open311/format';
import { probeDatabase } from '../startup/readiness-probe';
import { databaseErrorSummary, databaseUnavailableCause } from '../utils/database';
import { coded } from '@mamoudzou/domain/errors';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The database's readiness, for load balancers and people. `/_health` only says the process answers;
 * `GET /_ready` says whether the database takes a write now (200, or 503 with the cause in French). And a
 * request that fails because the database cannot serve (locked, read only, full, unreachable) gets a
 * 503 saying so in French, instead of a bare 500: also when a layer swallowed the database's error into
 * another refusal (the plugin's authentication turns any error into « Missing or invalid credentials »),
 * since every failed query of the request is seen here.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const refusedDuring = new WeakMap<object, unknown>();
  strapi.db.connection.on('query-error', (error: unknown) => {
    const ctx = strapi.requestContext.get();
    if (ctx && !refusedDuring.has(ctx) && databaseUnavailableCause(error)) refusedDuring.set(ctx, error);
  });
  const answerUnavailable = (ctx: any, error: unknown, message: string) => {
    // The code and the table only: the statement's values are what a person wrote.
    strapi.log.error(`database unavailable on ${ctx.method} ${ctx.path}: ${databaseErrorSummary(error)}`);
    ctx.status = 503;
    if (ctx.path.startsWith('/open311/')) {
      // The citizens' channel answers in its own format (GeoReport v2's error list, docs/open311.md).
      const { type, body } = render(errorAnswer(503, message), ctx.path.endsWith('.xml') ? 'xml' : 'json');
      ctx.type = type;
      ctx.body = body;
      return;
    }
    ctx.body = { data: null, error: { status: 503, name: 'ServiceUnavailableError', message, details: coded('database_unavailable', { database: true }) } };
  };

  return async (ctx: any, next: () => Promise<void>) => {
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
      const cause = databaseUnavailableCause(error) ? error : refusedDuring.get(ctx);
      const message = cause ? databaseUnavailableAnswer(ctx, cause) : undefined;
      if (!message) throw error;
      answerUnavailable(ctx, cause, message);
      return;
    }
    // A refusal (401, 500...) that stands for a query the database refused.
    const swallowed = ctx.status >= 400 && ctx.status !== 503 ? refusedDuring.get(ctx) : undefined;
    const message = swallowed ? databaseUnavailableAnswer(ctx, swallowed) : undefined;
    if (message) answerUnavailable(ctx, swallowed, message);
  };
};

/**
 * For a request that failed because the database cannot serve now: what the person is told (in French, with the
 * cause), the answer's Retry-After set. Undefined for any other error.
 */
export function databaseUnavailableAnswer(ctx: any, error: unknown): string | undefined {
  const cause = databaseUnavailableCause(error);
  if (!cause) return undefined;
  ctx.set('Retry-After', '30');
  const what = WRITES.has(ctx.method) ? 'Enregistrement impossible' : 'Lecture impossible';
  return `${what} pour le moment : ${cause}. Réessayez dans quelques minutes ; prévenez l'administrateur si cela dure.`;
}
