import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Core } from '@strapi/strapi';
import { nextReminderAt, SLA_NOTICE_KINDS, slaScheduleFor, slaStatusOf } from '@mamoudzou/domain/sla';
import { effectiveReportStatus, OPEN_REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import { previousRow } from '../../../documents/previous';
import { now as clockNow } from '../../../utils/clock';
import { currentSettings } from '../../../utils/services';
import { unindexed } from '../../../utils/database';

const REPORT = 'api::report.report';
const UPDATE = 'api::report-update.report-update';
/** Rows completed per transaction at start. */
const BATCH = 1000;

const statusOf = (report: { report_status?: string | null; status?: string | null }) => effectiveReportStatus(report.report_status, report.status);
const isOpen = (report: { report_status?: string | null; status?: string | null }) => OPEN_REPORT_STATUSES.includes(statusOf(report));
/** Statuses that wait for staff: leaving them is a report's first response. */
const WAITING = ['a_valider', 'nouveau'];
const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/**
 * The SLA status of an open report is read live from its target and reminder time (a stored value
 * would go stale), on the backend's clock; a closed report keeps the status frozen when it was closed.
 */
export function withLiveSla<T extends Record<string, any>>(report: T, now: Date = new Date(clockNow())): T {
  if (!report || !report.slaTarget || !isOpen(report)) return report;
  return { ...report, slaStatus: slaStatusOf({ ...report, report_status: statusOf(report) }, now) ?? null };
}

/**
 * A report's service level, kept by the backend whoever writes it:
 * - at creation its target and reminder time come from the settings (delay of its priority, or its
 *   type's override, in calendar or working hours);
 * - a change of priority or type of an open report computes them again from its creation;
 * - closing it records when (closedAt) and freezes its status: « Dans les temps » if closed by the
 *   target, « Dépassé » after; reopening it makes it live again;
 * - leaving « À valider » / « Nouveau » for a status of work is its first response (firstResponseAt), as is a
 *   public reply (below).
 */
export function registerReportSla(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    if (context.uid !== REPORT || (context.action !== 'create' && context.action !== 'update')) return next();
    const params = (context as any).params ?? {};
    const data = params.data as Record<string, any> | undefined;
    if (!data) return next();
    const now = new Date(clockNow());
    const settings = await currentSettings(strapi);
    if (context.action === 'create') {
      const createdAt = data.createdAt ? new Date(data.createdAt) : now;
      const schedule = slaScheduleFor(data, createdAt, settings);
      if (data.slaTarget) {
        // A target given by a role that changes statuses (an import): the reminder at the same share of it.
        const target = new Date(data.slaTarget).getTime();
        schedule.slaTarget = new Date(target);
        schedule.slaWarningAt = new Date(createdAt.getTime() + ((target - createdAt.getTime()) * settings.slaReminderPercent) / 100);
      }
      data.slaTarget = schedule.slaTarget.toISOString();
      data.slaWarningAt = schedule.slaWarningAt.toISOString();
      if (isOpen(data)) {
        data.closedAt = null;
        data.slaStatus = null;
      } else {
        // An imported closed report may bring when it was closed and the status it had then.
        data.closedAt = iso(data.closedAt) ?? now.toISOString();
        data.slaStatus = data.slaStatus ?? slaStatusOf({ ...data, report_status: statusOf(data) }) ?? null;
      }
      if (!WAITING.includes(statusOf(data))) data.firstResponseAt = iso(data.firstResponseAt) ?? data.closedAt ?? now.toISOString();
      data.slaNotified = null;
      data.nextReminderAt = iso(nextReminderAt({ ...data, report_status: statusOf(data) }, settings));
      return next();
    }
    const previous = await previousRow(strapi, context);
    if (!previous) return next();
    const merged = { ...previous, ...data };
    const wasOpen = isOpen(previous);
    const open = isOpen(merged);
    // What only the backend sets: a client's values are replaced.
    for (const field of ['slaTarget', 'slaWarningAt', 'closedAt', 'firstResponseAt', 'slaStatus', 'slaNotified', 'nextReminderAt']) delete data[field];
    const changedLevel = ['priority', 'type'].some((field) => field in data && (data[field] ?? null) !== (previous[field] ?? null));
    if (open && changedLevel) {
      const schedule = slaScheduleFor(merged, new Date(previous.createdAt), settings);
      data.slaTarget = schedule.slaTarget.toISOString();
      data.slaWarningAt = schedule.slaWarningAt.toISOString();
      // A new target has its own reminders.
      data.slaNotified = null;
    }
    if (wasOpen && !open) {
      data.closedAt = now.toISOString();
      data.slaStatus = slaStatusOf({ report_status: statusOf(merged), slaTarget: data.slaTarget ?? previous.slaTarget, closedAt: now }) ?? null;
    } else if (!wasOpen && open) {
      data.closedAt = null;
      data.slaStatus = null;
    }
    if (!previous.firstResponseAt && WAITING.includes(statusOf(previous)) && !WAITING.includes(statusOf(merged))) data.firstResponseAt = now.toISOString();
    // The reminders' job reads only what is due: the next reminder follows the status and the target.
    const reminder = iso(nextReminderAt({ ...previous, ...data, report_status: statusOf(merged) }, settings));
    if (reminder !== iso(previous.nextReminderAt)) data.nextReminderAt = reminder;
    return next();
  });

  // A public reply to the citizen is a response too, when it comes first.
  strapi.documents.use(async (context, next) => {
    const result: any = await next();
    if (context.uid !== UPDATE || context.action !== 'create' || result?.kind !== 'reply' || !result.public || !result.report) return result;
    await strapi.db
      .query(REPORT)
      .updateMany({ where: { documentId: result.report, firstResponseAt: { $null: true } }, data: { firstResponseAt: new Date(clockNow()) } });
    return result;
  });
}

