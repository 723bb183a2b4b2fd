import ArticleIcon from '@mui/icons-material/NewspaperOutlined';
import { ARTICLE_STATUS_LABELS, ARTICLE_STATUSES } from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';
import { choicesOf } from '../../generic/choices';
import { oneOf, optionalText, requiredDate, requiredText } from '../../generic/schema';
import type { ResourceConfig } from '../../generic/types';
import { ARTICLE_STATUS_TONES } from '../tones';

const l = fr.resources.actualites;

/** News articles (/api/articles). */
export const actualites: ResourceConfig = {
  name: 'actualites',
  endpoint: 'articles',
  label: l.label,
  recordLabel: 'Actualité',
  icon: ArticleIcon,
  menu: { group: 'contenus', order: 1 },
  access: { module: 'contenus' },
  quickCreate: fr.header.createArticle,
  texts: l.texts,
  fields: [
    { source: 'title', label: l.fields.title, type: 'text', cell: 'title', schema: requiredText(200, { required: 'Le titre est requis', tooLong: 'Le titre ne peut pas dépasser 200 caractères' }) },
    { source: 'slug', label: l.fields.slug, type: 'text', schema: requiredText(200, { required: 'Le slug est requis', tooLong: 'Le slug ne peut pas dépasser 200 caractères' }) },
    { source: 'summary', label: l.fields.summary, type: 'longtext', schema: optionalText(500, 'Le résumé ne peut pas dépasser 500 caractères') },
    { source: 'body', label: 'Contenu', type: 'blocks' },
    { source: 'date', label: l.fields.date, type: 'datetime', schema: requiredDate('La date est requise') },
    { source: 'status', label: l.fields.status, type: 'select', choices: choicesOf(ARTICLE_STATUSES, ARTICLE_STATUS_LABELS), tones: ARTICLE_STATUS_TONES, schema: oneOf(ARTICLE_STATUSES, false) },
    { source: 'coverImage', label: l.fields.coverImage, type: 'image' },
    { source: 'gallery', label: 'Galerie', type: 'images' },
  ],
  list: { columns: ['title', 'slug', 'date', 'coverImage', 'status'], sort: { field: 'date', order: 'DESC' } },
  filters: [{ source: 'q' }, { source: 'status' }],
  populate: ['coverImage'],
  populateOne: ['coverImage', 'gallery'],
  // Searched by the backend without case or accents (fields: domain/search.ts).
  serverSearch: true,
  mediaFields: ['coverImage', 'gallery'],
  uploadFailurePrefixes: { coverImage: 'Cover image upload failed', gallery: 'Gallery images upload failed' },
  exportColumns: [
    { key: 'id', source: 'id' },
    { key: 'titre', source: 'title' },
    { key: 'slug', source: 'slug' },
    { key: 'resume', source: 'summary' },
    { key: 'contenu', source: 'body' },
    { key: 'date', source: 'date' },
    { key: 'dateCreation', source: 'createdAt' },
    { key: 'dateModification', source: 'updatedAt' },
    { key: 'datePublication', source: 'publishedAt' },
    { key: 'imageCouverture', source: 'coverImage' },
    { key: 'nombreImages', source: 'gallery' },
  ],
  recordRepresentation: 'title',
  views: { list: true, create: true, edit: true, detail: true },
};
