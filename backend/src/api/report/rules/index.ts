import type { Core } from '@strapi/strapi';
import { registerCitizenAcknowledgement } from './citizen-email';
import { registerReportIntake } from './intake';
import { registerModerationRule } from './moderation';
import { registerLegacyStatusMapping } from './legacy-status';
import { registerReportRanks } from './ranks';
import { registerReportSla } from './sla';
import { registerStatsCache } from './stats-cache';
import { registerReportTimeline } from './timeline';
import { registerReportTypeRule } from './report-type';
export { registerReportReferences } from './reference';
export { scheduleSlaReminders } from './reminders';
export { startReportFigures, stopReportFigures } from './figures';

/**
 * The reports' document middlewares: a type and sub-type from the settings' list, the legacy status read
 * into report_status, a new report's intake (monthly limit, auto-assignment), the ranks its sorts
 * use, its SLA target, the aggregates kept until the next write, the citizen's acknowledgement e-mail. Registered by src/index.ts between the shared rules (validation
 * first) and the search, audit and caches, whose order matters; Strapi would run an API's own
 * `register` before them.
 */
export function registerReportRules(strapi: Core.Strapi) {
  registerReportTypeRule(strapi);
  registerModerationRule(strapi);
  registerLegacyStatusMapping(strapi);
  registerReportIntake(strapi);
  registerReportRanks(strapi);
  registerReportSla(strapi);
  registerStatsCache(strapi);
  registerReportTimeline(strapi);
  registerCitizenAcknowledgement(strapi);
}
