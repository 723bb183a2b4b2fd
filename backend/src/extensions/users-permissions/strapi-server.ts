import { SERVICES, USER_STATUSES } from '@mamoudzou/domain/vocabulary';

/** Staff accounts carry their service, an administrative status and the time of their last login. */
export default (plugin: any) => {
  Object.assign(plugin.contentTypes.user.schema.attributes, {
    service: { type: 'enumeration', enum: [...SERVICES] },
    status: { type: 'enumeration', enum: [...USER_STATUSES], default: 'actif' },
    lastAccess: { type: 'datetime' },
  });
  return plugin;
};
