import { defineAttributes, STRING_LIST_BOUNDS } from '../attributes';
import { DIRECTORY_CATEGORIES, PLACE_STATUSES } from '../vocabulary';

/**
 * An entry of the town's directory (a service, an association, an emergency number). Contact and address are
 * flat columns, not nested objects, so that lists can filter and search them on the server.
 */
export const DIRECTORY_ENTRY_ATTRIBUTES = defineAttributes({
  name: { type: 'string', required: true, maxLength: 200 },
  description: { type: 'text', maxLength: 2000 },
  category: { type: 'enumeration', enum: DIRECTORY_CATEGORIES.map((c) => c.id), required: true },
  subcategory: { type: 'string', maxLength: 60 },
  phone: { type: 'string', maxLength: 40, kind: 'phone' },
  emergencyPhone: { type: 'string', maxLength: 40, kind: 'phone' },
  email: { type: 'email' },
  contactPerson: { type: 'string', maxLength: 120 },
  department: { type: 'string', maxLength: 120 },
  street: { type: 'string', maxLength: 300 },
  city: { type: 'string', maxLength: 120, default: 'Mamoudzou' },
  postalCode: { type: 'string', maxLength: 10, default: '97600' },
  country: { type: 'string', maxLength: 60, default: 'France' },
  region: { type: 'string', maxLength: 60, default: 'Mayotte' },
  latitude: { type: 'float', min: -90, max: 90, kind: 'latitude' },
  longitude: { type: 'float', min: -180, max: 180, kind: 'longitude' },
  services: { type: 'json', kind: 'stringList', ...STRING_LIST_BOUNDS.services },
  tags: { type: 'json', kind: 'stringList', ...STRING_LIST_BOUNDS.tags },
  website: { type: 'string', maxLength: 300, kind: 'url' },
  facebook: { type: 'string', maxLength: 300, kind: 'url' },
  openingHours: { type: 'json', kind: 'openingHours' },
  // Reviews are not written in the back-office.
  rating: { type: 'decimal', min: 0, max: 5, default: 0, computed: true },
  reviewCount: { type: 'integer', min: 0, default: 0, computed: true },
  featured: { type: 'boolean', default: false },
  verified: { type: 'boolean', default: false },
  status: { type: 'enumeration', enum: PLACE_STATUSES, default: 'active' },
});
