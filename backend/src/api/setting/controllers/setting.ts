import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { DEFAULT_SETTINGS, mayChangeSetting, mayReadSetting, type SettingName } from '@mamoudzou/domain/settings';
import type { RoleRef } from '@mamoudzou/domain/permissions';
import { checkSettingsUpdate, unknownRolesMessage } from '@mamoudzou/domain/settings-schema';
import { smsProvider, SMS_UNAVAILABLE } from '../../../notifications/sms';
import { currentSettings } from '../../../utils/services';
import { coded } from '@mamoudzou/domain/errors';

const SETTING = 'api::setting.setting';
export const PUBLIC_SETTING_FIELDS = ['siteName', 'siteDescription', 'allowPublicRegistration', 'maintenanceMode', 'maintenanceMessage'] as const;

const roleOf = (ctx: any): RoleRef => ctx.state.user?.role;
/** Two values of one setting are the same (an empty text and none are). */
const same = (a: unknown, b: unknown) => JSON.stringify(a === '' ? null : (a ?? null)) === JSON.stringify(b === '' ? null : (b ?? null));

/** A secret (the map API key) is read only by the roles that may change it. */
function forReader(body: any, ctx: any) {
  if (!body?.data) return body;
  const data = { ...body.data };
  for (const field of Object.keys(data)) if (field in DEFAULT_SETTINGS && !mayReadSetting(roleOf(ctx), field as SettingName)) delete data[field];
  return { ...body, data };
}

export default factories.createCoreController(SETTING, ({ strapi }) => ({
  /** GET /api/setting/public: the few settings the login page shows, to anyone. */
  async public(ctx: any) {
    const settings: Record<string, unknown> = (await strapi.documents(SETTING).findFirst()) ?? {};
    ctx.body = {
      data: Object.fromEntries(PUBLIC_SETTING_FIELDS.map((field) => [field, settings[field] ?? DEFAULT_SETTINGS[field]])),
      // The login page offers the demo accounts only where they can log in: production refuses their passwords.
      meta: { demoAccounts: process.env.NODE_ENV !== 'production' },
    };
  },

  /** POST /api/setting/reset: the defaults of domain/settings.ts, written as one update (audited like any save). */
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
   * bounds; no .html, .svg or .js file types); a field is changed only by a role that may edit its
   * tab's module (domain/settings.ts SETTINGS_TABS); unchanged values may be sent back by anyone.
   */
  async update(ctx: any) {
    const data = ctx.request.body?.data;
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new errors.ValidationError('Missing "data" payload in the request body');
    const check = checkSettingsUpdate(data);
    if (!check.ok) {
      throw new errors.ValidationError(
        check.message,
        coded('invalid_value', { errors: check.issues.map((issue) => ({ path: issue.path, message: issue.message, name: 'ValidationError', code: 'invalid_value' })) }),
      );
    }
    const current = await currentSettings(strapi);
    const refused = (Object.keys(check.data) as SettingName[]).filter(
      (field) => !mayChangeSetting(roleOf(ctx), field) && !same((check.data as any)[field], current[field]),
    );
    if (refused.length > 0) {
      throw new errors.PolicyError(`Votre rôle ne permet pas de modifier ces paramètres : ${refused.join(', ')}`, coded('forbidden_field', { fields: refused }));
    }
    if (check.data.smsNotifications === true && !current.smsNotifications && !smsProvider()) {
      throw new errors.ValidationError(SMS_UNAVAILABLE, coded('invalid_value', { errors: [{ path: ['smsNotifications'], message: SMS_UNAVAILABLE, name: 'ValidationError', code: 'invalid_value' }] }));
    }
    // The roles told of a late report must exist (their names are what the roles list shows).
    if (check.data.slaEscalationRoles) {
      const known = new Set(((await strapi.db.query('plugin::users-permissions.role').findMany({ select: ['name'] })) as { name: string }[]).map((r) => r.name));
      const unknown = check.data.slaEscalationRoles.filter((name) => !known.has(name));
      if (unknown.length > 0) {
        const message = unknownRolesMessage(unknown);
        throw new errors.ValidationError(message, coded('invalid_value', { errors: [{ path: ['slaEscalationRoles'], message, name: 'ValidationError', code: 'invalid_value' }] }));
      }
    }
    // The type → service table follows the types: a removed type's row goes with it.
    if (check.data.reportTypeServices) {
      const types = new Set((check.data.signalementCategories ?? current.signalementCategories).map((c) => c.name));
      check.data.reportTypeServices = Object.fromEntries(Object.entries(check.data.reportTypeServices).filter(([type]) => types.has(type)));
    }
    ctx.request.body = { data: check.data };
    return forReader(await super.update(ctx), ctx);
  },
}));
