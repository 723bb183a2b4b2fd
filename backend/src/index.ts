import type { Core } from '@strapi/strapi';
import { ensureRoles } from './access/roles';
import { registerReportReferences, registerReportRules, scheduleSlaReminders, startReportFigures, stopReportFigures } from './api/report/rules';
import { registerDocumentAudit, registerUserAudit } from './audit/document-audit';
import { cacheAuthServices, registerRequestAuthCaches } from './auth/request-auth-cache';
import { registerCountCache } from './caching/count-cache';
import { sanitizeFlatPagesByFirstRow } from './caching/output-sanitize';
import { cacheQueryChecks } from './caching/query-check-cache';
import { instanceBus } from './caching/instance-bus';
import { registerPublishingRules } from './content/publishing';
import { scheduleMaintenance } from './maintenance/schedule';
import { registerNotificationTriggers } from './notifications/notify';
import { smsProvider } from './notifications/sms';
import { startRealtime } from './realtime/server';
import { addSearchTextAttributes, backfillSearchText, ensureSearchIndexes, registerSearchText, registerUserSearchText } from './search/search-text';
import { refuseDemoOpen311KeyInProduction, refuseDemoPasswordsInProduction, refuseNewDatabaseInProduction, isProduction } from './startup/database-guard';
import { rejectRefusedCommits } from './startup/failed-commits';
import { registerPerfProbe } from './startup/perf-probe';
import { guardProcess } from './startup/process-guard';
import { ensureReadinessTable } from './startup/readiness-probe';
import { firstAdministratorEmail, inviteFirstAdministrator } from './startup/first-administrator';
import { limitRequestTime } from './startup/request-timeout';
import { registerPasswordPolicy } from './users/password-policy';
import { registerSessionRevocation } from './users/session-revocation';
import { registerUserStatusSync } from './users/status-sync';
import { registerDocumentRules } from './validation/document-rules';
import { closeSharedRedis, connectSharedRedis } from './utils/redis';

/**
 * The backend's start: cross-cutting rules (validation, publishing, search, audit, notifications,
 * caches) around the reports' own. The order of document middlewares matters: validation first,
 * the count cache last (it keys counts on the final query, after the search filters). An API's
 * start-up work is its folder's index.ts `bootstrap`, which Strapi runs before this one.
 */
export default {
  async register({ strapi }: { strapi: Core.Strapi }) {
    // The bench's measures of stalls and memory (off unless PERF_PROBE_TOKEN is set), from the earliest moment.
    registerPerfProbe(strapi);
    // A database that stops taking writes: a refused COMMIT fails its transaction, and the process outlives it.
    guardProcess(strapi);
    rejectRefusedCommits(strapi);
    await refuseNewDatabaseInProduction(strapi);
    firstAdministratorEmail();
    addSearchTextAttributes(strapi);
    registerDocumentRules(strapi);
    registerPublishingRules(strapi);
    registerPasswordPolicy(strapi);
    registerReportRules(strapi);
    registerSearchText(strapi);
    registerDocumentAudit(strapi);
    registerNotificationTriggers(strapi);
    // Inside the search text, the audit and the notifications (a middleware registered later runs
    // nearer the write): each of them then reads the new report's reference.
    registerReportReferences(strapi);
    registerRequestAuthCaches(strapi);
    registerCountCache(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    smsProvider(); // an unknown SMS_PROVIDER stops the start here, not at the first message
    limitRequestTime(strapi);
    cacheAuthServices(strapi);
    cacheQueryChecks(strapi);
    sanitizeFlatPagesByFirstRow(strapi);
    registerUserStatusSync(strapi);
    registerSessionRevocation(strapi);
    registerUserAudit(strapi);
    registerUserSearchText(strapi);
    await ensureRoles(strapi);
    await backfillSearchText(strapi);
    await ensureSearchIndexes(strapi);
    await ensureReadinessTable(strapi);
    // Production never holds the demo accounts nor the demo Open311 client, whose secrets are published.
    if (isProduction()) {
      if (process.env.SEED_DEMO === 'true') strapi.log.warn('SEED_DEMO=true ignoré en production : aucune donnée de démonstration.');
      await refuseDemoPasswordsInProduction(strapi);
      await refuseDemoOpen311KeyInProduction(strapi);
    } else if (process.env.SEED_DEMO !== 'false') {
      const { seedDemoData } = await import('./seed');
      await seedDemoData(strapi);
    }
    await inviteFirstAdministrator(strapi);
    await instanceBus(strapi).connect(process.env.REDIS_URL);
    await connectSharedRedis();
    await startRealtime(strapi);
    await scheduleMaintenance(strapi);
    await scheduleSlaReminders(strapi);
    // Every report's figure columns, loaded in the background (GET /api/reports/figures).
    startReportFigures(strapi);
  },

  async destroy({ strapi }: { strapi: Core.Strapi }) {
    stopReportFigures();
    clearInterval((strapi as any).realtimeTimer);
    (strapi as any).realtimeClosing = true;
    await (strapi as any).io?.close();
    await Promise.all(
      ((strapi as any).redisClients ?? []).map((client: { quit: () => Promise<unknown>; disconnect: () => Promise<unknown> }) => client.quit().catch(() => client.disconnect().catch(() => undefined))),
    );
    await instanceBus(strapi).close();
    await closeSharedRedis();
  },
};
