import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::event.event', ({ strapi }) => ({
  /** GET /api/events/stats: figures a count of records cannot give (the number of categories in use). */
  async stats(ctx: any) {
    ctx.body = await strapi.service('api::event.event').stats();
  },
}));
