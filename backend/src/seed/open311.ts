import type { Core } from '@strapi/strapi';
import { CITIZEN_PAGE_CLIENT_NAME } from '@mamoudzou/domain/citizen-page';
import { DEMO_OPEN311_CLIENT } from '@mamoudzou/domain/open311';

const CLIENT = 'api::open311-client.open311-client';

type Clients = { issue(name: string, key?: string, options?: { page?: boolean }): Promise<unknown> };

/**
 * The demo client of the citizens' channel, with the key `npm start` prints, and the citizens' page's own client
 * (/signaler: its key is random and never shown, the page files through its own route), once each: a page client
 * the town closed (revoked) is not opened again. Through the registry: the seed imports no collection's files.
 */
export async function seedOpen311Client(strapi: Core.Strapi): Promise<number> {
  const clients = strapi.service(CLIENT) as unknown as Clients;
  let added = 0;
  if ((await strapi.db.query(CLIENT).count({ where: { $or: [{ page: false }, { page: { $null: true } }] } })) === 0) {
    await clients.issue(DEMO_OPEN311_CLIENT.name, DEMO_OPEN311_CLIENT.key);
    added++;
  }
  if ((await strapi.db.query(CLIENT).count({ where: { page: true } })) === 0) {
    await clients.issue(CITIZEN_PAGE_CLIENT_NAME, undefined, { page: true });
    added++;
  }
  return added;
}
