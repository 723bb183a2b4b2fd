import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { isInlineImage } from '../uploads/file-rules';

/**
 * Stored files are served from /uploads: an image of an allowed type shows inline; anything else is
 * a download (Content-Disposition: attachment), so that no stored file ever runs as a page of this
 * origin; and no stored file may run scripts or load anything (sandboxed CSP).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const uploadsDir = path.join(strapi.dirs.static.public, 'uploads') + path.sep;
  return async (ctx: any, next: () => Promise<void>) => {
    await next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    const servedFile: unknown = ctx.body?.path;
    let requested: string;
    try {
      requested = path.posix.normalize(decodeURIComponent(ctx.path)).toLowerCase();
    } catch {
      return;
    }
    const fromUploads = (typeof servedFile === 'string' && path.resolve(servedFile).startsWith(uploadsDir)) || requested.startsWith('/uploads/');
    if (!fromUploads || ctx.status >= 300) return;
    const name = typeof servedFile === 'string' ? path.basename(servedFile) : path.posix.basename(requested);
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (!isInlineImage(name)) ctx.attachment(name);
  };
};
