/**
 * What the articles' and the events' forms say alike (the module « Contenus »): their title, slug and date
 * under the same rules (domain/attributes/article.ts and event.ts), so the same sentences.
 */
export const CONTENT_FIELD_ERRORS = {
  title: { required: 'Le titre est requis', tooLong: 'Le titre ne peut pas dépasser 200 caractères' },
  slug: { required: 'Le slug est requis', tooLong: 'Le slug ne peut pas dépasser 200 caractères' },
  date: 'La date est requise',
};
