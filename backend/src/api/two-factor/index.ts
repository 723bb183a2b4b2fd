import type { Core } from '@strapi/strapi';

const USER = 'plugin::users-permissions.user';

/** A deleted account's two-factor (its encrypted key, its hashed recovery codes) goes with it. */
export default {
  bootstrap({ strapi }: { strapi: Core.Strapi }) {
    strapi.db.lifecycles.subscribe({
      models: [USER],
      async afterDelete(event: any) {
        const id: number | undefined = event.result?.id ?? event.params?.where?.id;
        if (id) await strapi.db.query('api::two-factor.two-factor' as any).deleteMany({ where: { userId: id } });
      },
    });
  },
};
