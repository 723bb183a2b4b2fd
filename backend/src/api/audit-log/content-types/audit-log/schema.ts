import { contentType } from '../../../../utils/content-type';

// Written by the backend only (src/audit); the API exposes find and findOne to administrators.
// Its attributes and actions: domain/attributes/audit-log.ts.
export default contentType('audit-log', {
  displayName: "Journal d'audit",
  indexes: [
    { name: 'audit_logs_timestamp_idx', columns: ['timestamp'] },
    { name: 'audit_logs_action_idx', columns: ['action'] },
    { name: 'audit_logs_module_idx', columns: ['module'] },
    { name: 'audit_logs_user_id_idx', columns: ['user_id'] },
  ],
});
