import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import { messages as l } from './messages';
import { defineResource } from '../../generic/defineResource';

/** users-permissions roles: no screen of their own yet; the users form picks from them. */
export const roles = defineResource('role', {
  label: l.label,
  recordLabel: l.recordLabel,
  icon: BadgeIcon,
  menu: false,
  fields: [
    { source: 'name', label: l.fields.name, type: 'text', readOnly: true },
    { source: 'description', label: l.fields.description, type: 'text', readOnly: true },
    { source: 'nbUsers', label: l.fields.nbUsers, type: 'number', readOnly: true },
  ],
  list: { columns: ['name', 'description', 'nbUsers'], sort: { field: 'name', order: 'ASC' } },
  recordRepresentation: 'name',
  views: {},
});

export default roles;
