// Public routes (no account yet, or a forgotten password): the controller checks every field itself.
export default {
  routes: [
    { method: 'POST', path: '/auth/forgot-password', handler: 'password-link.forgot', config: { auth: false } },
    { method: 'POST', path: '/auth/reset-password', handler: 'password-link.reset', config: { auth: false } },
    { method: 'POST', path: '/auth/reset-password/check', handler: 'password-link.check', config: { auth: false } },
  ],
};
