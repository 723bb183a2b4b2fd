import { contentType } from '../../../../utils/content-type';

// Its attributes: domain/attributes/directory-entry.ts.
export default contentType('directory-entry', {
  displayName: 'Annuaire',
  indexes: [
    { name: 'directory_entries_category_idx', columns: ['category'] },
    { name: 'directory_entries_status_idx', columns: ['status'] },
    { name: 'directory_entries_name_idx', columns: ['name'] },
  ],
});
