import { defineAttributes } from '../attributes';
import { ARTICLE_STATUSES, SLUG_PATTERN } from '../vocabulary';

/** A news article of the town (« Actualités »). */
export const ARTICLE_ATTRIBUTES = defineAttributes({
  title: { type: 'string', required: true, maxLength: 200 },
  slug: { type: 'string', required: true, unique: true, maxLength: 200, regex: SLUG_PATTERN },
  summary: { type: 'text', maxLength: 500 },
  body: { type: 'blocks' },
  date: { type: 'datetime', required: true },
  coverImage: { type: 'media', multiple: false, allowedTypes: ['images'] },
  gallery: { type: 'media', multiple: true, allowedTypes: ['images'] },
  status: { type: 'enumeration', enum: ARTICLE_STATUSES, default: 'draft' },
  // Who wrote it (the account's id), the backend's: an Auteur changes and deletes only their own drafts (backend/src/content/publishing.ts).
  authorId: { type: 'integer', computed: true },
  // When it was last published; the backend's (backend/src/content/publishing.ts).
  publishedOn: { type: 'datetime', computed: true },
});
