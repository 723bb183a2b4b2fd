import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Core } from '@strapi/strapi';
import { notificationPriorityOf } from '@mamoudzou/domain/vocabulary';
import { dueNotice, SLA_NOTICE_KINDS, SLA_NOTICE_LABELS, slaNoticeContent, type SlaNoticeKind } from '@mamoudzou/domain/sla';
import { OPEN_REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import type { RoleRef } from '@mamoudzou/domain/permissions';
import { notifyPeople } from '../../../notifications/notify';
import { now as clockNow } from '../../../utils/clock';
import { currentSettings } from '../../../utils/services';

const REPORT = 'api::report.report';
const NOTICE = 'api::sla-notice.sla-notice';
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const UPDATE = 'api::report-update.report-update';
/** Administrators are always told of a late report. */
const ADMIN_ROLE_TYPES = ['administrator', 'super_admin'];
const level = (kind: SlaNoticeKind) => SLA_NOTICE_KINDS.indexOf(kind) + 1;

type Person = { id: number; username?: string; email?: string | null; service?: string | null; status?: string | null; notificationPreferences?: unknown; invitationPending?: boolean | null; role?: RoleRef };
type Candidate = {
  id: number;
  documentId: string;
  reference: string | null;
  title: string | null;
  priority: string | null;
  service: string | null;
  assignedTo: string | null;
  slaTarget: Date;
  slaWarningAt: Date | null;
  slaNotified: number | null;
};

function columnsOf(strapi: Core.Strapi) {
  const meta = strapi.db.metadata.get(REPORT as any);
  const column = (attribute: string) => (meta.attributes[attribute] as { columnName?: string })?.columnName ?? attribute;
  return { table: () => strapi.db.getConnection(meta.tableName), column };
}

/** Those who can act on a reminder: active accounts, and not an invitation still waiting for its password. */
const staff = (people: Person[]) => people.filter((u) => (u.status ?? 'actif') === 'actif' && u.invitationPending !== true);

async function activeUsers(strapi: Core.Strapi, where: Record<string, unknown>): Promise<Person[]> {
  return staff(
    (await strapi.db.query(USER).findMany({
      where: { blocked: false, ...where },
      select: ['id', 'username', 'email', 'service', 'status', 'notificationPreferences', 'invitationPending'],
      populate: { role: { select: ['name', 'type', 'grants'] } },
    })) as Person[],
  );
}

/** The supervisors: administrators and the roles the settings name. */
async function supervisors(strapi: Core.Strapi, roleNames: string[]): Promise<Person[]> {
  const roles = (await strapi.db.query(ROLE).findMany({ select: ['id', 'name', 'type'] })) as { id: number; name: string; type: string }[];
  const ids = roles.filter((r) => ADMIN_ROLE_TYPES.includes(r.type) || roleNames.includes(r.name)).map((r) => r.id);
  return ids.length ? activeUsers(strapi, { role: { id: { $in: ids } } }) : [];
}

/** Who a reminder goes to: the assignee (by user name or e-mail), else the service's staff, else the supervisors. */
export async function assignees(strapi: Core.Strapi, report: Pick<Candidate, 'assignedTo' | 'service'>, roleNames: string[]): Promise<Person[]> {
  const name = report.assignedTo?.trim();
  if (name) {
    const people = await activeUsers(strapi, { $or: [{ username: { $eqi: name } }, { email: { $eqi: name } }] });
    if (people.length) return people;
  }
  if (report.service) {
    const people = await activeUsers(strapi, { service: report.service });
    if (people.length) return people;
  }
  return supervisors(strapi, roleNames);
}

/**
 * Takes the reminder for this report, kind and target: the unique row is inserted before anyone is
 * told, so of two instances (or a run before and after a restart) only one gets it.
 */
async function claim(strapi: Core.Strapi, report: Candidate, kind: SlaNoticeKind): Promise<boolean> {
  try {
    await strapi.db.query(NOTICE).create({ data: { report: report.documentId, kind, target: report.slaTarget.toISOString() } });
    return true;
  } catch {
    return false;
  }
}

/** The reports whose reminder time has come and whose latest reminder is not sent yet (index on status and reminder time). */
async function candidates(strapi: Core.Strapi, now: Date): Promise<Candidate[]> {
  const { table, column } = columnsOf(strapi);
  const rows = (await table()
    .select({
      id: 'id',
      documentId: column('documentId'),
      reference: column('reference'),
      title: column('title'),
      priority: column('priority'),
      service: column('service'),
      assignedTo: column('assignedTo'),
      slaTarget: column('slaTarget'),
      slaWarningAt: column('slaWarningAt'),
      slaNotified: column('slaNotified'),
    })
    .whereIn(column('report_status'), [...OPEN_REPORT_STATUSES])
    .where(column('slaWarningAt'), '<=', now)
    .where((q: any) => q.whereNull(column('slaNotified')).orWhereIn(column('slaNotified'), SLA_NOTICE_KINDS.slice(0, -1).map((_, i) => i + 1)))
    .limit(500)) as Record<string, any>[];
  return rows
    .filter((r) => r.slaTarget)
    .map((r) => ({ ...r, slaTarget: new Date(r.slaTarget), slaWarningAt: r.slaWarningAt ? new Date(r.slaWarningAt) : null }) as Candidate);
}

async function markNotified(strapi: Core.Strapi, report: Candidate, kind: SlaNoticeKind) {
  const { table, column } = columnsOf(strapi);
  await table().where({ id: report.id }).update({ [column('slaNotified')]: level(kind) });
}

/**
 * One run of the reminders (every minute or less, on every instance): for each open report past its
 * reminder time, the latest reminder it is due (share of the delay, deadline, escalation) is claimed,
 * sent in-app and by e-mail, and written on the report's timeline (internal line).
 */
export async function runSlaReminders(strapi: Core.Strapi, now: Date = new Date(clockNow())): Promise<number> {
  const settings = await currentSettings(strapi);
  let sent = 0;
  for (const report of await candidates(strapi, now)) {
    const kind = dueNotice(report, now, settings);
    if (!kind || level(kind) <= (report.slaNotified ?? 0)) continue;
    // Each report's notices are a run of queries that SQLite answers without giving the event loop back: when every
    // open report falls late at once (an outage, a holiday's end), requests wait for the whole run, and a client's
    // kept-alive connection can reach its idle timeout meanwhile and be reset under its next request.
    await yieldToEventLoop();
    if (!(await claim(strapi, report, kind))) {
      await markNotified(strapi, report, kind);
      continue;
    }
    const people = kind === 'escalation' ? await supervisors(strapi, settings.slaEscalationRoles) : await assignees(strapi, report, settings.slaEscalationRoles);
    const text = slaNoticeContent(kind, report, settings);
    const priority = kind === 'escalation' ? 'urgent' : notificationPriorityOf(report.priority);
    await notifyPeople(strapi, people, {
      title: text.title,
      message: text.message,
      type: text.type,
      category: 'signalement',
      priority,
      data: { url: text.url, entityId: report.documentId, entityType: 'report', reminder: kind },
    });
    const names = people.map((p) => p.username ?? p.email).filter(Boolean).join(', ') || 'personne (aucun destinataire actif)';
    await (strapi.service(UPDATE as any) as any).record({ report: report.documentId, kind: 'reminder', text: `${SLA_NOTICE_LABELS[kind]} : ${text.message} Envoyé à ${names}.` });
    await strapi.db.query(NOTICE).updateMany({ where: { report: report.documentId, kind, target: report.slaTarget.toISOString() }, data: { recipients: people.length } });
    await markNotified(strapi, report, kind);
    sent++;
  }
  return sent;
}

const BASELINE_KEY = 'sla-reminders-baseline';

/**
 * The first run on a database: reports already past their reminder time when reminders came are
 * counted as told (no flood of old news); from then on, each one is reminded as its times come.
 */
async function baseline(strapi: Core.Strapi, now: Date) {
  const store = strapi.store({ type: 'core', name: 'service-levels' });
  if (await store.get({ key: BASELINE_KEY })) return;
  const { table, column } = columnsOf(strapi);
  await table()
    .whereIn(column('report_status'), [...OPEN_REPORT_STATUSES])
    .where(column('slaWarningAt'), '<=', now)
    .whereNull(column('slaNotified'))
    .update({ [column('slaNotified')]: SLA_NOTICE_KINDS.length });
  await store.set({ key: BASELINE_KEY, value: now.toISOString() });
}

/** Every 20 seconds by default (SLA_REMINDER_RULE, a cron rule with seconds, for tests). */
export const SLA_REMINDER_RULE = () => process.env.SLA_REMINDER_RULE || '*/20 * * * * *';

/** Bootstrap: the reminders job, after the demo data (its first run sets the baseline). */
export async function scheduleSlaReminders(strapi: Core.Strapi) {
  await baseline(strapi, new Date(clockNow()));
  let running = false;
  strapi.cron.add({
    slaReminders: {
      task: async () => {
        // A slow run is not doubled by the next tick on the same instance.
        if (running) return;
        running = true;
        try {
          await runSlaReminders(strapi);
        } catch (error) {
          strapi.log.error(`slaReminders: ${(error as Error).message}`);
        } finally {
          running = false;
        }
      },
      options: { rule: SLA_REMINDER_RULE() },
    },
  });
}
