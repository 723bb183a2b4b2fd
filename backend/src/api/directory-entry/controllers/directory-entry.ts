import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::directory-entry.directory-entry');
