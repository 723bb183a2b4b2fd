/** GET /api/role-matrix: what each staff role may do per module and action (administrators only). */
export default {
  routes: [{ method: 'GET', path: '/role-matrix', handler: 'role-matrix.find' }],
};
