import type { Core } from '@strapi/strapi';
import { bearerToken, sessionService } from '../../../utils/services';
import { coded } from '@mamoudzou/domain/errors';

/** Said to the person whose open session ended because an administrator changed their account. */
const ACCOUNT_ENDED = {
  suspended: { code: 'account_suspended', message: 'Votre compte a été suspendu : votre session est terminée. Adressez-vous à un administrateur de la mairie.' },
  deactivated: { code: 'account_deactivated', message: 'Votre compte a été désactivé : votre session est terminée. Adressez-vous à un administrateur de la mairie.' },
} as const;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * GET /api/auth/refresh-token: a live session's token is exchanged for a new one (the old one stops
   * working) with its user; the new token expires with the session at the latest. Else 401.
   */
  async refresh(ctx: any) {
    const token = bearerToken(ctx.request.header.authorization);
    if (!token) return ctx.unauthorized('Jeton manquant', coded('session_ended'));
    const sessions = sessionService(strapi);
    const rotated = await sessions.rotate(token);
    if (!rotated) {
      const ended = await sessions.accountEnded(token);
      if (!ended) return ctx.unauthorized('Session expirée ou terminée : reconnectez-vous.', coded('session_ended'));
      const { code, message } = ACCOUNT_ENDED[ended];
      ctx.status = 401;
      ctx.body = { data: null, error: { status: 401, name: 'UnauthorizedError', message, details: coded(code) } };
      return;
    }
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
