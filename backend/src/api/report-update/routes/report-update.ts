import { factories } from '@strapi/strapi';

/** A timeline is written forward: no change or deletion of a line (a report's deletion takes its lines). */
export default factories.createCoreRouter('api::report-update.report-update', { only: ['find', 'create'] });
