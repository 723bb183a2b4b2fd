import { fieldCode, frameworkCode } from '../validation/framework-errors';

type Item = { path?: unknown; message?: unknown; code?: unknown; params?: unknown };

/**
 * Every refusal of the API leaves with a code (`error.details.code`, domain/errors.ts): the backend's own carry
 * theirs from where they are thrown; the frameworks' (Strapi's validation, users-permissions) get theirs here,
 * and each field of a refused body its own, so that the SPA chooses its French words by code and status.
 */
export default () => async (ctx: any, next: () => Promise<void>) => {
  await next();
  const error = ctx.body && typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body) ? ctx.body.error : undefined;
  if (!error || typeof error !== 'object' || !String(ctx.path).startsWith('/api/')) return;
  const details = error.details && typeof error.details === 'object' ? error.details : (error.details = {});
  if (details.code === undefined) {
    const code = frameworkCode(error);
    if (code) details.code = code;
  }
  if (Array.isArray(details.errors)) {
    for (const item of details.errors as Item[]) {
      if (!item || typeof item !== 'object' || item.code !== undefined) continue;
      const { code, params } = fieldCode(String(item.message ?? ''));
      item.code = code;
      if (params) item.params = params;
    }
  }
};
