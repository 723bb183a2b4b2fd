import { HTTP_URL_PATTERN } from '@mamoudzou/domain/input';
import { PLACE_STATUSES, POI_CATEGORIES } from '@mamoudzou/domain/vocabulary';

export default {
  kind: 'collectionType',
  collectionName: 'pois',
  info: { singularName: 'poi', pluralName: 'pois', displayName: "Point d'intérêt" },
  options: { draftAndPublish: false },
  indexes: [
    { name: 'pois_category_idx', columns: ['category'] },
    { name: 'pois_status_idx', columns: ['status'] },
    { name: 'pois_name_idx', columns: ['name'] },
  ],
  attributes: {
    name: { type: 'string', required: true, maxLength: 200 },
    description: { type: 'text', maxLength: 2000 },
    category: { type: 'enumeration', enum: POI_CATEGORIES.map((c) => c.id), required: true },
    subcategory: { type: 'string', maxLength: 60 },
    latitude: { type: 'float', min: -90, max: 90 },
    longitude: { type: 'float', min: -180, max: 180 },
    address: { type: 'string', required: true, maxLength: 300 },
    phone: { type: 'string', maxLength: 40 },
    email: { type: 'email' },
    website: { type: 'string', maxLength: 300, regex: HTTP_URL_PATTERN },
    // { monday: { isOpen, periods: [{ open: 'HH:mm', close: 'HH:mm' }] }, ... }
    openingHours: { type: 'json' },
    tags: { type: 'json' },
    services: { type: 'json' },
    rating: { type: 'decimal', min: 0, max: 5, default: 0 },
    reviewCount: { type: 'integer', min: 0, default: 0 },
    wheelchairAccessible: { type: 'boolean', default: false },
    parkingAvailable: { type: 'boolean', default: false },
    publicTransportNearby: { type: 'boolean', default: false },
    status: { type: 'enumeration', enum: [...PLACE_STATUSES], default: 'active' },
    // Accent- and case-insensitive search (backend/src/search/search-text.ts).
  },
};
