import type { Core } from '@strapi/strapi';
import { randomBytes } from 'node:crypto';
import { searchTextOf } from '@mamoudzou/domain/search';
import { slaStatusOf } from '@mamoudzou/domain/sla';
import { OPEN_REPORT_STATUSES, reportPriorityRank, reportStatusRank, SLA_HOURS_BY_PRIORITY, type ReportPriority } from '@mamoudzou/domain/vocabulary';
import { buildReports } from './reports';
import { onPostgres } from '../utils/database';

const REPORT_UID = 'api::report.report';
const DAY = 24 * 3600 * 1000;
const BATCH = 500;

const documentId = () => randomBytes(18).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, 'x').slice(0, 24);

/**
 * SEED_BULK_REPORTS=N fills the reports table up to N rows, for benchmarks (`npm run bench`): the demo
 * reports repeated with spread dates, written with knex in batches (the API would take minutes).
 */
export async function seedBulkReports(strapi: Core.Strapi, target: number): Promise<number> {
  const existing = await strapi.db.query(REPORT_UID).count();
  if (existing >= target) return 0;
  const meta = strapi.db.metadata.get(REPORT_UID as any);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string })?.columnName;
  const templates = buildReports();
  const now = Date.now();
  const missing = target - existing;
  for (let start = 0; start < missing; start += BATCH) {
    const rows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(missing, start + BATCH); i++) {
      const { data } = templates[i % templates.length];
      const createdAt = new Date(now - ((i * 7919) % (365 * 24)) * (DAY / 24));
      const id = documentId();
      const row: Record<string, unknown> = { [column('documentId')!]: id };
      const title = `${data.title} (${i + 1})`;
      // Written past the document service: the ranks and search text its middlewares would set (reports/ranks.ts, search/).
      const derived = {
        priorityRank: reportPriorityRank(data.priority as string),
        statusRank: reportStatusRank(data.report_status as string, data.status as string),
        searchText: searchTextOf('report', { ...data, title, documentId: id }),
      };
      for (const [attribute, value] of Object.entries({ ...data, ...derived, title })) {
        const name = column(attribute);
        if (!name || value === undefined) continue;
        row[name] = Array.isArray(value) ? JSON.stringify(value) : value;
      }
      // Service levels as the backend keeps them (api/report/rules/sla.ts): closed within 20 % to 140 % of the delay.
      const delay = (SLA_HOURS_BY_PRIORITY[data.priority as ReportPriority] ?? 168) * 3600 * 1000;
      const open = OPEN_REPORT_STATUSES.includes(data.report_status as never);
      const slaTarget = new Date(createdAt.getTime() + delay);
      const slaWarningAt = new Date(createdAt.getTime() + 0.75 * delay);
      const closedAt = open ? null : new Date(Math.min(now - 3600 * 1000, createdAt.getTime() + (0.2 + ((i * 37) % 120) / 100) * delay));
      const firstResponseAt = data.report_status === 'nouveau' ? null : new Date(createdAt.getTime() + (0.02 + ((i * 13) % 28) / 100) * delay);
      Object.assign(row, {
        [column('slaTarget')!]: slaTarget,
        [column('slaWarningAt')!]: slaWarningAt,
        [column('closedAt')!]: closedAt,
        [column('firstResponseAt')!]: firstResponseAt,
        [column('slaStatus')!]: open ? null : (slaStatusOf({ report_status: data.report_status as string, slaTarget, closedAt }) ?? null),
        [column('createdAt')!]: createdAt,
        [column('updatedAt')!]: createdAt,
        [column('publishedAt')!]: createdAt,
      });
      rows.push(row);
    }
    await strapi.db.connection.batchInsert(meta.tableName, rows as any[], BATCH);
  }
  // Their references (the report's own rule, through the registry: shared code imports no collection's files).
  await (strapi.service(REPORT_UID as any) as unknown as { backfillReferences: () => Promise<number> }).backfillReferences();
  // After a bulk load PostgreSQL's statistics still say the table is empty, and index-only scans need
  // its visibility map: what autovacuum does within minutes on a live base, done now (PostgreSQL's advice).
  if (onPostgres(strapi)) await strapi.db.connection.raw('VACUUM ANALYZE ??', [meta.tableName]);
  return missing;
}
