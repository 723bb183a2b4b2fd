/** POST /api/invitations { user }: the invitation of an account that has not chosen its password, sent again (who creates users). */
export default {
  routes: [{ method: 'POST', path: '/invitations', handler: 'invitation.create' }],
};
