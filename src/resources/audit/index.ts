import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import { fr } from '../../i18n/fr';
import { choicesOf } from '../../generic/choices';
import type { ResourceConfig } from '../../generic/types';

const l = fr.resources.audit;

/** The audit log (/api/audit-logs): read only, administrators. Filters and export come with the audit issue. */
export const audit: ResourceConfig = {
  name: 'audit',
  endpoint: 'audit-logs',
  label: l.label,
  recordLabel: 'Entrée du journal',
  icon: HistoryIcon,
  menu: { group: 'administration', order: 1 },
  access: { module: 'audit', adminOnly: true },
  texts: l.texts,
  fields: [
    { source: 'timestamp', label: l.fields.timestamp, type: 'datetime', readOnly: true },
    { source: 'userName', label: l.fields.userName, type: 'text', readOnly: true },
    { source: 'role', label: l.fields.role, type: 'text', readOnly: true },
    { source: 'action', label: l.fields.action, type: 'select', readOnly: true, choices: choicesOf(Object.keys(l.actions), l.actions) },
    { source: 'module', label: l.fields.module, type: 'text', readOnly: true },
    { source: 'resourceLabel', label: l.fields.resourceLabel, type: 'text', readOnly: true },
    { source: 'ip', label: l.fields.ip, type: 'text', readOnly: true },
  ],
  list: { columns: ['timestamp', 'userName', 'role', 'action', 'module', 'resourceLabel', 'ip'], sort: { field: 'timestamp', order: 'DESC' } },
  filters: [{ source: 'q' }, { source: 'action' }],
  populate: [],
  searchFields: ['userName', 'module', 'resourceLabel'],
  exportColumns: [
    { key: 'date', source: 'timestamp' },
    { key: 'utilisateur', source: 'userName' },
    { key: 'role', source: 'role' },
    { key: 'action', source: 'action' },
    { key: 'module', source: 'module' },
    { key: 'ressource', source: 'resourceLabel' },
    { key: 'ip', source: 'ip' },
  ],
  recordRepresentation: 'resourceLabel',
  views: { list: true },
};
