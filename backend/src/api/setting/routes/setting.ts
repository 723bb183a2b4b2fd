import { factories } from '@strapi/strapi';

// Read and save only: deleting the settings would leave every rule on nulls until the next save.
export default factories.createCoreRouter('api::setting.setting', { only: ['find', 'update'] });
