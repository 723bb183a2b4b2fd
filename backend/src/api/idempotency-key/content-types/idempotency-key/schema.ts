/**
 * A write a client may send again (a retry after a timeout): the first answer, kept a day and given
 * back to the same request instead of doing it twice (backend/src/middlewares/idempotency.ts). Not a
 * resource: no route reads it.
 */
export default {
  kind: 'collectionType',
  collectionName: 'idempotency_keys',
  info: { singularName: 'idempotency-key', pluralName: 'idempotency-keys', displayName: 'Clé d’idempotence' },
  options: { draftAndPublish: false },
  // A real unique index: Strapi's `unique` is checked by the document service, not by the database, and two
  // copies of a request taking the key at the same moment must meet the database's refusal.
  indexes: [{ name: 'idempotency_keys_key_hash_unique', columns: ['key_hash'], type: 'unique' }],
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    // SHA-256 of who sent it, where, and the key: one row per retried request.
    keyHash: { type: 'string', required: true, unique: true, maxLength: 64 },
    // SHA-256 of the body: the same key with another body is refused.
    contentHash: { type: 'string', maxLength: 64 },
    state: { type: 'enumeration', enum: ['pending', 'done'], default: 'pending' },
    status: { type: 'integer' },
    contentType: { type: 'string', maxLength: 120 },
    body: { type: 'text' },
  },
};
