import type { Core } from '@strapi/strapi';
import { bearerToken, sessionService } from '../../../utils/services';
import { coded } from '@mamoudzou/domain/errors';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * GET /api/auth/refresh-token: a live session's token is exchanged for a new one (the old one stops
   * working) with its user; the new token expires with the session at the latest. Else 401.
   */
  async refresh(ctx: any) {
    const token = bearerToken(ctx.request.header.authorization);
    if (!token) return ctx.unauthorized('Jeton manquant', coded('session_ended'));
    const rotated = await sessionService(strapi).rotate(token);
    if (!rotated) return ctx.unauthorized('Session expirée ou terminée : reconnectez-vous.', coded('session_ended'));
    ctx.body = rotated;
  },

  /** POST /api/auth/logout: ends the session of the bearer token (it stops working at once). */
  async logout(ctx: any) {
    const token = bearerToken(ctx.request.header.authorization);
    if (!token) return ctx.unauthorized('Jeton manquant', coded('session_ended'));
    const sessions = sessionService(strapi);
    let sessionId: string;
    try {
      ({ sessionId } = await sessions.verify(token, { touch: false }));
    } catch {
      return ctx.unauthorized('Session déjà terminée', coded('session_ended'));
    }
    await sessions.end(sessionId);
    ctx.status = 204;
  },
});
