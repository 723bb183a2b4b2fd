import { createHash, randomBytes } from 'node:crypto';
import { factories } from '@strapi/strapi';
import { OPEN311_KEY_PREFIX } from '@mamoudzou/domain/open311';

const CLIENT = 'api::open311-client.open311-client';

/** The stored form of a key. */
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface Open311Client {
  id: number;
  documentId: string;
  name: string;
  revokedAt: string | null;
}

export default factories.createCoreService(CLIENT, ({ strapi }) => ({
  /** A new client and its key, which is shown once: only its hash is kept. */
  async issue(name: string, key = `${OPEN311_KEY_PREFIX}${randomBytes(32).toString('base64url')}`, { page = false } = {}) {
    const client = await strapi.documents(CLIENT).create({ data: { name, keyHash: hashKey(key), keyStart: key.slice(0, 12), page } as any });
    return { client, key };
  },

  /** The citizens' page's client, while the town keeps it open (created, not revoked). */
  async pageClient(): Promise<Open311Client | undefined> {
    const client = await strapi.db.query(CLIENT).findOne({ where: { page: true, revokedAt: { $null: true } }, select: ['id', 'documentId', 'name', 'revokedAt'], orderBy: { id: 'desc' } });
    return (client as Open311Client | null) ?? undefined;
  },

  /** The client a key belongs to, if it is known and not revoked. */
  async byKey(key: string): Promise<Open311Client | undefined> {
    if (!key) return undefined;
    const client = await strapi.db.query(CLIENT).findOne({ where: { keyHash: hashKey(key) }, select: ['id', 'documentId', 'name', 'revokedAt'] });
    return client && !client.revokedAt ? (client as Open311Client) : undefined;
  },

  /** Notes that the client was heard from (the list shows it). */
  async touch(id: number, at: Date) {
    await strapi.db.query(CLIENT).update({ where: { id }, data: { lastUsedAt: at } });
  },
}));
