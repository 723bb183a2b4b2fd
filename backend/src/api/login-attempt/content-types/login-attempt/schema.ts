/**
 * Failed logins per account and address (lockKey = account|address): how many since the window
 * opened, and until when the pair is locked. Written by the login lockout only; no API route.
 */
export default {
  kind: 'collectionType',
  collectionName: 'login_attempts',
  info: { singularName: 'login-attempt', pluralName: 'login-attempts', displayName: 'Tentatives de connexion' },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  indexes: [{ name: 'login_attempts_lock_key_uq', columns: ['lock_key'], type: 'unique' }],
  attributes: {
    lockKey: { type: 'string', required: true, maxLength: 255 },
    attempts: { type: 'integer', required: true, default: 0 },
    // Milliseconds since the epoch (one upsert compares them the same way on SQLite and PostgreSQL).
    windowStartedAt: { type: 'biginteger', required: true },
    lockedUntil: { type: 'biginteger', required: true, default: '0' },
  },
};
