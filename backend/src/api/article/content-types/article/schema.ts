import { ARTICLE_STATUSES, SLUG_PATTERN } from '@mamoudzou/domain/vocabulary';

export default {
  kind: 'collectionType',
  collectionName: 'articles',
  info: { singularName: 'article', pluralName: 'articles', displayName: 'Actualité' },
  options: { draftAndPublish: false },
  indexes: [
    { name: 'articles_date_idx', columns: ['date'] },
    { name: 'articles_status_idx', columns: ['status'] },
    { name: 'articles_created_at_idx', columns: ['created_at'] },
  ],
  attributes: {
    title: { type: 'string', required: true, maxLength: 200 },
    slug: { type: 'string', required: true, unique: true, maxLength: 200, regex: SLUG_PATTERN },
    summary: { type: 'text', maxLength: 500 },
    body: { type: 'blocks' },
    date: { type: 'datetime', required: true },
    coverImage: { type: 'media', multiple: false, allowedTypes: ['images'] },
    gallery: { type: 'media', multiple: true, allowedTypes: ['images'] },
    status: { type: 'enumeration', enum: [...ARTICLE_STATUSES], default: 'draft' },
    // Who wrote it (the account's id), the backend's: an Auteur changes and deletes only their own drafts (src/content/publishing.ts).
    authorId: { type: 'integer' },
    // When it was last published; the backend's (src/content/publishing.ts).
    publishedOn: { type: 'datetime' },
    // Accent- and case-insensitive search (backend/src/search/search-text.ts).
  },
};
