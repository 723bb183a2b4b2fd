import type { Core } from '@strapi/strapi';
import { ensureSettings, registerRegistrationSync } from './rules/settings-row';

/** The settings single type: created with the defaults at start; a write is read at once by every rule. */
export default {
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureSettings(strapi);
    registerRegistrationSync(strapi);
  },
};
