import { lazy } from 'react';
import { lazyWithPreload } from '../../common/lazyWithPreload';
import DirectoryIcon from '@mui/icons-material/ContactPhoneOutlined';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import { hoursToText } from '@mamoudzou/domain/openingHours';
import { DIRECTORY_CATEGORIES, type OpeningHours } from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';
import { messages as l } from './messages';
import { defineResource } from '../../generic/defineResource';
import { PLACE_STATUS_TONES } from '../tones';
import { directoryCategory, EMERGENCY_CATEGORIES, PUBLIC_SERVICE_CATEGORIES } from './directoryRecord';
import entry from './entry';

// The resource's own pieces (named slots), each loaded with the screen that shows it.
const DirectoryCardBody = lazy(() => import('./DirectoryCardBody'));
const DirectoryDetailBody = lazyWithPreload(() => import('./DirectoryDetailBody'));
const DirectoryCategoriesView = lazy(() => import('./DirectoryCategoriesView'));

/** The directory (/api/directory-entries): cards sorted featured first, tabs, open now, CSV import and export. */
export const annuaire = defineResource(entry, {
  texts: l.texts,
  labels: l.fields,
  errors: l.errors,
  fields: {
    name: { fullWidth: true, limitInput: true },
    description: {},
    category: { choices: DIRECTORY_CATEGORIES.map((c) => ({ id: c.id, name: c.name })) },
    subcategory: { type: 'select', dependsOn: { source: 'category', choices: (category) => directoryCategory(category)?.subcategories ?? [] } },
    status: { choiceLabels: fr.statuses.place, tones: PLACE_STATUS_TONES },
    phone: {},
    emergencyPhone: {},
    email: {},
    website: {},
    contactPerson: {},
    department: {},
    street: { label: l.fields.address, fullWidth: true },
    postalCode: {},
    city: {},
    services: { helperText: l.listHelp },
    tags: { helperText: l.listHelp },
    openingHours: { formLabel: '' },
    verified: {},
    featured: {},
  },
  list: {
    columns: ['name', 'category', 'phone', 'email', 'status'],
    // Featured first, then by name (sortFields).
    sort: { field: 'featured', order: 'DESC' },
    perPage: 24,
    layout: 'cards',
    extraFields: ['subcategory', 'emergencyPhone', 'services', 'openingHours', 'featured', 'verified'],
    views: [{ id: 'categories', label: l.tabs.categories, icon: CategoryIcon, component: DirectoryCategoriesView }],
  },
  card: { badges: ['status'], body: DirectoryCardBody },
  filters: [
    { source: 'q' },
    { source: 'category' },
    { source: 'status' },
    { source: 'verified', label: l.filters.verified, kind: 'switch' },
    { source: 'featured', label: l.filters.featured, kind: 'switch' },
  ],
  // Their own filter keys (category_in, featured_eq), so that the category select and the switches stay independent of the tabs.
  tabs: [
    { id: 'all', label: l.tabs.all, filter: {} },
    { id: 'emergency', path: 'urgences', label: l.tabs.emergency, filter: { category_in: EMERGENCY_CATEGORIES } },
    { id: 'public', path: 'services-publics', label: l.tabs.publicServices, filter: { category_in: PUBLIC_SERVICE_CATEGORIES } },
    { id: 'featured', path: 'mis-en-avant', label: l.tabs.featured, filter: { featured_eq: true } },
  ],
  summary: {
    cards: [
      { id: 'total', label: l.stats.total, icon: DirectoryIcon, count: {} },
      { id: 'emergency', label: l.stats.emergency, count: { category_in: EMERGENCY_CATEGORIES } },
      { id: 'public', label: l.stats.publicServices, count: { category_in: PUBLIC_SERVICE_CATEGORIES } },
      { id: 'verified', label: l.stats.verified, count: { verified: true } },
      { id: 'featured', label: l.stats.featured, count: { featured: true } },
    ],
  },
  actions: { row: ['show', 'edit', 'delete'], bulk: ['delete'], detail: ['edit', 'delete'] },
  detail: { body: DirectoryDetailBody, maxWidth: 'md' },
  form: {
    maxWidth: 'md',
    sections: [
      { title: l.form.general, fields: ['name', 'description', 'category', 'subcategory', 'status'] },
      { title: l.form.contact, fields: ['phone', 'emergencyPhone', 'email', 'website', 'contactPerson', 'department'] },
      { title: l.form.address, fields: ['street', 'postalCode', 'city'] },
      { title: l.form.servicesTags, fields: ['services', 'tags'] },
      { title: l.form.hours, fields: ['openingHours'] },
      { title: l.form.display, fields: ['verified', 'featured'] },
    ],
  },
  // The export's columns are the import's (the fields the forms edit): an exported file can be edited and imported back.
  exportColumns: [
    { key: 'id', source: 'id' },
    { key: 'nom', source: 'name' },
    { key: 'description', source: 'description' },
    { key: 'categorie', source: 'category', value: (r) => directoryCategory(r.category)?.name ?? r.category },
    { key: 'sousCategorie', source: 'subcategory', value: (r) => directoryCategory(r.category)?.subcategories.find((s) => s.id === r.subcategory)?.name ?? r.subcategory },
    { key: 'statut', source: 'status', value: (r) => fr.statuses.place[r.status as keyof typeof fr.statuses.place] ?? r.status },
    { key: 'telephone', source: 'phone' },
    { key: 'urgence', source: 'emergencyPhone' },
    { key: 'email', source: 'email', aliases: ['courriel'] },
    { key: 'siteWeb', source: 'website' },
    { key: 'contact', source: 'contactPerson' },
    { key: 'service', source: 'department' },
    { key: 'adresse', source: 'street' },
    { key: 'codePostal', source: 'postalCode' },
    { key: 'ville', source: 'city' },
    { key: 'services', source: 'services', format: 'list' },
    { key: 'tags', source: 'tags', format: 'list' },
    { key: 'horaires', source: 'openingHours', value: (r) => hoursToText(r.openingHours as OpeningHours) },
    { key: 'verifiee', source: 'verified', format: 'yesno' },
    { key: 'miseEnAvant', source: 'featured', format: 'yesno' },
  ],
  import: {
    sample: [
      {
        name: 'Centre communal d’action sociale', category: 'services_publics', status: 'active', phone: '0269 61 10 20', email: 'ccas@mamoudzou.yt',
        street: 'Place Mariage', postalCode: '97600', city: 'Mamoudzou', services: ['Aides sociales', 'Domiciliation'], verified: true,
        openingHours: { monday: { isOpen: true, periods: [{ open: '07:30', close: '15:30' }] }, tuesday: { isOpen: true, periods: [{ open: '07:30', close: '15:30' }] } },
      },
      { name: 'Association sportive de Kawéni', category: 'associations', subcategory: 'sport', phone: '0639 00 00 00', tags: ['football'] },
    ],
  },
});

export default annuaire;
