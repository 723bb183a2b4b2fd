import type { Core } from '@strapi/strapi';
import { DEMO_OPEN311_CLIENT } from '@mamoudzou/domain/open311';

const CLIENT = 'api::open311-client.open311-client';

/** The demo client of the citizens' channel, with the key `npm start` prints (through the registry: the seed imports no collection's files). */
export async function seedOpen311Client(strapi: Core.Strapi): Promise<number> {
  if ((await strapi.db.query(CLIENT).count()) > 0) return 0;
  await (strapi.service(CLIENT) as unknown as { issue(name: string, key: string): Promise<unknown> }).issue(DEMO_OPEN311_CLIENT.name, DEMO_OPEN311_CLIENT.key);
  return 1;
}
