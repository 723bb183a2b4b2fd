/**
 * A user's own notifications. No generic create or update route: notifications are written by the
 * backend (content events, the test button); a user marks them read and deletes them.
 */
export default {
  routes: [
    { method: 'GET', path: '/notifications', handler: 'notification.find' },
    { method: 'GET', path: '/notifications/unread-count', handler: 'notification.unreadCount' },
    { method: 'GET', path: '/notifications/preferences', handler: 'notification.preferences' },
    { method: 'PUT', path: '/notifications/preferences', handler: 'notification.updatePreferences' },
    { method: 'POST', path: '/notifications/read-all', handler: 'notification.readAll' },
    { method: 'POST', path: '/notifications/clear', handler: 'notification.clear' },
    { method: 'POST', path: '/notifications/test', handler: 'notification.test' },
    { method: 'GET', path: '/notifications/:id', handler: 'notification.findOne' },
    { method: 'PUT', path: '/notifications/:id', handler: 'notification.update' },
    { method: 'DELETE', path: '/notifications/:id', handler: 'notification.delete' },
  ],
};
