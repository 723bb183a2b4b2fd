import { errors } from '@strapi/utils';
import { coded } from '@mamoudzou/domain/errors';

/**
 * The furthest a list may be read into. Beyond what a database's offset holds (PostgreSQL's bigint,
 * SQLite's integer), a huge `pagination[start]` failed inside the query as a 500; no list of ours
 * comes near this.
 */
export const MAX_OFFSET = 2_147_483_647;
const FIELDS = ['start', 'limit', 'page', 'pageSize'] as const;

/** What is wrong with a query's pagination, if anything: each value a whole number, the offset it asks for within MAX_OFFSET. */
export function paginationProblem(pagination: unknown): string | undefined {
  if (pagination === undefined) return undefined;
  if (pagination === null || typeof pagination !== 'object' || Array.isArray(pagination)) return 'Pagination invalide';
  const values: Partial<Record<(typeof FIELDS)[number], number>> = {};
  for (const field of FIELDS) {
    const raw = (pagination as Record<string, unknown>)[field];
    if (raw === undefined) continue;
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    // limit=-1 is Strapi's "as many as allowed" (capped by the API's maxLimit).
    const lowest = field === 'limit' ? -1 : 0;
    if (!Number.isSafeInteger(value) || value < lowest || value > MAX_OFFSET) return `Pagination invalide : ${field} doit être un nombre entier de 0 à ${MAX_OFFSET}`;
    values[field] = value;
  }
  if (values.page !== undefined && values.pageSize !== undefined && (values.page - 1) * values.pageSize > MAX_OFFSET) {
    return `Pagination invalide : la page demandée est au-delà de ${MAX_OFFSET} lignes`;
  }
  return undefined;
}

/**
 * After the query string is parsed: impossible pagination is a 400 in French, before any route reads
 * it; under `pagination`, or `start` and `limit` at the top, as users-permissions' /api/users reads them.
 */
export default () => async (ctx: any, next: () => Promise<void>) => {
  const { start, limit } = (ctx.query ?? {}) as Record<string, unknown>;
  const topLevel = start === undefined && limit === undefined ? undefined : { start, limit };
  const problem = paginationProblem(ctx.query?.pagination) ?? paginationProblem(topLevel);
  if (problem) throw new errors.ValidationError(problem, coded('invalid_request'));
  return next();
};
