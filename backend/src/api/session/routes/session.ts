export default {
  routes: [
    {
      method: 'GET',
      path: '/auth/refresh-token',
      handler: 'session.refresh',
      // The controller checks the bearer token itself so that an expired one gets a 401.
      config: { auth: false },
    },
  ],
};
