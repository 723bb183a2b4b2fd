/**
 * A staff account's two-factor login (TOTP, RFC 6238): its secret, encrypted (the code is computed
 * from it, so it cannot be hashed), a secret being set up until a first code confirms it, the last
 * time step a code was accepted for (a code is used once), and the recovery codes, hashed, each
 * removed when used. Written by the two-factor routes only; never sent as is.
 */
export default {
  kind: 'collectionType',
  collectionName: 'two_factors',
  info: { singularName: 'two-factor', pluralName: 'two-factors', displayName: 'Double authentification' },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  indexes: [{ name: 'two_factors_user_id_uq', columns: ['user_id'], type: 'unique' }],
  attributes: {
    userId: { type: 'integer', required: true },
    secret: { type: 'text', private: true },
    pendingSecret: { type: 'text', private: true },
    enabledAt: { type: 'datetime' },
    lastTimeStep: { type: 'biginteger', default: '0' },
    recoveryCodes: { type: 'json', private: true },
    /** Counts writes of the recovery codes: a code is spent by one request only. */
    recoveryVersion: { type: 'integer', default: 0 },
  },
};
