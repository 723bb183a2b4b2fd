import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { reportsInArea } from '../rules/area';
import { exportReports } from '../rules/export';
import { cachedSlaCounts, cachedStats } from '../rules/stats-cache';
import { now as clockNow } from '../../../utils/clock';
import { reportFigures } from '../rules/figures';
import { checkPeriod } from '@mamoudzou/domain/figures';
import { withLiveSla } from '../rules/sla';
import { resolveSlaFilters, slaCounts } from '../rules/sla-filters';
import { optOutOfReportEmails, optOutStatus } from '../rules/citizen-email';
import { staleChange } from '../rules/precondition';
import { writeAudit } from '../../../audit/writer';
import { followerCountOf, markDuplicate, nearbyOfReport, nearbyReports } from '../rules/duplicates';
import { moderateReport } from '../rules/moderation';
import { coded } from '@mamoudzou/domain/errors';
import { confirmedRepair } from '../rules/citizen-page';
import { countReports, viewsOf, withView } from '../rules/view-counts';

/** A refusal in Strapi's error format with its own status (409: the report changed meanwhile). */
async function answering(ctx: any, controller: any, action: () => Promise<unknown>) {
  try {
    // Sanitised as Strapi's own answers are: private fields (the followers, the opt-out) stay in.
    const document = await controller.sanitizeOutput(await action(), ctx);
    ctx.body = { data: withLiveSla(document as any), meta: {} };
  } catch (error: any) {
    if (error?.details?.status !== 409) throw error;
    ctx.status = 409;
    ctx.body = { data: null, error: { status: 409, name: 'ConflictError', message: error.message, details: coded('conflict') } };
  }
}

const isDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** What only a role that may change a report's status may set, at creation too (a new report's own status aside). */
const STATUS_FIELDS: Record<string, (value: unknown) => boolean> = {
  report_status: (value) => value === 'nouveau',
  status: (value) => value === 'nouveau' || value === 'pending',
  slaTarget: () => false,
  slaStatus: () => false,
  slaWarningAt: () => false,
  closedAt: () => false,
  firstResponseAt: () => false,
};

/** Every answer carrying reports gives open ones their live SLA status. */
function liveSla(body: any) {
  if (!body?.data) return body;
  const data = Array.isArray(body.data) ? body.data.map((r: any) => withLiveSla(r)) : withLiveSla(body.data);
  return { ...body, data };
}

/** « En retard », « Bientôt en retard » and « Mes signalements » become real conditions before Strapi reads the query. */
function withSlaFilters(ctx: any) {
  const refused = resolveSlaFilters(ctx.query ?? {}, ctx.state.user);
  if (refused) throw new errors.ValidationError(refused, coded('invalid_request'));
}

