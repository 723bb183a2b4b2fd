import type { FieldOf } from '@mamoudzou/domain/resources';
import type { SystemField } from '@mamoudzou/domain/attributes';
import type { ResourceColumn } from '../../generic/types';
import { fromStrapiTime } from '../../i18n/dates';

/** The event export's columns: the description flattened, the time as HH:mm, the image Oui/Non. */
export const eventExportColumns: ResourceColumn<FieldOf<'event'> | SystemField>[] = [
  { key: 'id', source: 'id' },
  { key: 'titre', source: 'title' },
  { key: 'slug', source: 'slug' },
  { key: 'description', source: 'description', format: 'blocks' },
  { key: 'date', source: 'date', format: 'date' },
  { key: 'heure', source: 'time', value: (r) => fromStrapiTime(r.time) },
  { key: 'lieu', source: 'location' },
  { key: 'categorie', source: 'category' },
  { key: 'image', source: 'image', format: 'yesno' },
  { key: 'dateCreation', source: 'createdAt', format: 'datetime' },
  { key: 'dateModification', source: 'updatedAt', format: 'datetime' },
];
