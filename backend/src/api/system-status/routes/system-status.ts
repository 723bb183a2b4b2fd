/** GET /api/system-status: what only the server knows, for the Intégrations page (who reads integrations: administrators and Editors). */
export default {
  routes: [{ method: 'GET', path: '/system-status', handler: 'system-status.find' }],
};
