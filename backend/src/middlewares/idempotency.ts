import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { errorAnswer, render } from '../open311/format';
import { now } from '../utils/clock';

const UID = 'api::idempotency-key.idempotency-key';
/** How long an answer is given back (a retry comes within minutes; a day covers an app offline overnight). */
const KEEP_MS = 24 * 3600 * 1000;
/** Open311 clients without the header: the same device's same report within ten minutes is one report. */
const DEVICE_WINDOW_MS = 10 * 60 * 1000;
/** A request still "in progress" after this was cut off (a crash): a retry may do it. */
const ABANDONED_MS = 2 * 60 * 1000;

const sha = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/**
 * The staff's writes a retry must not repeat, when they carry a key: creating a report, changing one
 * (status, assignment: what a phone queued offline sends when the network returns), and a line of
 * its timeline (a reply, a note). A key belongs to one token and one address.
 */
const KEYED_API_WRITES: { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/reports$/ },
  { method: 'PUT', path: /^\/api\/reports\/[^/]+$/ },
  { method: 'POST', path: /^\/api\/report-updates$/ },
];

/** The writes a retry must not repeat: the staff's keyed writes through the API, a report from the citizens' channel. */
function retriable(ctx: any): { scope: string; key: string; window: number } | undefined {
  const header = ctx.get('Idempotency-Key');
  if (KEYED_API_WRITES.some((write) => write.method === ctx.method && write.path.test(ctx.path))) {
    return header ? { scope: `api:${sha(ctx.get('Authorization'))}:${ctx.method} ${ctx.path}`, key: header, window: KEEP_MS } : undefined;
  }
  if (ctx.method !== 'POST') return undefined;
  if (/^\/open311\/v2\/requests\.(json|xml)$/.test(ctx.path)) {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const scope = `open311:${sha(String(body.api_key ?? ''))}:${ctx.path}`;
    if (header) return { scope, key: header, window: KEEP_MS };
    if (typeof body.device_id === 'string' && body.device_id) return { scope, key: `device:${body.device_id}:${sha(JSON.stringify(body))}`, window: DEVICE_WINDOW_MS };
  }
  return undefined;
}

const refusal = (ctx: any, status: number, message: string) => {
  ctx.status = status;
  if (ctx.path.startsWith('/open311/')) {
    // The specification's error list, written by the channel's own renderer (escaped XML or JSON).
    const { type, body } = render(errorAnswer(status, message), ctx.path.endsWith('.xml') ? 'xml' : 'json');
    ctx.type = type;
    ctx.body = body;
    return;
  }
  ctx.body = { data: null, error: { status, name: status === 409 ? 'ConflictError' : 'ValidationError', message, details: {} } };
};

/**
 * Idempotent retries: a keyed write of the staff (above) with an `Idempotency-Key` header (or, from
 * an Open311 client, a `device_id` with the same content within ten minutes) is done once; the same
 * request sent again gets the first answer (`Idempotent-Replayed: true`). The key is taken before the
 * work (a unique row), so two copies arriving together make one report: the second is told to retry.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: any, next: () => Promise<unknown>) => {
    const request = retriable(ctx);
    if (!request) return next();
    const keyHash = sha(request.scope, request.key);
    const contentHash = sha(JSON.stringify(ctx.request.body ?? null));
    const rows = strapi.db.query(UID as any);

    let existing: any = await rows.findOne({ where: { keyHash } });
    const age = existing ? now() - new Date(existing.createdAt).getTime() : 0;
    if (existing && (age > request.window || (existing.state === 'pending' && age > ABANDONED_MS))) {
      await rows.delete({ where: { id: existing.id } });
      existing = null;
    }
    if (!existing) {
      try {
        await rows.create({ data: { keyHash, contentHash, state: 'pending' } });
      } catch {
        // Another copy took the key first.
        existing = await rows.findOne({ where: { keyHash } });
        if (!existing) throw new Error('idempotency: key row vanished');
      }
    }
    if (existing) {
      if (existing.contentHash !== contentHash) return refusal(ctx, 422, "Clé d'idempotence déjà utilisée pour une autre requête.");
      if (existing.state !== 'done') return refusal(ctx, 409, 'Une requête identique est en cours : réessayez dans un instant.');
      ctx.status = existing.status;
      ctx.type = existing.contentType || 'application/json';
      ctx.set('Idempotent-Replayed', 'true');
      ctx.body = existing.body;
      return;
    }

    try {
      await next();
    } catch (error) {
      await rows.delete({ where: { keyHash } });
      throw error;
    }
    if (ctx.status >= 500) {
      await rows.delete({ where: { keyHash } });
      return;
    }
    const body = typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body ?? null);
    await rows.update({ where: { keyHash }, data: { state: 'done', status: ctx.status, contentType: String(ctx.response.get('Content-Type') || ctx.type || ''), body } });
  };
