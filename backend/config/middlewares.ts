import { corsOrigins } from '../src/utils/cors';

// CORS origins: CORS_ORIGINS (comma separated), else the SPA's dev and preview addresses.
// No strapi::poweredBy (no X-Powered-By header); /favicon.ico is the town hall's icon (backend/favicon.png).
export default () => [
  'strapi::logger',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'media-src': ["'self'", 'data:', 'blob:'] },
      },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    },
  },
  { name: 'strapi::cors', config: { origin: corsOrigins(), credentials: true } },
  'global::maintenance',
  'strapi::query',
  'strapi::body',
  'global::json-guard',
  'strapi::session',
  'strapi::favicon',
  'global::upload-headers',
  'strapi::public',
  'global::search-param',
];
