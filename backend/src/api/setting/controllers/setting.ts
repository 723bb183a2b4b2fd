import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isAdmin } from '@mamoudzou/domain/permissions';
import { ADMIN_ONLY_SETTINGS, ADMIN_READ_SETTINGS, DEFAULT_SETTINGS } from '@mamoudzou/domain/settings';
import { checkSettingsUpdate } from '@mamoudzou/domain/settings-schema';
import { currentSettings } from '../services/setting';

const SETTING = 'api::setting.setting';
export const PUBLIC_SETTING_FIELDS = ['siteName', 'siteDescription', 'allowPublicRegistration', 'maintenanceMode', 'maintenanceMessage'] as const;

const isAdministrator = (ctx: any) => isAdmin(ctx.state.user?.role?.name);
/** Two values of one setting are the same (an empty text and none are). */
const same = (a: unknown, b: unknown) => JSON.stringify(a === '' ? null : (a ?? null)) === JSON.stringify(b === '' ? null : (b ?? null));

/** The map API key is an administrator's to read. */
function forReader(body: any, ctx: any) {
  if (isAdministrator(ctx) || !body?.data) return body;
  const data = { ...body.data };
  for (const field of ADMIN_READ_SETTINGS) delete data[field];
  return { ...body, data };
}

export default factories.createCoreController(SETTING, ({ strapi }) => ({
  /** GET /api/setting/public: the few settings the login page shows, to anyone. */
  async public(ctx: any) {
    const settings: Record<string, unknown> = (await strapi.documents(SETTING).findFirst()) ?? {};
    ctx.body = {
      data: Object.fromEntries(PUBLIC_SETTING_FIELDS.map((field) => [field, settings[field] ?? DEFAULT_SETTINGS[field]])),
    };
  },

  /** POST /api/setting/reset: the specification's defaults (domain/settings.ts), written as one update (audited like any save). */
  async reset(ctx: any) {
    const existing = await strapi.documents(SETTING).findFirst();
    const data = { ...DEFAULT_SETTINGS } as any;
    const saved = existing
      ? await strapi.documents(SETTING).update({ documentId: existing.documentId, data })
      : await strapi.documents(SETTING).create({ data });
    ctx.body = forReader({ data: saved, meta: {} }, ctx);
  },

  async find(ctx: any) {
    return forReader(await super.find(ctx), ctx);
  },

  /**
   * PUT /api/setting: every field is checked by the settings schema shared with the SPA (shape and
   * bounds; no .html, .svg or .js file types); the Sécurité, Intégrations and Maintenance settings
   * are administrators' (an Editor may send them back unchanged).
   */
  async update(ctx: any) {
    const data = ctx.request.body?.data;
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new errors.ValidationError('Missing "data" payload in the request body');
    const check = checkSettingsUpdate(data);
    if (!check.ok) {
      throw new errors.ValidationError(check.message, {
        errors: check.issues.map((issue) => ({ path: issue.path, message: issue.message, name: 'ValidationError' })),
      });
    }
    if (!isAdministrator(ctx)) {
      const current = await currentSettings(strapi);
      const changed = ADMIN_ONLY_SETTINGS.filter((field) => field in check.data && !same((check.data as any)[field], current[field]));
      if (changed.length > 0) {
        throw new errors.PolicyError(`Seuls les administrateurs modifient ces paramètres : ${changed.join(', ')}`, { fields: changed });
      }
    }
    ctx.request.body = { data: check.data };
    return forReader(await super.update(ctx), ctx);
  },
}));
