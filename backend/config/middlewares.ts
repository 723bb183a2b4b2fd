import { CORS_MAX_AGE, corsOrigins } from '../src/utils/cors';

// CORS origins: CORS_ORIGINS (comma separated), else the SPA's dev and preview addresses.
// No strapi::poweredBy (no X-Powered-By header); /favicon.ico is the town hall's icon (backend/favicon.png).
// No strapi::session: only the third-party login routes used its cookie, and they are closed
// (extensions/users-permissions); it cost every request a cookie parse.
export default () => [
  // Strapi's request log without the query's values (keys, searches, tokens).
  'global::request-log',
  // Answers compressed (gzip or brotli, as the client accepts) above 1 KB: a list page is 3 KB of JSON.
  // The reports' export streams JSON lines (application/x-ndjson), compressed like JSON.
  { name: 'strapi::compression', config: { threshold: 1024, filter: (type: string) => /json|text|javascript|xml|svg/i.test(type) } },
  // Every refusal's code (details.code), the frameworks' too, around the errors' formatting.
  'global::error-codes',
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
  // A preflight is remembered 2 hours (Chromium's ceiling), not asked again before each call to the same address.
  // Idempotency-Key and If-Match: a phone's queued writes are sent once and never over a newer change.
  {
    name: 'strapi::cors',
    config: {
      origin: corsOrigins(),
      credentials: true,
      maxAge: CORS_MAX_AGE,
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', 'Idempotency-Key', 'If-Match'],
      // Readable by a page of another origin (the citizens' page beside a backend of its own address): when to retry
      // a refused report, and what the refusal is.
      expose: ['Retry-After', 'X-Error-Code'],
    },
  },
  // /_ready, and a 503 in French when the database cannot serve (before anything that reads it).
  'global::database-readiness',
  'global::maintenance',
  'strapi::query',
  'global::pagination-guard',
  'strapi::body',
  // The citizens' channel, on its own addresses (/open311/v2/), once its form bodies are read.
  'global::open311',
  'global::json-guard',
  'strapi::favicon',
  'global::upload-headers',
  'strapi::public',
  'global::search-param',
];
