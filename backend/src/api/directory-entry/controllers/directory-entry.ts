import { factories } from '@strapi/strapi';
import { importBatch } from '../../../import/batch-import';

const UID = 'api::directory-entry.directory-entry';

export default factories.createCoreController(UID, ({ strapi }) => ({
  /** POST /api/directory-entries/import { data: [rows] }: one batch of a CSV import, all or nothing (src/import). */
  async import(ctx: any) {
    ctx.body = { data: await importBatch(strapi, UID, ctx.request.body, this as any, ctx) };
  },
}));
