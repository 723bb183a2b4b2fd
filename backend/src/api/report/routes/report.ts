import { factories } from '@strapi/strapi';

/**
 * A report's creation and change, sent again by a phone whose answer was lost, are done once (Idempotency-Key).
 * One config object per route: Strapi writes each route's permission scope into the object it is given, so a
 * shared one gave the update route the create route's scope (a role allowed to edit but not create got 403).
 */
const once = () => ({ middlewares: [{ name: 'global::idempotency', config: { uid: 'api::report.report' } }] });

export default factories.createCoreRouter('api::report.report', { config: { create: once(), update: once() } });
