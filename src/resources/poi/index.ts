import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { PLACE_STATUSES, POI_CATEGORIES } from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';
import { choicesOf } from '../../generic/choices';
import { oneOf, optionalEmail, optionalCoordinate, optionalText, requiredText } from '../../generic/schema';
import type { ResourceConfig } from '../../generic/types';
import { PLACE_STATUS_TONES } from '../tones';

const l = fr.resources.poi;
const categoryIds = POI_CATEGORIES.map((c) => c.id);

/** Points of interest (/api/pois). Cards, map and categories tabs come with the POI issue. */
export const poi: ResourceConfig = {
  name: 'poi',
  endpoint: 'pois',
  label: l.label,
  recordLabel: "Point d'intérêt",
  icon: PlaceIcon,
  menu: { group: 'contenus', order: 3 },
  access: { module: 'poi' },
  quickCreate: fr.header.createPoi,
  texts: l.texts,
  fields: [
    { source: 'name', label: l.fields.name, type: 'text', cell: 'title', schema: requiredText(200) },
    { source: 'description', label: l.fields.description, type: 'longtext', schema: optionalText(2000) },
    { source: 'category', label: l.fields.category, type: 'select', choices: POI_CATEGORIES.map((c) => ({ id: c.id, name: c.name })), schema: oneOf(categoryIds) },
    { source: 'status', label: l.fields.status, type: 'select', choices: choicesOf(PLACE_STATUSES, fr.statuses.place), tones: PLACE_STATUS_TONES, schema: oneOf(PLACE_STATUSES, false) },
    { source: 'address', label: l.fields.address, type: 'text', schema: requiredText(300) },
    { source: 'latitude', label: l.fields.latitude, type: 'number', schema: optionalCoordinate('latitude') },
    { source: 'longitude', label: l.fields.longitude, type: 'number', schema: optionalCoordinate('longitude') },
    { source: 'phone', label: l.fields.phone, type: 'phone', schema: optionalText(40) },
    { source: 'email', label: l.fields.email, type: 'email', schema: optionalEmail() },
    { source: 'website', label: l.fields.website, type: 'url', schema: optionalText(300) },
    { source: 'rating', label: l.fields.rating, type: 'number', readOnly: true },
  ],
  list: { columns: ['name', 'category', 'address', 'phone', 'status'], sort: { field: 'name', order: 'ASC' } },
  filters: [{ source: 'q' }, { source: 'category' }, { source: 'status' }],
  populate: [],
  // Searched by the backend without case or accents (fields: domain/search.ts).
  serverSearch: true,
  exportColumns: [
    { key: 'id', source: 'id' },
    { key: 'nom', source: 'name' },
    { key: 'categorie', source: 'category' },
    { key: 'adresse', source: 'address' },
    { key: 'telephone', source: 'phone' },
    { key: 'email', source: 'email' },
    { key: 'statut', source: 'status' },
  ],
  recordRepresentation: 'name',
  views: { list: true, create: true, edit: true, detail: true },
};
