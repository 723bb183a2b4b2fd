import type { Core } from '@strapi/strapi';
import { roleMatrix } from '../../../users/role-matrix';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: any) {
    ctx.body = { data: await roleMatrix(strapi) };
  },
});
