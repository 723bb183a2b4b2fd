// Written by the backend only (src/audit); the API exposes find and findOne to administrators.
// download: a backup downloaded (src/api/backup); export: records read in bulk (an export);
// upload_refused: a file the upload rules turned away; password_reset: a password set from a mailed
// link; invitation: an invitation mailed to a new account (src/users/password-links.ts).
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'login', 'login_failed', 'login_locked', 'download', 'export', 'upload_refused', 'password_reset', 'invitation', 'email_withheld'] as const;

export default {
  kind: 'collectionType',
  collectionName: 'audit_logs',
  info: { singularName: 'audit-log', pluralName: 'audit-logs', displayName: "Journal d'audit" },
  options: { draftAndPublish: false },
  indexes: [
    { name: 'audit_logs_timestamp_idx', columns: ['timestamp'] },
    { name: 'audit_logs_action_idx', columns: ['action'] },
    { name: 'audit_logs_module_idx', columns: ['module'] },
    { name: 'audit_logs_user_id_idx', columns: ['user_id'] },
  ],
  attributes: {
    userId: { type: 'integer' },
    userName: { type: 'string' },
    role: { type: 'string' },
    action: { type: 'enumeration', enum: [...AUDIT_ACTIONS], required: true },
    module: { type: 'string', required: true },
    resourceType: { type: 'string' },
    resourceId: { type: 'string' },
    resourceLabel: { type: 'string' },
    timestamp: { type: 'datetime', required: true },
    ip: { type: 'string' },
    changedFields: { type: 'json' },
    // Before → after per changed field ({ masked: true } for a password): what the audit screen unfolds.
    changes: { type: 'json' },
  },
};
