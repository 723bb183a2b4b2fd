export default ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '1d') },
      // A flood guard only: authentication requests per address and minute. Staff share the town
      // hall's address, so it is generous; guessing one account's password is stopped by the
      // per-account lockout (settings' maxLoginAttempts, src/auth/login.ts).
      ratelimit: { enabled: env.bool('AUTH_RATE_LIMIT', true), interval: 60_000, max: env.int('AUTH_RATE_LIMIT_MAX', 300) },
      // service, status and lastAccess are ours; the rest is the plugin's own list.
      register: { allowedFields: [] },
    },
  },
  upload: {
    config: {
      // The upper bound of the settings' maxFileUploadSize; the per-request limit comes from the settings.
      sizeLimit: 100 * 1024 * 1024,
      breakpoints: { large: 1000, medium: 750, small: 500 },
    },
  },
});
