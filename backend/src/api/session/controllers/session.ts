import type { Core } from '@strapi/strapi';

const USER = 'plugin::users-permissions.user';
const PRIVATE_FIELDS = ['password', 'resetPasswordToken', 'confirmationToken'];

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /api/auth/refresh-token: a valid bearer token gets a fresh one and its user; else 401. */
  async refresh(ctx: any) {
    const header: string | undefined = ctx.request.header.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!token) return ctx.unauthorized('Jeton manquant');
    const jwt = strapi.plugin('users-permissions').service('jwt');
    let payload: { id?: number };
    try {
      payload = await jwt.verify(token);
    } catch {
      return ctx.unauthorized('Jeton invalide ou expiré');
    }
    const user = payload?.id ? await strapi.db.query(USER).findOne({ where: { id: payload.id }, populate: ['role'] }) : null;
    if (!user || user.blocked) return ctx.unauthorized('Jeton invalide ou expiré');
    for (const field of PRIVATE_FIELDS) delete user[field];
    ctx.body = { jwt: jwt.issue({ id: user.id }), user };
  },
});
