import EventIcon from '@mui/icons-material/EventOutlined';
import { EVENT_CATEGORIES } from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';
import { choicesOf } from '../../generic/choices';
import { oneOf, requiredBlocks, requiredDate, requiredText } from '../../generic/schema';
import type { ResourceConfig } from '../../generic/types';

const l = fr.resources.evenements;

/** Events (/api/events). The calendar comes with the events issue. */
export const evenements: ResourceConfig = {
  name: 'evenements',
  endpoint: 'events',
  label: l.label,
  recordLabel: 'Événement',
  icon: EventIcon,
  menu: { group: 'contenus', order: 2 },
  access: { module: 'contenus' },
  quickCreate: fr.header.createEvent,
  texts: l.texts,
  fields: [
    { source: 'title', label: l.fields.title, type: 'text', cell: 'title', schema: requiredText(200, { required: 'Le titre est requis', tooLong: 'Le titre ne peut pas dépasser 200 caractères' }) },
    { source: 'slug', label: l.fields.slug, type: 'text', schema: requiredText(200, { required: 'Le slug est requis', tooLong: 'Le slug ne peut pas dépasser 200 caractères' }) },
    { source: 'description', label: 'Description', type: 'blocks', schema: requiredBlocks('La description est requise') },
    { source: 'date', label: l.fields.date, type: 'date', schema: requiredDate('La date est requise') },
    { source: 'time', label: l.fields.time, type: 'time', schema: requiredText(undefined, { required: "L'heure est requise" }) },
    { source: 'location', label: l.fields.location, type: 'text', schema: requiredText(200, { required: 'Le lieu est requis' }) },
    { source: 'category', label: l.fields.category, type: 'select', choices: choicesOf(EVENT_CATEGORIES), schema: oneOf(EVENT_CATEGORIES, true, 'La catégorie est requise') },
    { source: 'image', label: l.fields.image, type: 'image' },
  ],
  list: { columns: ['title', 'category', 'date', 'time', 'location', 'image'], sort: { field: 'date', order: 'DESC' } },
  filters: [{ source: 'q' }, { source: 'category' }],
  populate: ['image'],
  // Searched by the backend without case or accents (fields: domain/search.ts).
  serverSearch: true,
  mediaFields: ['image'],
  uploadFailurePrefixes: { image: 'Image upload failed' },
  exportColumns: [
    { key: 'id', source: 'id' },
    { key: 'titre', source: 'title' },
    { key: 'slug', source: 'slug' },
    { key: 'description', source: 'description' },
    { key: 'date', source: 'date' },
    { key: 'heure', source: 'time' },
    { key: 'lieu', source: 'location' },
    { key: 'categorie', source: 'category' },
    { key: 'image', source: 'image' },
    { key: 'dateCreation', source: 'createdAt' },
    { key: 'dateModification', source: 'updatedAt' },
  ],
  recordRepresentation: 'title',
  views: { list: true, create: true, edit: true, detail: true },
};
