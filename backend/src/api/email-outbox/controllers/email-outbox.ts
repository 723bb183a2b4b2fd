import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { outboxService } from '../../../utils/services';
import { coded } from '@mamoudzou/domain/errors';

const UID = 'api::email-outbox.email-outbox';

export default factories.createCoreController(UID, ({ strapi }) => ({
  /** GET /api/email-outbox/stats: how many mails are queued, being sent, sent and failed. */
  async stats(ctx: any) {
    ctx.body = { data: await outboxService(strapi).stats() };
  },

  /** POST /api/email-outbox/:id/resend: a failed mail goes back to the queue, its tries counted anew. */
  async resend(ctx: any) {
    const row = await outboxService(strapi).resend(String(ctx.params.id));
    if (row === 'not-found') throw new errors.NotFoundError('E-mail introuvable', coded('not_found'));
    if (row === 'not-failed') throw new errors.ApplicationError("Seul un e-mail en échec ou dont l'envoi n'a pas été confirmé peut être renvoyé : celui-ci est déjà dans la file d'envoi ou a été envoyé.", coded('conflict'));
    const self = this as any;
    ctx.body = await self.transformResponse(await self.sanitizeOutput(row, ctx));
  },
}));
