// The login's steps come before any session: those routes check the challenge or the bearer token
// themselves (controllers/two-factor.ts), like the refresh and the logout. The rate limit is the login's.
const loginStep = { auth: false as const, middlewares: ['plugin::users-permissions.rateLimit'] };

export default {
  routes: [
    { method: 'GET', path: '/auth/mfa', handler: 'two-factor.status', config: { auth: false } },
    { method: 'POST', path: '/auth/mfa/setup', handler: 'two-factor.setup', config: loginStep },
    { method: 'POST', path: '/auth/mfa/enable', handler: 'two-factor.enable', config: loginStep },
    { method: 'POST', path: '/auth/mfa/verify', handler: 'two-factor.verify', config: loginStep },
    { method: 'POST', path: '/auth/mfa/disable', handler: 'two-factor.disable', config: loginStep },
    // An administrator's view and reset of a person's two-factor (matrix: utilisateurs).
    { method: 'GET', path: '/users/:id/two-factor', handler: 'two-factor.findOne' },
    { method: 'POST', path: '/users/:id/two-factor/reset', handler: 'two-factor.reset' },
  ],
};
