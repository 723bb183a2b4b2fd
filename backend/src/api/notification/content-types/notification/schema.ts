import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES } from '@mamoudzou/domain/notifications';
import { NOTIFICATION_PRIORITIES } from '@mamoudzou/domain/vocabulary';

/** A notification of one user: only its owner reads and changes it. */
export default {
  kind: 'collectionType',
  collectionName: 'notifications',
  info: { singularName: 'notification', pluralName: 'notifications', displayName: 'Notification' },
  options: { draftAndPublish: false },
  indexes: [
    { name: 'notifications_user_read_idx', columns: ['user_id', 'read'] },
    { name: 'notifications_user_created_idx', columns: ['user_id', 'created_at'] },
  ],
  attributes: {
    // The owner's id (an integer, not a relation: one indexed column, no join on every list).
    userId: { type: 'integer', required: true },
    title: { type: 'string', required: true, maxLength: 300 },
    message: { type: 'text', maxLength: 2000 },
    type: { type: 'enumeration', enum: [...NOTIFICATION_TYPES], default: 'info' },
    category: { type: 'enumeration', enum: [...NOTIFICATION_CATEGORIES], default: 'system' },
    priority: { type: 'enumeration', enum: [...NOTIFICATION_PRIORITIES], default: 'medium' },
    read: { type: 'boolean', default: false },
    readAt: { type: 'datetime' },
    data: { type: 'json' },
  },
};
