import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { resendInvitation } from '../../../users/password-links';
import { assertMayManage, callerOf, existingAccount } from '../../../users/rights';
import { coded } from '@mamoudzou/domain/errors';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async create(ctx: any) {
    const id = Number(ctx.request.body?.user);
    if (!Number.isInteger(id) || id <= 0) throw new errors.ValidationError('Utilisateur attendu', coded('invalid_request'));
    assertMayManage(await callerOf(strapi, ctx), await existingAccount(strapi, id), 'invite');
    await resendInvitation(strapi, id, ctx.state.user, ctx.request.ip);
    ctx.status = 202;
    ctx.body = { ok: true };
  },
});
