import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::directory-entry.directory-entry');
