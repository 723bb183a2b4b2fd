import { EVENT_CATEGORIES, EVENT_STATUSES, SLUG_PATTERN } from '@mamoudzou/domain/vocabulary';

export default {
  kind: 'collectionType',
  collectionName: 'events',
  info: { singularName: 'event', pluralName: 'events', displayName: 'Événement' },
  options: { draftAndPublish: false },
  indexes: [
    { name: 'events_date_idx', columns: ['date'] },
    { name: 'events_category_idx', columns: ['category'] },
    { name: 'events_created_at_idx', columns: ['created_at'] },
    { name: 'events_status_idx', columns: ['status'] },
  ],
  attributes: {
    title: { type: 'string', required: true, maxLength: 200 },
    slug: { type: 'string', required: true, unique: true, maxLength: 200, regex: SLUG_PATTERN },
    description: { type: 'blocks' },
    date: { type: 'date', required: true },
    time: { type: 'time', default: '18:00:00.000' },
    location: { type: 'string', required: true, maxLength: 200 },
    category: { type: 'enumeration', enum: [...EVENT_CATEGORIES], required: true, default: 'Autre' },
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
    // Who wrote it (the account's id), the backend's: an Auteur changes and deletes only their own drafts (src/content/publishing.ts).
    authorId: { type: 'integer' },
    // Published unless an Author wrote it under approval (src/content/publishing.ts).
    status: { type: 'enumeration', enum: [...EVENT_STATUSES], default: 'published' },
    // Accent- and case-insensitive search (backend/src/search/search-text.ts).
  },
};
