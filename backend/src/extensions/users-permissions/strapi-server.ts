import { strapiAttributes } from '@mamoudzou/domain/attributes';
import { USER_OWN_ATTRIBUTES } from '@mamoudzou/domain/attributes/user';
import { requestedSearch, withSearch } from '../../search/search-text';
import { withLoginRules, withSessionToken } from '../../auth/login';
import { withSecondStep } from '../../auth/second-step';
import { sessionService } from '../../utils/services';
import { createWithinRights, deleteWithinRights, endsInvitation, noSelfDeletion, noSelfLockout, pagedUsers, updateWithinRights, withInvitation } from '../../users/accounts';
import { sendInvitation, unknowablePassword } from '../../users/password-links';
import { addRoleGrantsAttribute, guardRoles } from '../../users/roles';
import { cachedAuthenticatedUser, cachedRolePermissions, verifyUserToken } from '../../auth/request-auth-cache';

type Factory = (deps: { strapi: any }) => Record<string, any>;
const factoryOf = (value: Factory | Record<string, any>): Factory => (typeof value === 'function' ? (value as Factory) : () => value);

/**
 * Routes the product does not offer, or offers its own way: password reset (api/password-link answers
 * the same paths: the plugin's told real addresses from unknown ones, mailed inline and its codes
 * never expired), e-mail confirmation, third-party providers (local accounts only), and the
 * plugin's refresh-token sessions (this backend keeps its own: api/session).
 */
const CLOSED_HANDLERS = new Set([
  'auth.forgotPassword',
  'auth.resetPassword',
  'auth.emailConfirmation',
  'auth.sendEmailConfirmation',
  'auth.connect',
  'auth.refresh',
  'auth.logout',
  'auth.getSessions',
  'auth.revokeSession',
]);
const isClosed = (route: { method: string; path: string; handler: string }) =>
  CLOSED_HANDLERS.has(route.handler) || (route.method === 'GET' && route.path === '/auth/:provider/callback');

const USER = 'plugin::users-permissions.user';

const inOneTransaction = (strapi: any, action: (ctx: any) => Promise<unknown>) => (ctx: any) => strapi.db.transaction(() => action(ctx));

export default (plugin: any) => {
  /** Staff accounts carry their service, an administrative status and the time of their last login: domain/attributes/user.ts. */
  Object.assign(plugin.contentTypes.user.schema.attributes, strapiAttributes(USER_OWN_ATTRIBUTES));
  addRoleGrantsAttribute(plugin);
  // The users list and its count honour the accent-insensitive search (backend/src/search).
  const userService = factoryOf(plugin.services.user);
  plugin.services.user = (deps: { strapi: any }) => {
    const service = userService(deps);
    const searched = (params: any) => {
      const search = requestedSearch(deps.strapi, USER);
      return search ? { ...(params ?? {}), filters: withSearch(params?.filters, search) } : params;
    };
    return {
      ...service,
      fetchAll: (params: any) => service.fetchAll(searched(params)),
      count: (params: any) => service.count(searched(params)),
      // Asked on every authenticated request (auth/request-auth-cache).
      fetchAuthenticatedUser: (id: unknown) => cachedAuthenticatedUser(id, () => service.fetchAuthenticatedUser(id)),
    };
  };
  const permissionService = factoryOf(plugin.services.permission);
  plugin.services.permission = (deps: { strapi: any }) => {
    const service = permissionService(deps);
    return { ...service, findRolePermissions: (roleId: unknown) => cachedRolePermissions(roleId, () => service.findRolePermissions(roleId)) };
  };

  // A token is valid only while its server-side session is (api/session): verify() checks both, for
  // every request, the refresh and the socket handshake; verifySignature() is the plugin's own check.
  const jwt = factoryOf(plugin.services.jwt);
  plugin.services.jwt = ({ strapi }: { strapi: any }) => {
    const base = jwt({ strapi });
    const verifySignature = (token: string) =>
      strapi.config.get('plugin::users-permissions.jwtManagement', 'legacy-support') === 'refresh' ? base.verify(token) : verifyUserToken(strapi, token);
    return {
      ...base,
      verifySignature,
      verify: async (token: string) => sessionService(strapi).check(await verifySignature(token)),
    };
  };

  const auth = factoryOf(plugin.controllers.auth);
  plugin.controllers.auth = ({ strapi }: { strapi: any }) => {
    const base = auth({ strapi });
    return {
      ...base,
      callback: withLoginRules(strapi, withSecondStep(strapi, base.callback.bind(base))),
      register: withSessionToken(strapi, base.register.bind(base)),
      changePassword: withSessionToken(strapi, base.changePassword.bind(base)),
    };
  };

  const user = factoryOf(plugin.controllers.user);
  plugin.controllers.user = ({ strapi }: { strapi: any }) => {
    const base = user({ strapi });
    return {
      ...base,
      find: pagedUsers(strapi, base.find.bind(base)),
      // An account and its audit entry (written by lifecycle, src/audit) are stored together or not at all;
      // so is a write that users/rights.ts refuses once it sees the role written.
      create: inOneTransaction(
        strapi,
        withInvitation(
          createWithinRights(strapi, base.create.bind(base)),
          // The account exists: an invitation that could not be queued is sent again from the list (« Renvoyer l'invitation »).
          (ctx, id) => sendInvitation(strapi, id, ctx.state.user, ctx.request.ip).catch((error) => strapi.log.error(`invitation of user ${id}: ${(error as Error).message}`)),
          unknowablePassword,
        ),
      ),
      update: inOneTransaction(strapi, endsInvitation(noSelfLockout(updateWithinRights(strapi, base.update.bind(base))))),
      destroy: inOneTransaction(strapi, noSelfDeletion(deleteWithinRights(strapi, base.destroy.bind(base)))),
    };
  };

  const role = factoryOf(plugin.controllers.role);
  plugin.controllers.role = ({ strapi }: { strapi: any }) => guardRoles(strapi, role({ strapi }));

  const routes = plugin.routes['content-api'];
  routes.routes = routes.routes.filter((route: { method: string; path: string; handler: string }) => !isClosed(route));

  return plugin;
};
