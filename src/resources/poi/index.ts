import { lazy } from 'react';
import { lazyWithPreload } from '../../common/lazyWithPreload';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import { hoursToText } from '@mamoudzou/domain/openingHours';
import type { PoiStats } from '@mamoudzou/domain/places';
import { POI_CATEGORIES, type OpeningHours } from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';
import { messages as l } from './messages';
import { defineResource } from '../../generic/defineResource';
import { PLACE_STATUS_TONES } from '../tones';
import { poiCategory, ratingText } from './poiRecord';
import entry from './entry';

// The resource's own pieces (named slots), each loaded with the screen that shows it.
const PoiCardBody = lazy(() => import('./PoiCardBody'));
const PoiDetailBody = lazyWithPreload(() => import('./PoiDetailBody'));
const PoiMapView = lazy(() => import('./PoiMapView'));
const PoiCategoriesView = lazy(() => import('./PoiCategoriesView'));

/** Points of interest (/api/pois): cards, a map and categories beside the list, CSV import and export. */
export const poi = defineResource(entry, {
  texts: l.texts,
  labels: l.fields,
  errors: l.errors,
  fields: {
    name: { fullWidth: true, limitInput: true },
    description: {},
    category: { choices: POI_CATEGORIES.map((c) => ({ id: c.id, name: c.name })) },
    subcategory: { type: 'select', dependsOn: { source: 'category', choices: (category) => poiCategory(category)?.subcategories ?? [] } },
    status: { choiceLabels: fr.statuses.place, tones: PLACE_STATUS_TONES },
    address: { fullWidth: true },
    location: { type: 'location', coordinates: { latitude: 'latitude', longitude: 'longitude' } },
    latitude: {},
    longitude: {},
    phone: {},
    email: {},
    website: {},
    wheelchairAccessible: {},
    parkingAvailable: {},
    publicTransportNearby: {},
    services: { helperText: l.listHelp },
    tags: { helperText: l.listHelp },
    openingHours: { formLabel: '' },
    rating: {},
    reviewCount: {},
  },
  list: {
    columns: ['name', 'category', 'address', 'phone', 'status'],
    sort: { field: 'name', order: 'ASC' },
    perPage: 24,
    layout: 'cards',
    extraFields: ['subcategory', 'rating', 'reviewCount', 'tags', 'openingHours'],
    label: l.views.list,
    views: [
      { id: 'map', path: 'carte', label: l.views.map, icon: MapIcon, component: PoiMapView },
      { id: 'categories', label: l.views.categories, icon: CategoryIcon, component: PoiCategoriesView },
    ],
  },
  card: { badges: ['status'], lines: ['address'], body: PoiCardBody },
  filters: [{ source: 'q' }, { source: 'category' }, { source: 'status' }],
  summary: {
    stats: '/api/pois/stats',
    cards: [
      { id: 'total', label: l.stats.total, icon: PlaceIcon, count: {} },
      { id: 'active', label: l.stats.active, count: { status: 'active' } },
      { id: 'rating', label: l.stats.rating, value: (stats) => ((stats as unknown as PoiStats).averageRating ? `${ratingText((stats as unknown as PoiStats).averageRating)} / 5` : '—') },
      { id: 'categories', label: l.stats.categories, icon: CategoryIcon, value: (stats) => (stats as unknown as PoiStats).categories },
    ],
  },
  actions: { row: ['show', 'edit', 'delete'], bulk: ['delete'], detail: ['edit', 'delete'] },
  detail: { body: PoiDetailBody, maxWidth: 'md' },
  form: {
    maxWidth: 'md',
    sections: [
      { title: l.form.general, fields: ['name', 'description', 'category', 'subcategory', 'status'] },
      { title: l.form.location, fields: ['address', 'location', 'latitude', 'longitude'] },
      { title: l.form.contact, fields: ['phone', 'email', 'website'] },
      { title: l.form.accessibility, fields: ['wheelchairAccessible', 'parkingAvailable', 'publicTransportNearby'] },
      { title: l.form.servicesTags, fields: ['services', 'tags'] },
      { title: l.form.hours, fields: ['openingHours'] },
    ],
  },
  // The export's columns are the import's (the fields the forms edit): an exported file can be edited and imported back.
  exportColumns: [
    { key: 'id', source: 'id' },
    { key: 'nom', source: 'name' },
    { key: 'description', source: 'description' },
    { key: 'categorie', source: 'category', value: (r) => poiCategory(r.category)?.name ?? r.category },
    { key: 'sousCategorie', source: 'subcategory', value: (r) => poiCategory(r.category)?.subcategories.find((s) => s.id === r.subcategory)?.name ?? r.subcategory },
    { key: 'statut', source: 'status', value: (r) => fr.statuses.place[r.status as keyof typeof fr.statuses.place] ?? r.status },
    { key: 'adresse', source: 'address' },
    { key: 'latitude', source: 'latitude', aliases: ['lat'] },
    { key: 'longitude', source: 'longitude', aliases: ['lng', 'lon'] },
    { key: 'telephone', source: 'phone' },
    { key: 'email', source: 'email', aliases: ['courriel'] },
    { key: 'siteWeb', source: 'website' },
    { key: 'fauteuilRoulant', source: 'wheelchairAccessible', format: 'yesno' },
    { key: 'parking', source: 'parkingAvailable', format: 'yesno' },
    { key: 'transportsEnCommun', source: 'publicTransportNearby', format: 'yesno' },
    { key: 'services', source: 'services', format: 'list' },
    { key: 'tags', source: 'tags', format: 'list' },
    { key: 'horaires', source: 'openingHours', value: (r) => hoursToText(r.openingHours as OpeningHours) },
    // Shown, never typed in a form, but kept through a spreadsheet's round trip.
    { key: 'note', source: 'rating', importable: true },
    { key: 'nombreAvis', source: 'reviewCount', importable: true },
  ],
  import: {
    sample: [
      {
        name: 'Plage de Mtsapéré', description: 'Petite plage du front de mer.', category: 'loisirs', subcategory: 'plage', status: 'active',
        address: 'Front de mer, Mtsapéré, 97600 Mamoudzou', latitude: -12.7968, longitude: 45.2243, tags: ['plage', 'baignade'], services: ['Douches'],
        publicTransportNearby: true, openingHours: { monday: { isOpen: true, periods: [{ open: '06:00', close: '19:00' }] }, sunday: { isOpen: true, periods: [{ open: '06:00', close: '19:00' }] } },
      },
      {
        name: 'Boulangerie de Cavani', category: 'commerce', subcategory: 'boutique', address: 'Rue de Cavani, 97600 Mamoudzou', phone: '0269 61 00 00',
        wheelchairAccessible: true, tags: ['pain'],
      },
    ],
  },
});

export default poi;
