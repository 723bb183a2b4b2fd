import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES, preferencesOf } from '@mamoudzou/domain/notifications';
import { NOTIFICATION_PRIORITIES } from '@mamoudzou/domain/vocabulary';
import { sendTestNotification } from '../../../notifications/notify';
import { coded } from '@mamoudzou/domain/errors';

const UID = 'api::notification.notification';
const USER = 'plugin::users-permissions.user';

/** The caller's own notification, or a 404 (never another user's, not even its existence). */
async function own(strapi: any, ctx: any) {
  const row = await strapi.db.query(UID).findOne({ where: { documentId: ctx.params.id, userId: ctx.state.user.id } });
  if (!row) throw new errors.NotFoundError('Notification introuvable', coded('not_found'));
  return row;
}

const isBoolean = (value: unknown) => typeof value === 'boolean';

/** The preferences a client sends, checked: booleans only, known keys only. */
function checkedPreferences(body: any) {
  const given = body?.data ?? body;
  if (!given || typeof given !== 'object') throw new errors.ValidationError('Préférences invalides', coded('invalid_request'));
  const result = preferencesOf({});
  for (const channel of ['email', 'push', 'inApp'] as const) {
    if (given[channel] === undefined) continue;
    if (!isBoolean(given[channel])) throw new errors.ValidationError(`${channel} : oui ou non attendu`, coded('invalid_request'));
    result[channel] = given[channel];
  }
  for (const [group, keys] of [['categories', NOTIFICATION_CATEGORIES], ['priorities', NOTIFICATION_PRIORITIES]] as const) {
    const values = given[group] ?? {};
    if (typeof values !== 'object') throw new errors.ValidationError(`${group} : objet attendu`, coded('invalid_request'));
    for (const [key, value] of Object.entries(values)) {
      if (!(keys as readonly string[]).includes(key) || !isBoolean(value)) throw new errors.ValidationError(`${group}.${key} : valeur invalide`, coded('invalid_request'));
      (result[group] as Record<string, boolean>)[key] = value as boolean;
    }
  }
  return result;
}

export default factories.createCoreController(UID, ({ strapi }) => ({
  /** GET /api/notifications: the caller's notifications, with Strapi's filters, sort and paging inside them. */
  async find(ctx: any) {
    // ctx.query is Strapi's parsed (and cached) query: the owner condition is added to it in place.
    const filters = ctx.query.filters;
    ctx.query.filters = { $and: [...(filters ? [filters] : []), { userId: { $eq: ctx.state.user.id } }] };
    return super.find(ctx);
  },

  async findOne(ctx: any) {
    await own(strapi, ctx);
    return super.findOne(ctx);
  },

  /** PUT /api/notifications/:id with { read }: marks it read (readAt now) or unread. Nothing else changes. */
  async update(ctx: any) {
    await own(strapi, ctx);
    const read = ctx.request.body?.data?.read;
    if (!isBoolean(read)) throw new errors.ValidationError('read : oui ou non attendu', coded('invalid_request'));
    const data = { read, readAt: read ? new Date() : null };
    const updated = await strapi.documents(UID).update({ documentId: ctx.params.id, data } as any);
    const self = this as any;
    return self.transformResponse(await self.sanitizeOutput(updated, ctx));
  },

  async delete(ctx: any) {
    await own(strapi, ctx);
    return super.delete(ctx);
  },

  async unreadCount(ctx: any) {
    const count = await strapi.db.query(UID).count({ where: { userId: ctx.state.user.id, read: false } });
    ctx.body = { count };
  },

  async readAll(ctx: any) {
    const result = await strapi.db.query(UID).updateMany({ where: { userId: ctx.state.user.id, read: false }, data: { read: true, readAt: new Date() } });
    ctx.body = { count: result.count };
  },

  async clear(ctx: any) {
    const result = await strapi.db.query(UID).deleteMany({ where: { userId: ctx.state.user.id } });
    ctx.body = { count: result.count };
  },

  /** POST /api/notifications/test: one test notification for the caller (the « Test » button of /notifications). */
  async test(ctx: any) {
    await sendTestNotification(strapi, ctx.state.user.id);
    ctx.status = 202;
    ctx.body = { count: 1 };
  },

  async preferences(ctx: any) {
    const user = await strapi.db.query(USER).findOne({ where: { id: ctx.state.user.id }, select: ['id', 'notificationPreferences'] });
    ctx.body = { data: preferencesOf(user?.notificationPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES) };
  },

  async updatePreferences(ctx: any) {
    const preferences = checkedPreferences(ctx.request.body);
    await strapi.db.query(USER).update({ where: { id: ctx.state.user.id }, data: { notificationPreferences: preferences } });
    ctx.body = { data: preferences };
  },
}));
