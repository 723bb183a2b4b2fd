export default ({ env }) => ({
  'users-permissions': {
    config: {
      jwtSecret: env('JWT_SECRET'),
      jwt: { expiresIn: env('JWT_EXPIRES_IN', '1d') },
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
