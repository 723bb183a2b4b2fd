import DirectoryIcon from '@mui/icons-material/ContactPhoneOutlined';
import { DIRECTORY_CATEGORIES, PLACE_STATUSES } from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';
import { choicesOf } from '../../generic/choices';
import { oneOf, optionalEmail, optionalText, requiredText } from '../../generic/schema';
import type { ResourceConfig } from '../../generic/types';
import { PLACE_STATUS_TONES } from '../tones';

const l = fr.resources.annuaire;
const categoryIds = DIRECTORY_CATEGORIES.map((c) => c.id);

/** The directory (/api/directory-entries). Tabs, cards and opening hours come with the directory issue. */
export const annuaire: ResourceConfig = {
  name: 'annuaire',
  endpoint: 'directory-entries',
  label: l.label,
  recordLabel: 'Entrée',
  icon: DirectoryIcon,
  menu: { group: 'contenus', order: 4 },
  access: { module: 'annuaire' },
  texts: l.texts,
  fields: [
    { source: 'name', label: l.fields.name, type: 'text', cell: 'title', schema: requiredText(200) },
    { source: 'description', label: l.fields.description, type: 'longtext', schema: optionalText(2000) },
    { source: 'category', label: l.fields.category, type: 'select', choices: DIRECTORY_CATEGORIES.map((c) => ({ id: c.id, name: c.name })), schema: oneOf(categoryIds) },
    { source: 'status', label: l.fields.status, type: 'select', choices: choicesOf(PLACE_STATUSES, fr.statuses.place), tones: PLACE_STATUS_TONES, schema: oneOf(PLACE_STATUSES, false) },
    { source: 'phone', label: l.fields.phone, type: 'phone', schema: optionalText(40) },
    { source: 'emergencyPhone', label: l.fields.emergencyPhone, type: 'phone', schema: optionalText(40) },
    { source: 'email', label: l.fields.email, type: 'email', schema: optionalEmail() },
    { source: 'street', label: l.fields.address, type: 'text', schema: optionalText(300) },
    { source: 'website', label: l.fields.website, type: 'url', schema: optionalText(300) },
    { source: 'verified', label: l.fields.verified, type: 'boolean' },
    { source: 'featured', label: l.fields.featured, type: 'boolean' },
  ],
  list: { columns: ['name', 'category', 'phone', 'email', 'status'], sort: { field: 'name', order: 'ASC' } },
  filters: [{ source: 'q' }, { source: 'category' }, { source: 'status' }, { source: 'verified' }, { source: 'featured' }],
  populate: [],
  // Searched by the backend without case or accents (fields: domain/search.ts).
  serverSearch: true,
  exportColumns: [
    { key: 'id', source: 'id' },
    { key: 'nom', source: 'name' },
    { key: 'categorie', source: 'category' },
    { key: 'telephone', source: 'phone' },
    { key: 'urgence', source: 'emergencyPhone' },
    { key: 'email', source: 'email' },
    { key: 'statut', source: 'status' },
  ],
  recordRepresentation: 'name',
  views: { list: true, create: true, edit: true, detail: true },
};
