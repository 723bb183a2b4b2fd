import { lazy } from 'react';
import { AUDIT_MODULE_LABELS, AUDIT_MODULES } from '@mamoudzou/domain/permissions';
import { messages as l } from './messages';
import { defineResource } from '../../generic/defineResource';
import { AUDIT_ACTION_TONES } from '../tones';
import { actionLabelOf, auditRoleOf, moduleLabelOf } from './auditLabels';
import entry from './entry';

const AuditChanges = lazy(() => import('./AuditChanges'));

/**
 * The audit log (/api/audit-logs): read only, administrators. Paginated by the backend, filtered by
 * user, module, action and date range (days in the town's time), every entry unfolding to what
 * changed (before → after), exported in CSV and HTML (every matching entry). Nothing edits or
 * deletes an entry: the backend has no route for it.
 */
export const audit = defineResource(entry, {
  recordLabel: 'Entrée du journal',
  texts: l.texts,
  labels: l.fields,
  fields: {
    timestamp: {},
    userName: { emptyText: '—' },
    role: { value: (r) => auditRoleOf(r.role), reads: ['role'], emptyText: '—' },
    action: { cell: 'badge', tones: AUDIT_ACTION_TONES, choiceLabels: l.actions },
    module: { type: 'select', choices: AUDIT_MODULES.map((m) => ({ id: m, name: AUDIT_MODULE_LABELS[m] })) },
    // A plain cell: an entry has no detail for a title to open.
    resourceLabel: { cell: 'text', emptyText: '—' },
    ip: { emptyText: '—' },
  },
  list: {
    columns: ['timestamp', 'userName', 'role', 'action', 'module', 'resourceLabel', 'ip'],
    sort: { field: 'timestamp', order: 'DESC' },
    extraFields: ['changes', 'changedFields'],
    expand: AuditChanges,
  },
  filters: [
    { source: 'q' },
    { source: 'userId', label: l.fields.userName, kind: 'reference', reference: { resource: 'utilisateurs', optionText: 'username', optionValue: 'id' } },
    { source: 'module' },
    { source: 'action' },
    { source: 'timestamp_gte', label: l.filters.from, kind: 'date' },
    { source: 'timestamp_lte', label: l.filters.to, kind: 'date' },
  ],
  actions: { row: [], bulk: [], detail: [] },
  exportColumns: [
    { key: 'date', source: 'timestamp', format: 'datetime' },
    { key: 'utilisateur', source: 'userName' },
    { key: 'role', source: 'role', value: (r) => auditRoleOf(r.role) },
    { key: 'action', source: 'action', value: (r) => actionLabelOf(r.action) },
    { key: 'module', source: 'module', value: (r) => moduleLabelOf(r.module) },
    { key: 'ressource', source: 'resourceLabel' },
    { key: 'champs', source: 'changedFields', format: 'list' },
    { key: 'ip', source: 'ip' },
  ],
});

export default audit;
