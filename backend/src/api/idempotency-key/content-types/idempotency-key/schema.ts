/**
 * A write a client may send again (a retry after a timeout): what its first success left, kept for the key's
 * window and used to answer the same request instead of doing it twice (backend/src/idempotency/store.ts).
 * Only what a replay needs: the status, the written record's identity and version, and for Open311 its
 * short answer (reference and notice); never the record itself with the citizen's name, e-mail or phone.
 * Not a resource: no route reads it.
 */
export default {
  kind: 'collectionType',
  collectionName: 'idempotency_keys',
  info: { singularName: 'idempotency-key', pluralName: 'idempotency-keys', displayName: 'Clé d’idempotence' },
  options: { draftAndPublish: false },
  // A real unique index: Strapi's `unique` is checked by the document service, not by the database, and two
  // copies of a request taking the key at the same moment must meet the database's refusal.
  indexes: [
    { name: 'idempotency_keys_key_hash_unique', columns: ['key_hash'], type: 'unique' },
    { name: 'idempotency_keys_expires_at', columns: ['expires_at'] },
  ],
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    // SHA-256 of who sent it, where, and the key: one row per retried request.
    keyHash: { type: 'string', required: true, unique: true, maxLength: 64 },
    // SHA-256 of the body: the same key with another body is refused.
    contentHash: { type: 'string', maxLength: 64 },
    state: { type: 'enumeration', enum: ['pending', 'done'], default: 'pending' },
    // Which try holds the key: only that one may mark it done (one taken back after a crash is another try).
    attempt: { type: 'string', maxLength: 36 },
    // The end of the key's window: the row is deleted after it (maintenance/retention.ts).
    expiresAt: { type: 'datetime' },
    status: { type: 'integer' },
    // The written record's documentId (staff) or reference (Open311), and its updatedAt after this write.
    resource: { type: 'string', maxLength: 64 },
    version: { type: 'string', maxLength: 40 },
    // Open311 only: the answer's items (service_request_id, service_notice), nothing the citizen sent.
    body: { type: 'text' },
  },
};
