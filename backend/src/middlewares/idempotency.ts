import type { Core } from '@strapi/strapi';
import { KEEP_MS, once, type Kept } from '../idempotency/store';
import { coded } from '@mamoudzou/domain/errors';

/**
 * Idempotent retries of the staff's writes (a route middleware: after authentication, on the routes that
 * name it: creating a report, changing one, a line of its timeline; what a phone queued offline sends when
 * the network returns). A write with an `Idempotency-Key` header is done once; the same request sent again
 * gets the first answer (`Idempotent-Replayed: true`). The key belongs to the person who sent it (a phone
 * that refreshed its token or logged in again before flushing its queue is still that person), the method
 * and the address. Only a success is kept: a refusal leaves the key free for a real retry. `config.uid`
 * names the collection the route writes, read again to answer a retry.
 */
export default (config: { uid: string }, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: any, next: () => Promise<unknown>) => {
    const key = ctx.get('Idempotency-Key');
    const person = personOf(ctx);
    if (!key || !person) return next();
    const outcome = await once(strapi, { scope: `api:${person}:${ctx.method} ${ctx.path}`, key, windowMs: KEEP_MS, content: ctx.request.body ?? null }, async () => {
      await next();
      return { value: undefined, kept: ctx.status >= 200 && ctx.status < 300 ? keptOf(ctx) : null };
    });
    if (outcome.kind === 'done') return;
    if (outcome.kind === 'replay') return replay(strapi, ctx, config.uid, outcome.kept);
    const conflict = outcome.kind === 'busy';
    const status = conflict ? 409 : 422;
    const message = conflict ? 'Une requête identique est en cours : réessayez dans un instant.' : "Clé d'idempotence déjà utilisée pour une autre requête.";
    ctx.status = status;
    ctx.body = { data: null, error: { status, name: conflict ? 'ConflictError' : 'ValidationError', message, details: coded(conflict ? 'conflict' : 'invalid_request') } };
  };

/** Who sent the write: the staff member, or an API token (no user). */
function personOf(ctx: any): string | undefined {
  if (ctx.state.user?.id) return `user:${ctx.state.user.id}`;
  const credentials = ctx.state.auth?.credentials;
  return credentials?.id ? `${ctx.state.auth.strategy?.name ?? 'token'}:${credentials.id}` : undefined;
}

/** The written record's identity and version: what a retry is answered from. */
function keptOf(ctx: any): Kept {
  const data = ctx.body?.data;
  const version = data?.updatedAt;
  return {
    status: ctx.status,
    resource: typeof data?.documentId === 'string' ? data.documentId : null,
    version: version ? new Date(version).toISOString() : null,
  };
}

/**
 * The first answer, rebuilt: the record read again (as the caller may read it) while it is still the version
 * this write left; once changed since (or deleted), only its identity and that version, so that a queue
 * chaining its changes expects this write's version, never one it has not seen.
 */
async function replay(strapi: Core.Strapi, ctx: any, uid: string, kept: Kept) {
  let data: Record<string, unknown> | null = null;
  if (kept.resource) {
    ctx.params = { ...ctx.params, id: kept.resource };
    const current: any = await (strapi.controller(uid as any) as any).findOne(ctx);
    const updatedAt = current?.data?.updatedAt;
    const unchanged = updatedAt && kept.version && new Date(updatedAt).getTime() === new Date(kept.version).getTime();
    data = unchanged ? current.data : { documentId: kept.resource, updatedAt: kept.version };
  }
  ctx.status = kept.status;
  ctx.set('Idempotent-Replayed', 'true');
  ctx.body = { data, meta: {} };
}
