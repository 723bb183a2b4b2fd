import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::audit-log.audit-log', { only: ['find', 'findOne'] });
