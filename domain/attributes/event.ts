import { defineAttributes } from '../attributes';
import { EVENT_CATEGORIES, EVENT_STATUSES, SLUG_PATTERN } from '../vocabulary';

/** An event of the town: a calendar day and a wall-clock time of the town, never shifted by a time zone. */
export const EVENT_ATTRIBUTES = defineAttributes({
  title: { type: 'string', required: true, maxLength: 200 },
  slug: { type: 'string', required: true, unique: true, maxLength: 200, regex: SLUG_PATTERN },
  description: { type: 'blocks' },
  date: { type: 'date', required: true },
  time: { type: 'time', default: '18:00:00.000' },
  location: { type: 'string', required: true, maxLength: 200 },
  category: { type: 'enumeration', enum: EVENT_CATEGORIES, required: true, default: 'Autre' },
  image: { type: 'media', multiple: false, allowedTypes: ['images'] },
  // Who wrote it (the account's id), the backend's: an Auteur changes and deletes only their own drafts (backend/src/content/publishing.ts).
  authorId: { type: 'integer', computed: true },
  // Published unless an Author wrote it under approval (backend/src/content/publishing.ts).
  status: { type: 'enumeration', enum: EVENT_STATUSES, default: 'published' },
});
