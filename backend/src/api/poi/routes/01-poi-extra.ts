// Loaded before the core router (files load in name order) so that /pois/stats is not read as an id.
export default {
  routes: [
    { method: 'GET', path: '/pois/stats', handler: 'poi.stats' },
    { method: 'POST', path: '/pois/import', handler: 'poi.import' },
  ],
};
