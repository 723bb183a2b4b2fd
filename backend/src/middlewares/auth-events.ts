import type { Core } from '@strapi/strapi';
import { writeAudit } from '../audit/writer';

const USER = 'plugin::users-permissions.user';

/**
 * Around POST /api/auth/local: a success stamps the user's lastAccess and records a login;
 * a failure records login_failed with the identifier that was tried.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: any, next: () => Promise<void>) => {
    if (ctx.method !== 'POST' || ctx.path !== '/api/auth/local') return next();
    const identifier = typeof ctx.request.body?.identifier === 'string' ? ctx.request.body.identifier : undefined;
    try {
      await next();
    } catch (error) {
      // A refused login is thrown by the controller and answered by strapi::errors further out.
      // When the identifier names an account, the entry says whose account was tried.
      const target = identifier
        ? await strapi.db.query(USER).findOne({
            where: { $or: [{ email: identifier.toLowerCase() }, { username: identifier }] },
            populate: ['role'],
          })
        : null;
      await writeAudit(strapi, {
        action: 'login_failed',
        module: 'auth',
        resourceType: 'user',
        resourceId: target?.id,
        resourceLabel: target?.username,
        userName: identifier?.slice(0, 200),
        ip: ctx.request.ip,
      });
      throw error;
    }
    if (ctx.status === 200 && ctx.body?.user?.id) {
      const id = ctx.body.user.id;
      const user = await strapi.db.query(USER).update({ where: { id }, data: { lastAccess: new Date() }, populate: ['role'] });
      await writeAudit(strapi, { action: 'login', module: 'auth', resourceType: 'user', resourceId: id, resourceLabel: user?.username, user, ip: ctx.request.ip });
    }
  };
