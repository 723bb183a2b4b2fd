import { KEEP_MS, sha, type KeyedRequest } from './store';

/** Open311 clients without the header: the same device's same report within ten minutes is one report. */
const DEVICE_WINDOW_MS = 10 * 60 * 1000;

/**
 * An Open311 report a retry must not file twice: one with an `Idempotency-Key`, or (without) one naming its
 * `device_id`, the same content from the same device. Keyed by the client, known by then: a request with an
 * unknown key is refused before any key is taken.
 */
export function open311Retry(ctx: any, body: Record<string, unknown>, clientId: number): KeyedRequest | undefined {
  const scope = `open311:${clientId}:${ctx.path}`;
  const header = ctx.get('Idempotency-Key');
  if (header) return { scope, key: header, windowMs: KEEP_MS, content: body };
  if (typeof body.device_id === 'string' && body.device_id) return { scope, key: `device:${body.device_id}:${sha(JSON.stringify(body))}`, windowMs: DEVICE_WINDOW_MS, content: body };
  return undefined;
}
