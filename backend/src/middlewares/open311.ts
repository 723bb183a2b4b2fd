import type { Core } from '@strapi/strapi';
import { open311Server } from '../open311/server';

/** /open311/v2/…: the citizens' channel (backend/src/open311/server.ts), outside Strapi's /api routes. */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => open311Server(strapi);
