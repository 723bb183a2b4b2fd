import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { createRateLimiter } from '../../../utils/rate-limit';
import { checkedAddress, checkPasswordCode, MESSAGES, redeemPasswordCode, requestPasswordReset } from '../../../users/password-links';
import { coded } from '@mamoudzou/domain/errors';

/** Requests per client address in a quarter of an hour (FORGOT_PASSWORD_RATE_LIMIT_MAX): the form is public. */
const WINDOW_MS = 15 * 60_000;
const limit = () => Number(process.env.FORGOT_PASSWORD_RATE_LIMIT_MAX) || 10;
const requests = createRateLimiter<string>(WINDOW_MS);

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * POST /api/auth/forgot-password { email }: the same answer for every address, given before the
   * account is even looked up (the time taken tells nothing either); the mail goes through the outbox.
   */
  async forgot(ctx: any) {
    const email = checkedAddress(ctx.request.body?.email);
    if (!requests.take(ctx.request.ip, limit(), Date.now())) {
      ctx.set('Retry-After', String(WINDOW_MS / 1000));
      throw new errors.RateLimitError(MESSAGES.tooMany, coded('too_many_requests'));
    }
    setImmediate(() => requestPasswordReset(strapi, email).catch((error) => strapi.log.error(`forgot-password: ${(error as Error).message}`)));
    ctx.body = { ok: true, message: MESSAGES.accepted };
  },

  /** POST /api/auth/reset-password/check { code }: whether the link still works, before the page shows its form. */
  async check(ctx: any) {
    ctx.body = await checkPasswordCode(strapi, ctx.request.body?.code);
  },

  /** POST /api/auth/reset-password { code, password, passwordConfirmation }: sets the password once, ends every session. */
  async reset(ctx: any) {
    ctx.body = { ok: true, ...(await redeemPasswordCode(strapi, ctx.request.body ?? {}, ctx.request.ip)) };
  },
});
