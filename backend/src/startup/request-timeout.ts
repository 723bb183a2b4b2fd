import type { Core } from '@strapi/strapi';

/** REQUEST_TIMEOUT_MS (default 120 s): the time a client has to send a whole request, body included. */
export function requestTimeoutMs(): number {
  const value = Number(process.env.REQUEST_TIMEOUT_MS ?? 120_000);
  return Number.isFinite(value) && value > 0 ? value : 120_000;
}

/**
 * A client that sends its body a byte at a time would hold a connection (and a parser's memory) for
 * ever: Node answers 408 and closes once the whole request has not arrived in time. Node checks
 * every connectionsCheckingInterval, read when the server starts listening, hence set here, before.
 */
export function limitRequestTime(strapi: Core.Strapi) {
  const server = strapi.server.httpServer as any;
  const timeout = requestTimeoutMs();
  server.requestTimeout = timeout;
  server.headersTimeout = Math.min(server.headersTimeout ?? timeout, timeout);
  server.connectionsCheckingInterval = Math.min(30_000, Math.max(250, Math.floor(timeout / 4)));
}
