import { SERVICES, USER_STATUSES } from '@mamoudzou/domain/vocabulary';
import { requestedSearch, SEARCH_TEXT_ATTRIBUTE, withSearch } from '../../search/search-text';

const USER = 'plugin::users-permissions.user';

/** Staff accounts carry their service, an administrative status and the time of their last login. */
export default (plugin: any) => {
  Object.assign(plugin.contentTypes.user.schema.attributes, {
    service: { type: 'enumeration', enum: [...SERVICES] },
    status: { type: 'enumeration', enum: [...USER_STATUSES], default: 'actif' },
    lastAccess: { type: 'datetime' },
    searchText: SEARCH_TEXT_ATTRIBUTE,
    // Kept by the backend for the notifications routes (never sent with the user).
    notificationPreferences: { type: 'json', private: true },
  });
  // The users list and its count honour the accent-insensitive search (backend/src/search).
  const userService = plugin.services.user;
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
    };
  };
  return plugin;
};
