import { factories } from '@strapi/strapi';

/** A report's creation and change, sent again by a phone whose answer was lost, are done once (Idempotency-Key). */
const once = { middlewares: [{ name: 'global::idempotency', config: { uid: 'api::report.report' } }] };

export default factories.createCoreRouter('api::report.report', { config: { create: once, update: once } });
