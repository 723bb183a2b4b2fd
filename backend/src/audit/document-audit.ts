import type { Core } from '@strapi/strapi';
import { rowOfUid } from '@mamoudzou/domain/resources';
import { previousRow } from '../documents/previous';
import { AUDITED_MODULES, changedFields, changesOf, labelOf } from './modules';
import { currentRequest, writeAudit } from './writer';

const WRITES = new Set(['create', 'update', 'delete']);
/**
 * A plugin's records (users and roles) are recorded by their own code (registerUserAudit below,
 * src/users/roles.ts), whatever path the plugin writes them by: the users-permissions plugin creates
 * a user through the document service but updates it through the query engine, and one write must
 * make one entry.
 */
const auditedElsewhere = (uid: string) => uid.startsWith('plugin::');

/**
 * Document-service middleware: every create, update and delete served to an API caller is recorded
 * in the same transaction as the change, so that a crash leaves both or neither. Writes made by the
 * backend itself (seed, bootstrap) have no request user.
 */
export function registerDocumentAudit(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    const target = auditedElsewhere(context.uid) ? undefined : AUDITED_MODULES[context.uid];
    const request = WRITES.has(context.action) && target ? currentRequest(strapi) : undefined;
    if (!target || !request?.user) return next();
    return strapi.db.transaction(() => auditedWrite(strapi, context, next, target, request));
  });
}

/** The write, then its entry: both inside the caller's transaction. */
async function auditedWrite(strapi: Core.Strapi, context: any, next: () => Promise<unknown>, target: (typeof AUDITED_MODULES)[string], request: { user: any; ip?: string }) {
  const params = (context as any).params ?? {};
  const previous = await previousRow(strapi, context);

  const result: any = await next();

  const record = context.action === 'delete' ? previous : (result ?? previous);
  const fields = context.action === 'delete' ? undefined : changedFields(params.data, previous);
  await writeAudit(strapi, {
    action: context.action as 'create' | 'update' | 'delete',
    module: target.module,
    resourceType: target.resourceType,
    resourceId: record?.documentId ?? params.documentId,
    resourceLabel: labelOf(record, target.labelField),
    changedFields: fields,
    changes: changesOf(fields, params.data, previous),
    user: request.user,
    ip: request.ip,
  });
  return result;
}

/** Users are written by the users-permissions plugin through the query engine: audited by lifecycle. */
export function registerUserAudit(strapi: Core.Strapi) {
  const USER = 'plugin::users-permissions.user';
  const USER_LABEL = rowOfUid(USER)?.labelField;
  /** A role given by id reads as its name in the change ("Operator" rather than 7). */
  const roleName = async (value: unknown): Promise<unknown> => {
    const id = typeof value === 'object' && value !== null ? ((value as any).id ?? (value as any).connect?.[0]?.id ?? (value as any).set?.[0]?.id) : value;
    if (id === undefined || id === null) return value;
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { id: Number(id) } });
    return role?.name ?? value;
  };
  const withRoleNames = async (data: any) => (data && 'role' in data ? { ...data, role: await roleName(data.role) } : data);
  const record = async (action: 'create' | 'update' | 'delete', event: any) => {
    const request = currentRequest(strapi);
    if (!request?.user) return;
    // A role given by id is compared and kept by its name.
    const data = action === 'delete' ? undefined : await withRoleNames(event.params?.data);
    const fields = action === 'delete' ? undefined : changedFields(data, event.state?.previous);
    // Logging in stamps lastAccess: that is a login, recorded by the auth middleware, not an update.
    if (action === 'update' && fields && fields.every((f) => f === 'lastAccess')) return;
    const target = event.result ?? event.state?.previous;
    await writeAudit(strapi, {
      action,
      module: 'utilisateurs',
      resourceType: 'user',
      resourceId: target?.id,
      resourceLabel: labelOf(target, USER_LABEL),
      changedFields: fields,
      changes: changesOf(fields, data, event.state?.previous),
      user: request.user,
      ip: request.ip,
    });
  };
  strapi.db.lifecycles.subscribe({
    models: [USER],
    async beforeUpdate(event: any) {
      const id = event.params?.where?.id;
      if (id) {
        const previous = await strapi.db.query(USER).findOne({ where: { id }, populate: ['role'] });
        event.state.previous = previous ? { ...previous, role: previous.role?.name ?? null } : previous;
      }
    },
    async beforeDelete(event: any) {
      const id = event.params?.where?.id;
      if (id) event.state.previous = await strapi.db.query(USER).findOne({ where: { id } });
    },
    afterCreate: (event) => record('create', event),
    afterUpdate: (event) => record('update', event),
    afterDelete: (event) => record('delete', event),
  });
}
