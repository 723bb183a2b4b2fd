/**
 * One signed-in session per login: the token in use (rotated by each refresh), its user, when it
 * started (the maximum length counts from there) and its last activity (the settings' idle timeout
 * counts from there). Ending a session deletes its row; the API has no route to these rows.
 */
export default {
  kind: 'collectionType',
  collectionName: 'auth_sessions',
  info: { singularName: 'session', pluralName: 'sessions', displayName: 'Session' },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  indexes: [
    { name: 'auth_sessions_session_id_uq', columns: ['session_id'], type: 'unique' },
    { name: 'auth_sessions_user_id_idx', columns: ['user_id'] },
    { name: 'auth_sessions_expires_at_idx', columns: ['expires_at'] },
  ],
  attributes: {
    sessionId: { type: 'string', required: true, private: true },
    tokenId: { type: 'string', required: true, private: true },
    userId: { type: 'integer', required: true },
    startedAt: { type: 'datetime', required: true },
    lastActivityAt: { type: 'datetime', required: true },
    expiresAt: { type: 'datetime', required: true },
    ip: { type: 'string', maxLength: 64 },
  },
};
