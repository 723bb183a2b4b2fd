/** GET /api/search?q=: the global search (Ctrl+K) over what the caller's role may read. */
export default {
  routes: [{ method: 'GET', path: '/search', handler: 'search.find' }],
};
