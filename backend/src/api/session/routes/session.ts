// The controller checks the bearer token itself: an expired or ended session gets a 401, and every
// signed-in account (the default role included) may refresh and log out.
export default {
  routes: [
    { method: 'GET', path: '/auth/refresh-token', handler: 'session.refresh', config: { auth: false } },
    { method: 'POST', path: '/auth/logout', handler: 'session.logout', config: { auth: false } },
  ],
};
