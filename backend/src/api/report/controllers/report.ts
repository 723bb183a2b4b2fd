import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { reportsInArea } from '../../../reports/area';
import { withLiveSla } from '../../../reports/sla';

const isDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** Every answer carrying reports gives open ones their live SLA status. */
function liveSla(body: any) {
  if (!body?.data) return body;
  const data = Array.isArray(body.data) ? body.data.map((r: any) => withLiveSla(r)) : withLiveSla(body.data);
  return { ...body, data };
}

export default factories.createCoreController('api::report.report', ({ strapi }) => ({
  async find(ctx: any) {
    return liveSla(await super.find(ctx));
  },
  async findOne(ctx: any) {
    return liveSla(await super.findOne(ctx));
  },
  async create(ctx: any) {
    return liveSla(await super.create(ctx));
  },
  async update(ctx: any) {
    return liveSla(await super.update(ctx));
  },

  /** GET /api/reports/stats?from=&to=: aggregate figures over every report (optionally a creation range). */
  async stats(ctx: any) {
    const { from, to } = ctx.query ?? {};
    for (const [name, value] of Object.entries({ from, to })) {
      if (value !== undefined && !isDate(value)) throw new errors.ValidationError(`${name} : date invalide`);
    }
    ctx.body = await strapi.service('api::report.report').stats({ from, to });
  },

  /**
   * GET /api/reports/in-area?south=&west=&north=&east=&filters[...]&search=: the reports of the map's
   * visible area matching the list's filters, with only what a marker needs; above the cap, groups.
   */
  async inArea(ctx: any) {
    const controller = this as any;
    await controller.validateQuery(ctx);
    const { filters } = (await controller.sanitizeQuery(ctx)) as { filters?: Record<string, unknown> };
    ctx.body = await reportsInArea(strapi, ctx.query ?? {}, filters);
  },
}));
