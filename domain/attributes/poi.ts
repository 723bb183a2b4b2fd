import { defineAttributes, STRING_LIST_BOUNDS } from '../attributes';
import { PLACE_STATUSES, POI_CATEGORIES } from '../vocabulary';

/** A point of interest of the town (a beach, a market, a town hall's annex). */
export const POI_ATTRIBUTES = defineAttributes({
  name: { type: 'string', required: true, maxLength: 200 },
  description: { type: 'text', maxLength: 2000 },
  category: { type: 'enumeration', enum: POI_CATEGORIES.map((c) => c.id), required: true },
  subcategory: { type: 'string', maxLength: 60 },
  status: { type: 'enumeration', enum: PLACE_STATUSES, default: 'active' },
  address: { type: 'string', required: true, maxLength: 300 },
  latitude: { type: 'float', min: -90, max: 90, kind: 'latitude' },
  longitude: { type: 'float', min: -180, max: 180, kind: 'longitude' },
  phone: { type: 'string', maxLength: 40, kind: 'phone' },
  email: { type: 'email' },
  website: { type: 'string', maxLength: 300, kind: 'url' },
  wheelchairAccessible: { type: 'boolean', default: false },
  parkingAvailable: { type: 'boolean', default: false },
  publicTransportNearby: { type: 'boolean', default: false },
  services: { type: 'json', kind: 'stringList', ...STRING_LIST_BOUNDS.services },
  tags: { type: 'json', kind: 'stringList', ...STRING_LIST_BOUNDS.tags },
  openingHours: { type: 'json', kind: 'openingHours' },
  // Reviews are not written in the back-office.
  rating: { type: 'decimal', min: 0, max: 5, default: 0, computed: true },
  reviewCount: { type: 'integer', min: 0, default: 0, computed: true },
});
