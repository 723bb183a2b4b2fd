import type { Core } from '@strapi/strapi';

export type AuditAction = 'create' | 'update' | 'delete' | 'login' | 'login_failed' | 'login_locked' | 'download' | 'export' | 'upload_refused' | 'password_reset' | 'invitation' | 'email_withheld';

export interface AuditEntry {
  action: AuditAction;
  module: string;
  resourceType?: string;
  resourceId?: string | number;
  resourceLabel?: string;
  changedFields?: string[];
  /** Before → after per changed field (modules.ts changesOf). */
  changes?: Record<string, unknown>;
  user?: { id: number; username?: string; email?: string; role?: { name?: string } | null } | null;
  userName?: string;
  ip?: string;
}

/** The user and IP of the API request being served, if any (none during bootstrap and seeding). */
export function currentRequest(strapi: Core.Strapi) {
  const ctx = strapi.requestContext.get() as any;
  if (!ctx) return undefined;
  return { user: ctx.state?.user ?? null, ip: ctx.request?.ip as string | undefined };
}

/**
 * Writes one audit entry straight to the database: the API itself offers no way to write one. Within
 * a transaction (a write and its entry, see document-audit.ts) a failure is the transaction's: the
 * change is not kept without its entry. Outside one (a login, a download) it is logged.
 */
export async function writeAudit(strapi: Core.Strapi, entry: AuditEntry) {
  const inTransaction = strapi.db.inTransaction();
  const { user } = entry;
  try {
    await strapi.db.query('api::audit-log.audit-log').create({
      data: {
        userId: user?.id ?? null,
        userName: entry.userName ?? user?.username ?? user?.email ?? null,
        role: user?.role?.name ?? null,
        action: entry.action,
        module: entry.module,
        resourceType: entry.resourceType ?? null,
        resourceId: entry.resourceId != null ? String(entry.resourceId) : null,
        resourceLabel: entry.resourceLabel ?? null,
        changedFields: entry.changedFields ?? null,
        changes: entry.changes ?? null,
        timestamp: new Date(),
        ip: entry.ip ?? null,
      },
    });
  } catch (error) {
    strapi.log.error(`audit: could not record ${entry.action} on ${entry.module}: ${(error as Error).message}`);
    if (inTransaction) throw error;
  }
}
