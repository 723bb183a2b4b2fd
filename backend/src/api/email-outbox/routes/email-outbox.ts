/** The outbox, read only (administrators), and « Renvoyer » for a failed mail. No route writes a mail: the backend queues them. */
export default {
  routes: [
    { method: 'GET', path: '/email-outbox', handler: 'email-outbox.find' },
    { method: 'GET', path: '/email-outbox/stats', handler: 'email-outbox.stats' },
    { method: 'GET', path: '/email-outbox/:id', handler: 'email-outbox.findOne' },
    { method: 'POST', path: '/email-outbox/:id/resend', handler: 'email-outbox.resend' },
  ],
};
