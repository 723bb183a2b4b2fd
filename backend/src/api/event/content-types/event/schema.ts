import { contentType } from '../../../../utils/content-type';

// Its attributes: domain/attributes/event.ts.
export default contentType('event', {
  indexes: [
    { name: 'events_date_idx', columns: ['date'] },
    { name: 'events_category_idx', columns: ['category'] },
    { name: 'events_created_at_idx', columns: ['created_at'] },
    { name: 'events_status_idx', columns: ['status'] },
  ],
});
