/**
 * An application allowed to file reports through Open311 (the citizens' app, the town's web site):
 * its name, which reports carry as their source, and its key, kept only as a hash.
 */
export default {
  kind: 'collectionType',
  collectionName: 'open311_clients',
  info: { singularName: 'open311-client', pluralName: 'open311-clients', displayName: 'Client Open311' },
  options: { draftAndPublish: false },
  attributes: {
    name: { type: 'string', required: true, maxLength: 80 },
    // SHA-256 of the key: a key is 32 random bytes, so a fast hash is enough (no password to stretch).
    keyHash: { type: 'string', private: true, unique: true, configurable: false },
    // The key's first characters, to tell keys apart on screen.
    keyStart: { type: 'string', maxLength: 16 },
    revokedAt: { type: 'datetime' },
    // The town's own citizens' page (/signaler): it files through its own route, and its key is never given to
    // anyone (a key in a public page would be everyone's). At most one such client is open at a time.
    page: { type: 'boolean', default: false },
    lastUsedAt: { type: 'datetime' },
  },
};
