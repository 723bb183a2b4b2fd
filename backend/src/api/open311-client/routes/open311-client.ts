import { factories } from '@strapi/strapi';

/** No update: a client's name stays what the reports it filed carry; a new key is a new client. */
export default factories.createCoreRouter('api::open311-client.open311-client', { only: ['find', 'create', 'delete'] });
