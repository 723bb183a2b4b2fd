import { contentType } from '../../../../utils/content-type';

// Its attributes: domain/attributes/poi.ts.
export default contentType('poi', {
  indexes: [
    { name: 'pois_category_idx', columns: ['category'] },
    { name: 'pois_status_idx', columns: ['status'] },
    { name: 'pois_name_idx', columns: ['name'] },
  ],
});
