import type { FieldOf } from '@mamoudzou/domain/resources';
import type { SystemField } from '@mamoudzou/domain/attributes';
import type { ResourceColumn } from '../../generic/types';

/** The article export's columns: rich text flattened, dates in the town's time, cover Oui/Non, the gallery's size. */
export const articleExportColumns: ResourceColumn<FieldOf<'article'> | SystemField>[] = [
  { key: 'id', source: 'id' },
  { key: 'titre', source: 'title' },
  { key: 'slug', source: 'slug' },
  { key: 'resume', source: 'summary', format: 'blocks' },
  { key: 'contenu', source: 'body', format: 'blocks' },
  { key: 'date', source: 'date', format: 'datetime' },
  { key: 'dateCreation', source: 'createdAt', format: 'datetime' },
  { key: 'dateModification', source: 'updatedAt', format: 'datetime' },
  { key: 'datePublication', source: 'publishedOn', format: 'datetime' },
  { key: 'imageCouverture', source: 'coverImage', format: 'yesno' },
  { key: 'nombreImages', source: 'gallery', format: 'count' },
];
