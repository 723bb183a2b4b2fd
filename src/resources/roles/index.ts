import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import { fr } from '../../i18n/fr';
import { defineResource } from '../../generic/defineResource';

/** users-permissions roles: no screen of their own yet; the users form picks from them. */
export const roles = defineResource('role', {
  label: 'Rôles',
  recordLabel: 'Rôle',
  icon: BadgeIcon,
  menu: false,
  fields: [
    { source: 'name', label: fr.resources.utilisateurs.fields.role, type: 'text', readOnly: true },
    { source: 'description', label: 'Description', type: 'text', readOnly: true },
    { source: 'nbUsers', label: 'Utilisateurs', type: 'number', readOnly: true },
  ],
  list: { columns: ['name', 'description', 'nbUsers'], sort: { field: 'name', order: 'ASC' } },
  recordRepresentation: 'name',
  views: {},
});

export default roles;
