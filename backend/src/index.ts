import type { Core } from '@strapi/strapi';
import { cacheAuthServices, registerRequestAuthCaches } from './auth/request-auth-cache';
import { registerCountCache } from './caching/count-cache';
import { sanitizeFlatPagesByFirstRow } from './caching/output-sanitize';
import { cacheQueryChecks } from './caching/query-check-cache';
import { registerDocumentAudit, registerUserAudit } from './audit/document-audit';
import { ensureRoles } from './access/roles';
import { backfillEventStatus, registerPublishingRules } from './content/publishing';
import { ensureSettings, registerRegistrationSync } from './bootstrap/settings';
import { scheduleMaintenance } from './maintenance/schedule';
import { registerNotificationTriggers } from './notifications/notify';
import { startRealtime } from './realtime/server';
import { migrateLegacyReportStatus, registerLegacyStatusMapping } from './reports/legacy-status';
import { registerReportIntake } from './reports/intake';
import { backfillReportRanks, registerReportRanks } from './reports/ranks';
import { registerReportSla } from './reports/sla';
import { registerStatsCache } from './reports/stats-cache';
import { ensureReportSortIndexes } from './reports/sort-indexes';
import { registerDeepPages } from './reports/deep-pages';
import { addSearchTextAttributes, backfillSearchText, ensureSearchIndexes, registerSearchText, registerUserSearchText } from './search/search-text';
import { registerPasswordPolicy } from './users/password-policy';
import { registerSessionRevocation } from './users/session-revocation';
import { registerUserStatusSync } from './users/status-sync';
import { registerDocumentRules } from './validation/document-rules';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    addSearchTextAttributes(strapi);
    registerDocumentRules(strapi);
    registerPublishingRules(strapi);
    registerPasswordPolicy(strapi);
    registerLegacyStatusMapping(strapi);
    registerReportIntake(strapi);
    registerReportRanks(strapi);
    registerReportSla(strapi);
    registerStatsCache(strapi);
    registerSearchText(strapi);
    registerDocumentAudit(strapi);
    registerNotificationTriggers(strapi);
    registerRequestAuthCaches(strapi);
    // Last: it keys counts on the final query (after the search middleware's filters).
    registerCountCache(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    cacheAuthServices(strapi);
    cacheQueryChecks(strapi);
    sanitizeFlatPagesByFirstRow(strapi);
    registerUserStatusSync(strapi);
    registerSessionRevocation(strapi);
    registerUserAudit(strapi);
    registerUserSearchText(strapi);
    await ensureRoles(strapi);
    await ensureSettings(strapi);
    await migrateLegacyReportStatus(strapi);
    await backfillReportRanks(strapi);
    await backfillSearchText(strapi);
    await backfillEventStatus(strapi);
    await ensureSearchIndexes(strapi);
    await ensureReportSortIndexes(strapi);
    registerDeepPages(strapi);
    registerRegistrationSync(strapi);
    if (process.env.SEED_DEMO !== 'false') {
      const { seedDemoData } = await import('./seed');
      await seedDemoData(strapi);
    }
    await startRealtime(strapi);
    await scheduleMaintenance(strapi);
  },

  async destroy({ strapi }: { strapi: Core.Strapi }) {
    clearInterval((strapi as any).realtimeTimer);
    await (strapi as any).io?.close();
    await Promise.all(((strapi as any).redisClients ?? []).map((client: { quit: () => Promise<unknown> }) => client.quit()));
  },
};
