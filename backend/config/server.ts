export default ({ env }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  app: { keys: env.array('APP_KEYS') },
  // Daily jobs (notification pruning at 03:00).
  cron: { enabled: true },
  // Strapi's banner points to an admin panel that is not served; `npm start` prints the useful addresses.
  logger: { startup: { enabled: false } },
});
