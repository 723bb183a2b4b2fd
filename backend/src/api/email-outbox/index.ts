import type { Core } from '@strapi/strapi';
import { outboxService } from '../../utils/services';

/** The outbox's worker runs on every instance; claims keep each mail to one of them. */
export default {
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    outboxService(strapi).start();
  },
  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await outboxService(strapi).stop();
  },
};
