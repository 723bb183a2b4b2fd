// Loaded before the core router (files load in name order) so that /directory-entries/import is its own route.
export default {
  routes: [{ method: 'POST', path: '/directory-entries/import', handler: 'directory-entry.import' }],
};
