import { defineAttributes } from '../attributes';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES } from '../notifications';
import { NOTIFICATION_PRIORITIES } from '../vocabulary';

/** A notification of one user: only its owner reads and changes it (read or not). */
export const NOTIFICATION_ATTRIBUTES = defineAttributes({
  // The owner's id (an integer, not a relation: one indexed column, no join on every list).
  userId: { type: 'integer', required: true, computed: true },
  title: { type: 'string', required: true, maxLength: 300 },
  message: { type: 'text', maxLength: 2000 },
  type: { type: 'enumeration', enum: NOTIFICATION_TYPES, default: 'info' },
  category: { type: 'enumeration', enum: NOTIFICATION_CATEGORIES, default: 'system' },
  priority: { type: 'enumeration', enum: NOTIFICATION_PRIORITIES, default: 'medium' },
  read: { type: 'boolean', default: false },
  // When it was read: the backend's, as it marks it read.
  readAt: { type: 'datetime', computed: true },
  data: { type: 'json' },
});
