import { factories } from '@strapi/strapi';
import { importBatch } from '../../../import/batch-import';

const UID = 'api::poi.poi';

export default factories.createCoreController(UID, ({ strapi }) => ({
  /** GET /api/pois/stats: figures over every point of interest (total, statuses, categories, mean rating). */
  async stats(ctx: any) {
    ctx.body = await strapi.service(UID).stats();
  },

  /** POST /api/pois/import { data: [rows] }: one batch of a CSV import, all or nothing (src/import). */
  async import(ctx: any) {
    ctx.body = { data: await importBatch(strapi, UID, ctx.request.body, this as any, ctx) };
  },
}));
