import type { Core } from '@strapi/strapi';
import { normalizeSearchText } from '@mamoudzou/domain/search';
import { SEARCHABLE } from '../search/search-text';

/**
 * `search=` on a list call (GET /api/reports?search=kaweni, /api/reports/in-area, /api/reports/counts, /api/users, /api/users/count): taken out of
 * the query Strapi validates, normalised, and kept for the request, where the search-text filter of
 * that collection's queries reads it (backend/src/search/search-text.ts).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const routes = new Map<string, string>();
  for (const uid of Object.keys(SEARCHABLE)) {
    const contentType = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as { info?: { pluralName?: string } } | undefined;
    if (uid === 'plugin::users-permissions.user') {
      routes.set('/api/users', uid);
      routes.set('/api/users/count', uid);
    } else if (contentType?.info?.pluralName) {
      routes.set(`/api/${contentType.info.pluralName}`, uid);
      // The map of a list searches like the list (GET /api/reports/in-area).
      routes.set(`/api/${contentType.info.pluralName}/in-area`, uid);
      // Its export streams what the list shows (GET /api/reports/export).
      routes.set(`/api/${contentType.info.pluralName}/export`, uid);
      // Its tabs count what the list shows (GET /api/reports/counts).
      routes.set(`/api/${contentType.info.pluralName}/counts`, uid);
    }
  }
  return async (ctx: any, next: () => Promise<void>) => {
    if (ctx.method === 'GET' && ctx.query && 'search' in ctx.query) {
      const raw = ctx.query.search;
      delete ctx.query.search;
      const uid = routes.get(String(ctx.path).toLowerCase().replace(/\/+$/, ''));
      const text = typeof raw === 'string' ? normalizeSearchText(raw) : '';
      if (uid && text) ctx.state.search = { uid, text };
    }
    await next();
  };
};