/**
 * Bootstrap: rows stored before reminders and closing times existed (or written past the document
 * service) get them: a closed report was closed when last changed; the reminder comes at the
 * settings' share of the time between creation and target; an open report's next reminder is set (domain/sla.ts
 * nextReminderAt). Found through the index of incomplete reports (`incomplete`: its condition, completions.ts), a
 * batch at a time, the event loop given back between batches.
 */
export async function backfillServiceLevels(strapi: Core.Strapi, incomplete: string) {
  const meta = strapi.db.metadata.get(REPORT as any);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string })?.columnName ?? attribute;
  const schema = strapi.db.getSchemaName();
  const table = (knex: any = strapi.db.connection) => (schema ? knex(meta.tableName).withSchema(schema) : knex(meta.tableName)).whereRaw(`(${incomplete})`);
  const closed = ['resolu', 'rejete'];
  // Each condition beside the index's own through `unindexed`: the index of incomplete reports is the one to read.
  const not = (attribute: string) => unindexed(strapi, column(attribute));
  await table()
    .whereRaw(`${not('report_status')} IN (${closed.map(() => '?').join(', ')}) AND ${not('closedAt')} IS NULL`, closed)
    .update({ [column('closedAt')]: strapi.db.connection.ref(column('updatedAt')) });
  const settings = await currentSettings(strapi);
  const share = settings.slaReminderPercent / 100;
  for (;;) {
    const rows = (await table()
      .select({ id: 'id', createdAt: column('createdAt'), slaTarget: column('slaTarget') })
      .whereRaw(`${not('slaWarningAt')} IS NULL AND ${not('slaTarget')} IS NOT NULL`)
      .limit(BATCH)) as { id: number; createdAt: unknown; slaTarget: unknown }[];
    if (rows.length === 0) break;
    await strapi.db.connection.transaction(async (trx: any) => {
      for (const row of rows) {
        const created = new Date(row.createdAt as string).getTime();
        const target = new Date(row.slaTarget as string).getTime();
        const at = new Date(created + (target - created) * share);
        await (schema ? trx(meta.tableName).withSchema(schema) : trx(meta.tableName)).where({ id: row.id }).update({ [column('slaWarningAt')]: at });
      }
    });
    await yieldToEventLoop();
  }
  for (let afterId = 0; ; ) {
    const rows = (await table()
      .select({ id: 'id', report_status: column('report_status'), slaTarget: column('slaTarget'), slaWarningAt: column('slaWarningAt'), slaNotified: column('slaNotified') })
      .whereRaw(`${not('nextReminderAt')} IS NULL AND ${not('slaTarget')} IS NOT NULL`)
      .whereRaw(`${not('report_status')} IN (${OPEN_REPORT_STATUSES.map(() => '?').join(', ')})`, [...OPEN_REPORT_STATUSES])
      .whereRaw(`(${not('slaNotified')} IS NULL OR ${not('slaNotified')} < ?)`, [SLA_NOTICE_KINDS.length])
      .whereRaw(`${not('id')} > ?`, [afterId])
      .orderBy('id')
      .limit(BATCH)) as { id: number; report_status: string; slaTarget: unknown; slaWarningAt: unknown; slaNotified: number | null }[];
    if (rows.length === 0) break;
    await strapi.db.connection.transaction(async (trx: any) => {
      for (const row of rows) {
        const next = nextReminderAt({ ...row, slaTarget: new Date(row.slaTarget as string), slaWarningAt: row.slaWarningAt ? new Date(row.slaWarningAt as string) : null }, settings);
        await (schema ? trx(meta.tableName).withSchema(schema) : trx(meta.tableName)).where({ id: row.id }).update({ [column('nextReminderAt')]: next });
      }
    });
    afterId = rows[rows.length - 1].id;
    await yieldToEventLoop();
  }
}
