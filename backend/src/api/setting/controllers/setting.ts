import { factories } from '@strapi/strapi';
import { DEFAULT_SETTINGS } from '@mamoudzou/domain/settings';

export const PUBLIC_SETTING_FIELDS = ['siteName', 'siteDescription', 'allowPublicRegistration', 'maintenanceMode', 'maintenanceMessage'] as const;

export default factories.createCoreController('api::setting.setting', ({ strapi }) => ({
  /** GET /api/setting/public: the few settings the login page shows, to anyone. */
  async public(ctx: any) {
    const settings: Record<string, unknown> = (await strapi.documents('api::setting.setting').findFirst()) ?? {};
    ctx.body = {
      data: Object.fromEntries(PUBLIC_SETTING_FIELDS.map((field) => [field, settings[field] ?? DEFAULT_SETTINGS[field]])),
    };
  },
}));
