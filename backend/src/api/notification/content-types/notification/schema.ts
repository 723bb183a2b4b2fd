import { contentType } from '../../../../utils/content-type';

/** A notification of one user: only its owner reads and changes it. Its attributes: domain/attributes/notification.ts. */
export default contentType('notification', {
  indexes: [
    { name: 'notifications_user_read_idx', columns: ['user_id', 'read'] },
    { name: 'notifications_user_created_idx', columns: ['user_id', 'created_at'] },
  ],
});
