import { defineAttributes } from '../attributes';

/**
 * What the audit log records. download: a backup downloaded; export: records read in bulk (an export);
 * upload_refused: a file the upload rules turned away; password_reset: a password set from a mailed link;
 * invitation: an invitation mailed to a new account; email_withheld: a citizen's mail not sent.
 */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'login', 'login_failed', 'login_locked', 'download', 'export', 'upload_refused', 'password_reset', 'invitation', 'email_withheld'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An entry of the audit log: written by the backend alone (backend/src/audit); read by administrators. */
export const AUDIT_LOG_ATTRIBUTES = defineAttributes({
  userId: { type: 'integer', computed: true },
  userName: { type: 'string', computed: true },
  role: { type: 'string', computed: true },
  action: { type: 'enumeration', enum: AUDIT_ACTIONS, required: true, computed: true },
  // A module of the matrix, or `auth` for the logins (domain/permissions.ts, AUDIT_MODULES).
  module: { type: 'string', required: true, computed: true },
  resourceType: { type: 'string', computed: true },
  resourceId: { type: 'string', computed: true },
  resourceLabel: { type: 'string', computed: true },
  timestamp: { type: 'datetime', required: true, computed: true },
  ip: { type: 'string', computed: true },
  changedFields: { type: 'json', computed: true },
  // Before → after per changed field ({ masked: true } for a password): what the audit screen unfolds.
  changes: { type: 'json', computed: true },
});
