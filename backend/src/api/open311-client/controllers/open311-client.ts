import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CITIZEN_PAGE_CLIENT_NAME } from '@mamoudzou/domain/citizen-page';
import { now } from '../../../utils/clock';
import { coded } from '@mamoudzou/domain/errors';

const CLIENT = 'api::open311-client.open311-client';

const refuse = (message: string) => new errors.ValidationError(message, coded('invalid_value', { errors: [{ path: ['name'], message, name: 'ValidationError', code: 'invalid_value' }] }));

/**
 * /api/open311-clients (administrators): the applications that file reports through Open311. POST
 * answers the key once (`apiKey`); GET never shows one; DELETE revokes the key, keeping the client
 * named on the reports it filed.
 */
export default factories.createCoreController(CLIENT, ({ strapi }) => ({
  async create(ctx: any) {
    const data = ctx.request.body?.data ?? {};
    // The citizens' page's client: its key stays on the server (the page files through its own route), so none is shown.
    if (data.page === true) {
      const service = strapi.service(CLIENT) as any;
      if (await service.pageClient()) throw refuse('La page des citoyens est déjà ouverte : fermez-la avant d’en ouvrir une autre.');
      const { client } = await service.issue(typeof data.name === 'string' && data.name.trim() ? data.name.trim().slice(0, 80) : CITIZEN_PAGE_CLIENT_NAME, undefined, { page: true });
      const { keyHash: _hash, ...shown } = client;
      ctx.status = 201;
      ctx.body = { data: shown, meta: {} };
      return;
    }
    const name = data.name;
    if (typeof name !== 'string' || !name.trim()) throw refuse('Le nom du client est requis');
    if (name.trim().length > 80) throw refuse('Le nom du client : au plus 80 caractères');
    const { client, key } = await (strapi.service(CLIENT) as any).issue(name.trim());
    const { keyHash: _hash, ...shown } = client;
    ctx.status = 201;
    ctx.body = { data: { ...shown, apiKey: key }, meta: {} };
  },

  async find(ctx: any) {
    ctx.query = { ...ctx.query, sort: ctx.query?.sort ?? ['createdAt:desc'] };
    return super.find(ctx);
  },

  /** Revokes: the key stops working at once; the client stays, as reports name it. */
  async delete(ctx: any) {
    const { id } = ctx.params;
    const client = await strapi.documents(CLIENT).findOne({ documentId: id });
    if (!client) return ctx.notFound('Client Open311 introuvable', coded('not_found'));
    const revoked = client.revokedAt ? client : await strapi.documents(CLIENT).update({ documentId: id, data: { revokedAt: new Date(now()) } as any });
    const { keyHash: _hash, ...shown } = revoked as any;
    ctx.body = { data: shown, meta: {} };
  },
}));