export default factories.createCoreController('api::report.report', ({ strapi }) => ({
  async find(ctx: any) {
    withSlaFilters(ctx);
    return liveSla(await super.find(ctx));
  },
  async findOne(ctx: any) {
    const answer = liveSla(await super.findOne(ctx));
    // How many citizens follow it (their report was its duplicate): a number, never their addresses.
    const id = answer?.data?.documentId;
    if (id) {
      const row = await strapi.db.query('api::report.report').findOne({ where: { documentId: id }, select: ['id', 'followers'] });
      answer.data.followerCount = followerCountOf(row?.followers);
    }
    return answer;
  },
  /** A role that may create reports but not change their status creates them new, with the SLA the backend sets. */
  async create(ctx: any) {
    const data = ctx.request.body?.data;
    if (data && typeof data === 'object' && !ctx.state.auth?.ability?.can?.('api::report.report.update')) {
      const fixed = Object.entries(STATUS_FIELDS)
        .filter(([field, initial]) => data[field] !== undefined && data[field] !== null && !initial(data[field]))
        .map(([field]) => field);
      if (fixed.length > 0) {
        throw new errors.ValidationError(`${fixed.join(', ')} : seul un rôle qui peut changer le statut d'un signalement peut le fixer`,
          coded('forbidden_field', { errors: fixed.map((field) => ({ path: [field], message: 'Réservé aux rôles qui changent le statut', name: 'ValidationError', code: 'invalid_value' })) }),
        );
      }
    }
    return liveSla(await super.create(ctx));
  },
  /** With `If-Match` (the updatedAt the client saw), a change over a newer version is refused (412), never applied. */
  async update(ctx: any) {
    const refusal = await staleChange(strapi, ctx.params.id, ctx.get('If-Match'));
    if (refusal) {
      ctx.status = 412;
      return refusal;
    }
    return liveSla(await super.update(ctx));
  },

  /**
   * GET /api/reports/stats?from=&to=&weeks[0]=&weeks[1]=…: aggregate figures over every report (optionally
   * a creation range), and with `weeks` (the starts of consecutive weeks, then the end of the last) the
   * count created within each: the dashboard's figures and its weekly chart in one call.
   */
  async stats(ctx: any) {
    const { from, to, weeks } = ctx.query ?? {};
    for (const [name, value] of Object.entries({ from, to })) {
      if (value !== undefined && !isDate(value)) throw new errors.ValidationError(`${name} : date invalide`, coded('invalid_request'));
    }
    const bounds: unknown[] = weeks === undefined ? [] : Array.isArray(weeks) ? weeks : typeof weeks === 'object' ? Object.values(weeks) : [weeks];
    if (bounds.length > 54 || bounds.length === 1 || !bounds.every(isDate)) {
      throw new errors.ValidationError('weeks : de 2 à 54 dates croissantes attendues', coded('invalid_request'));
    }
    const times = bounds.map((b) => Date.parse(String(b)));
    if (times.some((t, i) => i > 0 && t <= times[i - 1])) throw new errors.ValidationError('weeks : de 2 à 54 dates croissantes attendues', coded('invalid_request'));
    const params = { from, to, weeks: times.map((t) => new Date(t)) };
    const compute = () => strapi.service('api::report.report').stats(params) as Promise<Record<string, unknown>>;
    const [stats, sla] = await Promise.all([
      // Over every report the figures' index answers at once, each write included (even one made behind the backend);
      // a creation range is counted in the table, kept until the next write.
      from || to ? cachedStats(JSON.stringify(params), compute) : compute(),
      cachedSlaCounts(`${ctx.state.user?.id ?? ''}:${Math.floor(clockNow() / 10_000)}`, () => slaCounts(strapi as any, ctx.state.user)),
    ]);
    ctx.body = { ...stats, sla };
  },

  /**
   * GET /api/reports/figures?from=AAAA-MM-JJ&to=AAAA-MM-JJ: the figures of a period of town days and of
   * the one before it, computed at each call over every report as the database holds it (rules/figures.ts).
   */
  async figures(ctx: any) {
    const check = checkPeriod(ctx.query?.from, ctx.query?.to);
    if (!check.ok) throw new errors.ValidationError(check.message, coded('invalid_request'));
    const [figures, repair] = await Promise.all([reportFigures(strapi, check.period), confirmedRepair(strapi, check.period)]);
    ctx.body = { ...figures, confirmedRepair: repair };
  },

  /**
   * GET /api/reports/in-area?south=&west=&north=&east=&filters[...]&search=: the reports of the map's
   * visible area matching the list's filters, with only what a marker needs; above the cap, groups.
   */
  /** GET /api/reports/sources: the distinct origins of the reports, alphabetically (one index-free scan of a short column). */
  async sources(ctx: any) {
    const meta = strapi.db.metadata.get('api::report.report' as any);
    const column = (meta.attributes.source as { columnName?: string }).columnName ?? 'source';
    const rows = (await strapi.db.connection(meta.tableName).distinct(column).whereNotNull(column).orderBy(column)) as Record<string, string>[];
    ctx.body = { data: rows.map((row) => row[column]) };
  },
  /** GET /api/reports/nearby?latitude=&longitude=&type=: open reports of that type around a point being typed. */
  async nearbyPoint(ctx: any) {
    const { latitude, longitude, type } = ctx.query ?? {};
    ctx.body = { data: await nearbyReports(strapi, { latitude, longitude, type }) };
  },
  /** GET /api/reports/:id/nearby: the report's possible duplicates. */
  async nearby(ctx: any) {
    const data = await nearbyOfReport(strapi, ctx.params.id);
    if (!data) return ctx.notFound('Signalement introuvable', coded('not_found'));
    ctx.body = { data };
  },
  async duplicate(ctx: any) {
    await answering(ctx, this, () => markDuplicate(strapi, ctx.params.id, ctx.request.body ?? {}, ctx.state.user));
  },
  async moderate(ctx: any) {
    await answering(ctx, this, () => moderateReport(strapi, ctx.params.id, ctx.request.body ?? {}, ctx.state.user));
  },
  async emailOptOut(ctx: any) {
    ctx.body = await optOutOfReportEmails(strapi, ctx.request.body?.token);
  },
  async emailOptOutStatus(ctx: any) {
    ctx.body = await optOutStatus(strapi, ctx.request.body?.token);
  },
  async inArea(ctx: any) {
    withSlaFilters(ctx);
    const controller = this as any;
    await controller.validateQuery(ctx);
    const { filters } = (await controller.sanitizeQuery(ctx)) as { filters?: Record<string, unknown> };
    ctx.body = await reportsInArea(strapi, ctx.query ?? {}, filters);
  },

  /**
   * GET /api/reports/counts?filters[...]&search=&views[all]=&views[mine][mine]=true&views[late][sla]=late…: how many
   * reports each view (a tab of the list) holds under the list's filters and search, in one call rather than a
   * one-row list call per tab. Each view's query goes through the list's own steps (« mine », « en retard »,
   * validation and sanitising for the caller's role), so a count is what that tab's list would say.
   */
  async counts(ctx: any) {
    const views = viewsOf(ctx.query?.views);
    const base = ctx.query?.filters && typeof ctx.query.filters === 'object' ? ctx.query.filters : {};
    const controller = this as any;
    const counted = await Promise.all(
      views.map(async ([id, view]) => {
        // The list's steps read ctx.query: each view has a context of its own over the request's.
        const viewCtx = Object.create(ctx, { query: { value: { filters: withView(base, view) }, writable: true } });
        withSlaFilters(viewCtx);
        await controller.validateQuery(viewCtx);
        const { filters } = (await controller.sanitizeQuery(viewCtx)) as { filters?: Record<string, unknown> };
        return [id, await countReports(strapi, filters)] as const;
      }),
    );
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { data: Object.fromEntries(counted) };
  },

  /**
   * GET /api/reports/export?filters[...]&search=&sort=&fields[]: every report the list's filters and
   * search match, streamed as JSON lines (rules/export.ts); the matrix's export right (403 otherwise).
   */
  async export(ctx: any) {
    withSlaFilters(ctx);
    const controller = this as any;
    await controller.validateQuery(ctx);
    const query = (await controller.sanitizeQuery(ctx)) as { filters?: unknown; sort?: unknown; fields?: unknown };
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/x-ndjson; charset=utf-8';
    const { stream, total } = await exportReports(strapi, query);
    ctx.set('X-Total-Count', String(total));
    ctx.body = stream;
    // Citizens' names and addresses leave in bulk: who took them, and which ones, is recorded.
    await writeAudit(strapi, {
      action: 'export',
      module: 'signalements',
      resourceType: 'report',
      resourceLabel: 'Export des signalements',
      changes: { filtres: query.filters ?? null, recherche: ctx.state.search?.text ?? null },
      user: ctx.state.user,
      ip: ctx.request.ip,
    });
  },
}));
