import type { Core } from '@strapi/strapi';

/** Events written before they had a status are published (they were shown as such). */
export default {
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await strapi.db.query('api::event.event').updateMany({ where: { status: { $null: true } }, data: { status: 'published' } });
  },
};
