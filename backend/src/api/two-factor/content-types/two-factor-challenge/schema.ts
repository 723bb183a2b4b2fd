/**
 * The login challenges (api/two-factor's `mfaToken`) already spent: a challenge opens one session,
 * and an enrolment's challenge sets up one key. Kept until the challenge would have expired anyway.
 * Written by the two-factor routes only; no route reads it.
 */
export default {
  kind: 'collectionType',
  collectionName: 'two_factor_challenges',
  info: { singularName: 'two-factor-challenge', pluralName: 'two-factor-challenges', displayName: 'Étape de connexion utilisée' },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  // A real unique index: two requests spending the same challenge at once meet the database's refusal.
  indexes: [{ name: 'two_factor_challenges_challenge_id_uq', columns: ['challenge_id'], type: 'unique' }],
  attributes: {
    challengeId: { type: 'string', required: true, maxLength: 64 },
    // Milliseconds since the epoch: when the challenge expires, and its row may go.
    expiresAt: { type: 'biginteger', required: true },
  },
};
