// Loaded before the core router (files load in name order) so that /events/stats is not read as an id.
export default {
  routes: [{ method: 'GET', path: '/events/stats', handler: 'event.stats' }],
};
