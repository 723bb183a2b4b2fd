import { factories } from '@strapi/strapi';
import type { Settings } from '@mamoudzou/domain/settings';
import { settingsOrDefaults } from '@mamoudzou/domain/settings-schema';
import type { SettingService } from '../../../utils/services';
import { instanceBus } from '../../../caching/instance-bus';

const SETTING = 'api::setting.setting';
/** Settings are read on every request that a rule depends on; a write here (or heard of through Redis) is seen at once, else within this delay. */
const CACHE_MS = 2000;

export default factories.createCoreService(SETTING, ({ strapi }) => {
  let cached: { at: number; value: Promise<Settings> } | undefined;
  // A change saved through another instance applies here as soon as it is heard of.
  instanceBus(strapi).onRemoteWrite([SETTING], () => (cached = undefined));
  return {
    /** The settings every rule reads (uploads, logins, passwords, sessions, maintenance): checked field by field, defaults for the rest. */
    current(): Promise<Settings> {
      if (!cached || Date.now() - cached.at > CACHE_MS) {
        const value = strapi.db
          .query(SETTING)
          .findOne({})
          .then((row) => settingsOrDefaults(row));
        value.catch(() => (cached = undefined));
        cached = { at: Date.now(), value };
      }
      return cached.value;
    },
    /** After a write: the next read goes to the database. */
    forget() {
      cached = undefined;
    },
  } satisfies SettingService;
});
