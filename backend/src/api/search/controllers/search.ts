import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { coded } from '@mamoudzou/domain/errors';

const LIST = (value: unknown) => (typeof value === 'string' && value ? value.split(',').map((v) => v.trim()).filter(Boolean) : []);

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: any) {
    const { q, types, statuses, priorities, sort, order } = ctx.query ?? {};
    if (q !== undefined && typeof q !== 'string') throw new errors.ValidationError('q : texte attendu', coded('invalid_request'));
    if (sort !== undefined && !['relevance', 'date', 'title'].includes(sort)) throw new errors.ValidationError('sort : relevance, date ou title', coded('invalid_request'));
    if (order !== undefined && !['asc', 'desc'].includes(order)) throw new errors.ValidationError('order : asc ou desc', coded('invalid_request'));
    const user = ctx.state.user;
    const role = user?.role ?? (await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: user.id }, populate: ['role'] }))?.role;
    ctx.body = await strapi.service('api::search.search').search({
      q: q ?? '',
      role,
      types: LIST(types),
      statuses: LIST(statuses),
      priorities: LIST(priorities),
      sort: sort ?? 'relevance',
      order: order ?? 'desc',
    });
  },
});
