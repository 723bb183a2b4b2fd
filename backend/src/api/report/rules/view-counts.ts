import { errors } from '@strapi/utils';
import { coded } from '@mamoudzou/domain/errors';
import type { Core } from '@strapi/strapi';
import { requestedSearch, withSearch } from '../../../search/search-text';

const REPORT = 'api::report.report';
/** More than a list has tabs: the call stays a handful of counts. */
export const MAX_VIEWS = 8;
const VIEW_ID = /^[a-zA-Z][\w-]{0,39}$/;

type Filters = Record<string, unknown>;
const isObject = (value: unknown): value is Filters => !!value && typeof value === 'object' && !Array.isArray(value);

/** `views[<id>][...]` of the query: each view's own filters (a tab's saved filter; none for « Tous »). */
export function viewsOf(raw: unknown): [string, Filters][] {
  const views = raw === undefined ? undefined : isObject(raw) ? Object.entries(raw) : null;
  if (!views || views.length === 0 || views.length > MAX_VIEWS || views.some(([id, filter]) => !VIEW_ID.test(id) || (filter !== '' && !isObject(filter)))) {
    throw new errors.ValidationError(`views : de 1 à ${MAX_VIEWS} vues attendues (views[nom][champ]=valeur)`, coded('invalid_request'));
  }
  return views.map(([id, filter]) => [id, isObject(filter) ? filter : {}]);
}

/** The list's filters and a view's, both to be met: a key they share is kept twice under $and. */
export function withView(base: Filters, view: Filters): Filters {
  const merged: Filters = structuredClone(base);
  const both: Filters[] = [];
  for (const [key, value] of Object.entries(structuredClone(view))) {
    if (key in merged) both.push({ [key]: value });
    else merged[key] = value;
  }
  if (both.length) merged.$and = [...(Array.isArray(merged.$and) ? merged.$and : isObject(merged.$and) ? Object.values(merged.$and) : []), ...both];
  return merged;
}

/** How many reports the (validated and sanitised) filters and the request's search match. */
export async function countReports(strapi: Core.Strapi, filters: Filters | undefined): Promise<number> {
  const search = requestedSearch(strapi, REPORT);
  const where = filters && Object.keys(filters).length ? filters : {};
  return Number(await strapi.db.query(REPORT).count({ where: search ? withSearch(where, search) : where }));
}
