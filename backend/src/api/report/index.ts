import type { Core } from '@strapi/strapi';
import { registerDeepPages } from './rules/deep-pages';
import { migrateLegacyReportStatus } from './rules/legacy-status';
import { backfillReportRanks } from './rules/ranks';
import { backfillReportReferences } from './rules/reference';
import { backfillServiceLevels } from './rules/sla';
import { ensureReportSortIndexes } from './rules/sort-indexes';
import { ensureFigureChangeLog } from './rules/figures';
import { ensureIncompleteReportsIndex } from './rules/completions';

/**
 * Reports at start (Strapi runs an API's bootstrap): rows stored before report_status, the ranks,
 * the references and the reminders' times existed are completed (found through a partial index of such rows), the sort indexes and the figures' change log made, deep pages on
 * PostgreSQL read by their ids first.
 * Every rule of a report lives in this folder: rules/ (registered by src/index.ts), the controller
 * (stats, in-area, export) and the service (aggregates).
 */
export default {
  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // Before any report is written (the completions below, the demo data later): the log the figures follow.
    await ensureFigureChangeLog(strapi);
    await migrateLegacyReportStatus(strapi);
    // The completions below read only the rows that need them, through this index.
    const incomplete = await ensureIncompleteReportsIndex(strapi);
    await backfillReportRanks(strapi, incomplete);
    await backfillReportReferences(strapi, incomplete);
    await backfillServiceLevels(strapi, incomplete);
    await ensureReportSortIndexes(strapi);
    registerDeepPages(strapi);
  },
};
