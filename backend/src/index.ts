import type { Core } from '@strapi/strapi';
import { registerDocumentAudit, registerUserAudit } from './audit/document-audit';
import { ensureRoles } from './bootstrap/roles';
import { ensureSettings, registerRegistrationSync } from './bootstrap/settings';
import { startRealtime } from './realtime/server';
import { migrateLegacyReportStatus, registerLegacyStatusMapping } from './reports/legacy-status';
import { backfillReportRanks, registerReportRanks } from './reports/ranks';
import { registerReportSla } from './reports/sla';
import { registerPasswordPolicy } from './users/password-policy';
import { registerSessionRevocation } from './users/session-revocation';
import { registerUserStatusSync } from './users/status-sync';
import { registerDocumentRules } from './validation/document-rules';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    registerDocumentRules(strapi);
    registerPasswordPolicy(strapi);
    registerLegacyStatusMapping(strapi);
    registerReportRanks(strapi);
    registerReportSla(strapi);
    registerDocumentAudit(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    registerUserStatusSync(strapi);
    registerSessionRevocation(strapi);
    registerUserAudit(strapi);
    await ensureRoles(strapi);
    await ensureSettings(strapi);
    await migrateLegacyReportStatus(strapi);
    await backfillReportRanks(strapi);
    registerRegistrationSync(strapi);
    if (process.env.SEED_DEMO !== 'false') {
      const { seedDemoData } = await import('./seed');
      await seedDemoData(strapi);
    }
    await startRealtime(strapi);
  },

  async destroy({ strapi }: { strapi: Core.Strapi }) {
    clearInterval((strapi as any).realtimeTimer);
    await (strapi as any).io?.close();
    await Promise.all(((strapi as any).redisClients ?? []).map((client: { quit: () => Promise<unknown> }) => client.quit()));
  },
};
