import { factories } from '@strapi/strapi';

/**
 * A timeline is written forward: no change or deletion of a line (a report's deletion takes its lines).
 * A line sent again by a phone whose answer was lost is written once (Idempotency-Key).
 */
export default factories.createCoreRouter('api::report-update.report-update', {
  only: ['find', 'create'],
  config: { create: { middlewares: [{ name: 'global::idempotency', config: { uid: 'api::report-update.report-update' } }] } },
});
