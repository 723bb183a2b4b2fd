export default ({ env }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  app: { keys: env.array('APP_KEYS') },
  // The public folder, whose uploads/ holds the files sent (PUBLIC_DIR: on a mounted volume, or a test's own).
  dirs: { public: env('PUBLIC_DIR', './public') },
  // Daily jobs (notification pruning at 03:00).
  cron: { enabled: true },
  // Behind a reverse proxy or load balancer (IS_PROXIED=true), the client's address comes from
  // X-Forwarded-For: the login lockout counts failures per account and client address.
  proxy: { koa: env.bool('IS_PROXIED', false), maxIpsCount: env.int('PROXY_MAX_IPS', 1) },
  // Strapi's banner points to an admin panel that is not served; `npm start` prints the useful addresses.
  logger: { startup: { enabled: false } },
});
