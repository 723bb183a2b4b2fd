import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::directory-entry.directory-entry');
