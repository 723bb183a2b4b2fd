/** GET /api/role-matrix: what each staff role may do per module and action (who reads the users). */
export default {
  routes: [{ method: 'GET', path: '/role-matrix', handler: 'role-matrix.find' }],
};
