import type { Core } from '@strapi/strapi';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: any) {
    ctx.body = { data: await strapi.service('api::role-matrix.role-matrix').matrix() };
  },
});
