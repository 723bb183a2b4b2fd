import type { Core } from '@strapi/strapi';
import { sessionService } from '../utils/services';

const USER = 'plugin::users-permissions.user';

/**
 * Blocking, suspending or deleting an account, or setting its password, ends all its sessions at
 * once (its tokens stop working and its sockets are closed); a new role closes its sockets, which
 * reconnect with what the new role may read.
 */
export function registerSessionRevocation(strapi: Core.Strapi) {
  strapi.db.lifecycles.subscribe({
    models: [USER],
    async afterUpdate(event: any) {
      const data = event.params?.data ?? {};
      const id: number | undefined = event.result?.id ?? event.params?.where?.id;
      if (!id) return;
      const locked = data.blocked === true || (data.status !== undefined && data.status !== 'actif');
      if (locked || data.password !== undefined) await sessionService(strapi).endAllOf(id);
      else if (data.role !== undefined) strapi.eventHub.emit('user.role-changed', { userId: id });
    },
    async afterDelete(event: any) {
      const id: number | undefined = event.result?.id ?? event.params?.where?.id;
      if (id) await sessionService(strapi).endAllOf(id);
    },
  });
}
