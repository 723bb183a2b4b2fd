import { HTTP_URL_PATTERN } from '@mamoudzou/domain/input';
import { DIRECTORY_CATEGORIES, PLACE_STATUSES } from '@mamoudzou/domain/vocabulary';

// Contact and address are flat columns here, not nested objects, so that lists can
// filter and search them on the server.
export default {
  kind: 'collectionType',
  collectionName: 'directory_entries',
  info: { singularName: 'directory-entry', pluralName: 'directory-entries', displayName: 'Annuaire' },
  options: { draftAndPublish: false },
  indexes: [
    { name: 'directory_entries_category_idx', columns: ['category'] },
    { name: 'directory_entries_status_idx', columns: ['status'] },
    { name: 'directory_entries_name_idx', columns: ['name'] },
  ],
  attributes: {
    name: { type: 'string', required: true, maxLength: 200 },
    description: { type: 'text', maxLength: 2000 },
    category: { type: 'enumeration', enum: DIRECTORY_CATEGORIES.map((c) => c.id), required: true },
    subcategory: { type: 'string', maxLength: 60 },
    phone: { type: 'string', maxLength: 40 },
    emergencyPhone: { type: 'string', maxLength: 40 },
    email: { type: 'email' },
    contactPerson: { type: 'string', maxLength: 120 },
    department: { type: 'string', maxLength: 120 },
    street: { type: 'string', maxLength: 300 },
    city: { type: 'string', maxLength: 120, default: 'Mamoudzou' },
    postalCode: { type: 'string', maxLength: 10, default: '97600' },
    country: { type: 'string', maxLength: 60, default: 'France' },
    region: { type: 'string', maxLength: 60, default: 'Mayotte' },
    latitude: { type: 'float', min: -90, max: 90 },
    longitude: { type: 'float', min: -180, max: 180 },
    services: { type: 'json' },
    tags: { type: 'json' },
    website: { type: 'string', maxLength: 300, regex: HTTP_URL_PATTERN },
    facebook: { type: 'string', maxLength: 300, regex: HTTP_URL_PATTERN },
    openingHours: { type: 'json' },
    rating: { type: 'decimal', min: 0, max: 5, default: 0 },
    reviewCount: { type: 'integer', min: 0, default: 0 },
    featured: { type: 'boolean', default: false },
    verified: { type: 'boolean', default: false },
    status: { type: 'enumeration', enum: [...PLACE_STATUSES], default: 'active' },
    // Accent- and case-insensitive search (backend/src/search/search-text.ts).
  },
};
