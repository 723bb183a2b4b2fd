import type { Core } from '@strapi/strapi';
import { currentSettings } from '../utils/services';
import { now } from '../utils/clock';

const DAY_MS = 24 * 3600 * 1000;

/** Deletes notifications older than the settings' notificationRetentionDays; answers how many. */
export async function pruneNotifications(strapi: Core.Strapi, at = new Date(now())) {
  const { notificationRetentionDays } = await currentSettings(strapi);
  const before = new Date(at.getTime() - notificationRetentionDays * DAY_MS);
  const { count } = await strapi.db.query('api::notification.notification').deleteMany({ where: { createdAt: { $lt: before } } });
  return count;
}

/**
 * Deletes audit entries older than the settings' logRetentionDays; answers how many. Nobody can
 * delete an entry through the API: only this daily job, by the rule the administrators set.
 */
export async function pruneAuditLog(strapi: Core.Strapi, at = new Date(now())) {
  const { logRetentionDays } = await currentSettings(strapi);
  const before = new Date(at.getTime() - logRetentionDays * DAY_MS);
  const { count } = await strapi.db.query('api::audit-log.audit-log').deleteMany({ where: { timestamp: { $lt: before } } });
  return count;
}

/**
 * Deletes the outbox's sent and failed mails older than the settings' logRetentionDays (they hold
 * people's addresses); mails still waiting are kept whatever their age. Answers how many.
 */
export async function pruneEmailOutbox(strapi: Core.Strapi, at = new Date(now())) {
  const { logRetentionDays } = await currentSettings(strapi);
  const before = new Date(at.getTime() - logRetentionDays * DAY_MS);
  const { count } = await strapi.db.query('api::email-outbox.email-outbox' as any).deleteMany({ where: { state: { $in: ['sent', 'failed'] }, createdAt: { $lt: before } } });
  return count;
}

/**
 * Deletes the idempotency keys past their window (a day at most: they answer a retried write), and the rows an
 * earlier version left without one, which kept whole answers with citizens' details. Answers how many.
 */
export async function pruneIdempotencyKeys(strapi: Core.Strapi, at = new Date(now())) {
  const { count } = await strapi.db
    .query('api::idempotency-key.idempotency-key' as any)
    .deleteMany({ where: { $or: [{ expiresAt: { $lte: at } }, { expiresAt: { $null: true } }] } });
  return count;
}

/**
 * Erases the citizen's name, e-mail and phone, and the followers' e-mails, of the reports closed more than the
 * settings' citizenDataRetentionDays ago (what the citizens' page tells them: the town keeps them while it handles
 * the report, then this long). The report itself, its reference and its public timeline stay. Answers how many.
 */
export async function pruneCitizenDetails(strapi: Core.Strapi, at = new Date(now())) {
  const { citizenDataRetentionDays } = await currentSettings(strapi);
  const before = new Date(at.getTime() - citizenDataRetentionDays * DAY_MS);
  const { count } = await strapi.db.query('api::report.report').updateMany({
    where: {
      report_status: { $in: ['resolu', 'rejete'] },
      closedAt: { $lt: before },
      $or: [{ citizenName: { $notNull: true } }, { citizenEmail: { $notNull: true } }, { citizenPhone: { $notNull: true } }, { followers: { $notNull: true } }],
    },
    data: { citizenName: null, citizenEmail: null, citizenPhone: null, followers: null },
  });
  return count;
}
