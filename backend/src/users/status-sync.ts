import type { Core } from '@strapi/strapi';

/**
 * A suspended or inactive account is blocked (users-permissions then refuses its logins and tokens);
 * setting it back to actif unblocks it.
 */
export function registerUserStatusSync(strapi: Core.Strapi) {
  const sync = (event: any) => {
    const data = event.params?.data;
    if (!data || data.status === undefined) return;
    data.blocked = data.status !== 'actif';
  };
  strapi.db.lifecycles.subscribe({
    models: ['plugin::users-permissions.user'],
    beforeCreate: sync,
    beforeUpdate: sync,
  });
}
