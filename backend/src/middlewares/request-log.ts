import type { Core } from '@strapi/strapi';

/**
 * One log line a request, as Strapi's own logger writes it, but with the query's values left out: a query can hold an
 * Open311 client's key (`api_key=`), what staff search for (citizens' names) or a signed link's token, and a log is
 * read by more people, and kept longer, than the data it describes. The parameters' names stay, for the diagnosis.
 */
export function loggedUrl(path: string, querystring: string): string {
  if (!querystring) return path;
  const names = querystring
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const name = pair.split('=')[0];
      try {
        return decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        return '(?)';
      }
    });
  // A name is the caller's text too: only its plain characters, and not too many of them.
  return `${path}?${names.map((name) => `${name.replace(/[^\w\[\]$.-]/g, '_').slice(0, 60)}=…`).join('&')}`;
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: any, next: () => Promise<void>) => {
    const start = Date.now();
    await next();
    strapi.log.http(`${ctx.method} ${loggedUrl(ctx.path, ctx.querystring)} (${Math.ceil(Date.now() - start)} ms) ${ctx.status}`);
  };
