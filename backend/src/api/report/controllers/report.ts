import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';

const isDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

export default factories.createCoreController('api::report.report', ({ strapi }) => ({
  /** GET /api/reports/stats?from=&to=: aggregate figures over every report (optionally a creation range). */
  async stats(ctx: any) {
    const { from, to } = ctx.query ?? {};
    for (const [name, value] of Object.entries({ from, to })) {
      if (value !== undefined && !isDate(value)) throw new errors.ValidationError(`${name} : date invalide`);
    }
    ctx.body = await strapi.service('api::report.report').stats({ from, to });
  },
}));
