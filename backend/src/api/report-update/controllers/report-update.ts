import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { fieldRefusal } from '../../../validation/refusal';
import { coded } from '@mamoudzou/domain/errors';

const UPDATE = 'api::report-update.report-update';
const REPORT = 'api::report.report';
const MAX = 4000;


/**
 * /api/report-updates: a report's timeline. GET lists it (filters[report][$eq]=<documentId>, oldest
 * first); POST is what staff write: a public reply to the citizen (`public: true`) or an internal note.
 * The backend's own lines (receipt, status changes, assignments) are written by the report's rules.
 */
export default factories.createCoreController(UPDATE, ({ strapi }) => ({
  async find(ctx: any) {
    ctx.query = { ...ctx.query, sort: ctx.query?.sort ?? ['createdAt:asc', 'id:asc'] };
    return super.find(ctx);
  },

  async create(ctx: any) {
    const data = ctx.request.body?.data;
    if (!data || typeof data !== 'object') throw new errors.ValidationError('Missing "data" payload in the request body');
    const report = typeof data.report === 'string' ? data.report : '';
    const text = typeof data.text === 'string' ? data.text.trim() : '';
    if (!report) throw fieldRefusal('report', 'Le signalement est requis');
    if (!text) throw fieldRefusal('text', 'Le texte est requis');
    if (text.length > MAX) throw fieldRefusal('text', `Au plus ${MAX} caractères`);
    if (data.public !== undefined && typeof data.public !== 'boolean') throw fieldRefusal('public', 'Public : oui ou non attendu');
    if (!(await strapi.db.query(REPORT).findOne({ where: { documentId: report }, select: ['id'] }))) return ctx.notFound('Signalement introuvable', coded('not_found'));
    const user = ctx.state.user;
    const isPublic = data.public === true;
    const created = await strapi.documents(UPDATE).create({
      data: {
        report,
        kind: isPublic ? 'reply' : 'note',
        public: isPublic,
        text,
        authorId: user?.id ?? null,
        authorName: user?.username ?? user?.email ?? null,
      } as any,
    });
    await (strapi.service(UPDATE) as unknown as { announce(line: Record<string, unknown>): Promise<void> }).announce({ ...created, report });
    ctx.status = 201;
    ctx.body = { data: created, meta: {} };
  },
}));
