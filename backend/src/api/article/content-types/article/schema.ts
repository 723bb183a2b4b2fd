import { contentType } from '../../../../utils/content-type';

// Its attributes: domain/attributes/article.ts.
export default contentType('article', {
  displayName: 'Actualité',
  indexes: [
    { name: 'articles_date_idx', columns: ['date'] },
    { name: 'articles_status_idx', columns: ['status'] },
    { name: 'articles_created_at_idx', columns: ['created_at'] },
  ],
});
