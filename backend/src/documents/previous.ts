import type { Core } from '@strapi/strapi';

const cache = new WeakMap<object, Promise<Record<string, any> | null>>();

/**
 * The stored row an update or delete is about to change, read once per document-service call:
 * the audit, SLA and real-time middlewares all need it, before the write.
 */
export function previousRow(strapi: Core.Strapi, context: { uid: string; action: string; params?: any }) {
  const documentId = context.params?.documentId;
  if (context.action === 'create' || !documentId) return Promise.resolve(null);
  let row = cache.get(context);
  if (!row) {
    row = strapi.db.query(context.uid as any).findOne({ where: { documentId } });
    cache.set(context, row);
  }
  return row;
}
