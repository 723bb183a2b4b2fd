import type { Core } from '@strapi/strapi';
import { DEFAULT_SETTINGS } from '@mamoudzou/domain/settings';
import { settingService } from '../../../utils/services';

const SETTING = 'api::setting.setting';

/** The settings single type always exists, with the specification's defaults. */
export async function ensureSettings(strapi: Core.Strapi) {
  const existing = await strapi.documents(SETTING).findFirst();
  const settings = existing ?? (await strapi.documents(SETTING).create({ data: { ...DEFAULT_SETTINGS } as any }));
  await applyRegistration(strapi, Boolean(settings.allowPublicRegistration));
}

/** users-permissions' own "allow register" switch follows the settings' allowPublicRegistration. */
async function applyRegistration(strapi: Core.Strapi, allowed: boolean) {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = ((await store.get({ key: 'advanced' })) ?? {}) as Record<string, unknown>;
  if (advanced.allow_register !== allowed || advanced.default_role !== 'authenticated') {
    await store.set({ key: 'advanced', value: { ...advanced, allow_register: allowed, default_role: 'authenticated' } });
  }
}

/** After a settings write: the rules read the new values at once, and registration follows its switch. */
export function registerRegistrationSync(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    const result: any = await next();
    if (context.uid === SETTING && (context.action === 'update' || context.action === 'create') && result) {
      settingService(strapi).forget();
      await applyRegistration(strapi, Boolean(result.allowPublicRegistration));
    }
    return result;
  });
}
