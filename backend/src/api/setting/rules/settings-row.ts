import type { Core } from '@strapi/strapi';
import { DEFAULT_SETTINGS, type Settings } from '@mamoudzou/domain/settings';
import { settingService } from '../../../utils/services';

const SETTING = 'api::setting.setting';

/** The settings' « Catégories de signalement » before they were the report types: a list of names, none of which a form used. */
const FORMER_DEFAULT_CATEGORIES = ['Voirie', 'Éclairage public', 'Propreté', 'Espaces verts', 'Sécurité', 'Transport', 'Autre'];

/**
 * The report types from a list of names kept before: the default types, then the names an
 * administrator had added (as types without sub-types), so that nothing typed there is lost.
 */
export function reportCategoriesFromNames(names: unknown[]): Settings['signalementCategories'] {
  const categories = DEFAULT_SETTINGS.signalementCategories.map((c) => ({ name: c.name, subTypes: [...c.subTypes] }));
  for (const name of names) {
    if (typeof name !== 'string' || !name.trim() || FORMER_DEFAULT_CATEGORIES.includes(name)) continue;
    if (!categories.some((c) => c.name.toLocaleLowerCase('fr') === name.trim().toLocaleLowerCase('fr'))) categories.push({ name: name.trim(), subTypes: [] });
  }
  return categories;
}

/** The settings single type always exists, with the defaults of domain/settings.ts; categories kept as names become report types. */
export async function ensureSettings(strapi: Core.Strapi) {
  const existing = await strapi.documents(SETTING).findFirst();
  let settings = existing ?? (await strapi.documents(SETTING).create({ data: { ...DEFAULT_SETTINGS } as any }));
  const stored = (settings as any).signalementCategories;
  if (!Array.isArray(stored) || stored.some((c: unknown) => typeof c === 'string')) {
    const signalementCategories = reportCategoriesFromNames(Array.isArray(stored) ? stored : []);
    settings = (await strapi.documents(SETTING).update({ documentId: settings.documentId, data: { signalementCategories } as any })) ?? settings;
  }
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
      // Inside a transaction (the audit's), a read before the commit would cache the old values (PostgreSQL
      // shows other connections the committed row only): forget again once it is committed.
      if (strapi.db.inTransaction()) strapi.db.transaction(({ onCommit }: any) => onCommit(() => settingService(strapi).forget()));
      await applyRegistration(strapi, Boolean(result.allowPublicRegistration));
    }
    return result;
  });
}
