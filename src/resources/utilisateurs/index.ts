import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import { z } from 'zod';
import { roleLabelOf } from '@mamoudzou/domain/permissions';
import { SERVICES, USER_STATUSES } from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';
import { choicesOf } from '../../generic/choices';
import { oneOf, requiredEmail, requiredText } from '../../generic/schema';
import type { ResourceConfig } from '../../generic/types';
import { USER_STATUS_TONES } from '../tones';

const l = fr.resources.utilisateurs;

/** Users & roles (users-permissions: /api/users, numeric ids). Tabs and roles come with the users issue. */
export const utilisateurs: ResourceConfig = {
  name: 'utilisateurs',
  endpoint: 'users',
  kind: 'users',
  label: l.label,
  recordLabel: 'Utilisateur',
  icon: PeopleIcon,
  menu: { group: 'gestion', order: 2 },
  access: { module: 'utilisateurs', adminOnly: true },
  texts: l.texts,
  fields: [
    { source: 'username', label: l.fields.username, type: 'text', cell: 'title', schema: requiredText(120) },
    { source: 'email', label: l.fields.email, type: 'email', schema: requiredEmail() },
    { source: 'password', label: l.fields.password, type: 'password', createOnly: true, schema: z.string({ error: fr.validation.required }).min(6, fr.validation.required) },
    { source: 'service', label: l.fields.service, type: 'select', choices: choicesOf(SERVICES), schema: oneOf(SERVICES, false) },
    { source: 'role', label: l.fields.role, type: 'text', readOnly: true, emptyText: fr.access.noRole, reads: [], value: (r) => roleLabelOf((r.role as { name?: string } | null)?.name) },
    { source: 'role.id', label: l.fields.role, type: 'relation', reference: 'roles', optionText: 'name' },
    { source: 'status', label: l.fields.status, type: 'select', choices: choicesOf(USER_STATUSES, fr.statuses.user), tones: USER_STATUS_TONES, schema: oneOf(USER_STATUSES, false) },
    { source: 'lastAccess', label: l.fields.lastAccess, type: 'datetime', readOnly: true, emptyText: l.never },
  ],
  list: { columns: ['username', 'email', 'service', 'role', 'status', 'lastAccess'], sort: { field: 'username', order: 'ASC' } },
  filters: [{ source: 'q' }, { source: 'status' }, { source: 'service' }],
  populate: ['role'],
  // Searched by the backend without case or accents (fields: domain/search.ts).
  serverSearch: true,
  exportColumns: [
    { key: 'id', source: 'id' },
    { key: 'utilisateur', source: 'username' },
    { key: 'email', source: 'email' },
    { key: 'service', source: 'service' },
    { key: 'statut', source: 'status' },
  ],
  recordRepresentation: 'username',
  views: { list: true, create: true, edit: true },
};
