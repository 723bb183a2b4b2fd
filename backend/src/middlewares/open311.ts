import type { Core } from '@strapi/strapi';
import { open311Server } from '../open311/server';
import { citizenPageServer } from '../open311/page';

/**
 * /open311/v2/…: the citizens' channel (backend/src/open311/server.ts), outside Strapi's /api routes; and beside
 * it /open311/page/…, the routes of the town's own citizens' page (backend/src/open311/page.ts).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const open311 = open311Server(strapi);
  const page = citizenPageServer(strapi);
  return (ctx: any, next: () => Promise<unknown>) => page(ctx, () => open311(ctx, next));
};
