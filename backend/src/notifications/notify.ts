import type { Core } from '@strapi/strapi';
import pLimit from 'p-limit';
import { isEmailed, isShown, notificationFor, preferencesOf, type ContentEvent, type NotificationContent } from '@mamoudzou/domain/notifications';
import { can, type Module, type RoleRef } from '@mamoudzou/domain/permissions';
import { currentRequest } from '../audit/writer';
import { previousRow } from '../documents/previous';
import { eventPayload, reportPayload } from '../realtime/events';
import { appUrl, outboxPace } from '../email/config';
import { now } from '../utils/clock';
import { currentSettings, outboxService } from '../utils/services';
import { afterCommit } from '../utils/after-commit';

/**
 * Notifications kept per user (docs/architecture.md, « Temps réel »). When a report or an event is written, every
 * active user whose role has the notifications module and may read that record, and whose
 * preferences show it, gets a notification, stored and sent live to that user's socket room. Older
 * notifications are pruned after the settings' notificationRetentionDays (src/maintenance/retention.ts).
 */

const UID = 'api::notification.notification';
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const REPORT = 'api::report.report';
const EVENT = 'api::event.event';

/** The room of a user's sockets (the realtime server joins each socket to it). */
export const userRoom = (userId: number) => `user:${userId}`;

/** Whether a role receives the notifications of a module (it reads both it and the notifications). */
const receives = (role: RoleRef, module: Module) => can(role, 'notifications', 'read') && can(role, module, 'read');

/** Stores one notification per user and sends each to its owner's sockets. */
async function deliver(strapi: Core.Strapi, userIds: number[], content: NotificationContent) {
  const io = (strapi as any).io;
  for (const userId of userIds) {
    const created = await strapi.documents(UID).create({ data: { ...content, userId, read: false } as any });
    io?.to(userRoom(userId)).emit('notification', created);
  }
}

/**
 * The users a content event notifies: active staff of the right roles, but the one who made the
 * change (they know; their « créé » toast is not replaced by the news); in the back-office those
 * whose preferences show it, by e-mail those whose preferences ask for the e-mail channel.
 */
async function recipients(strapi: Core.Strapi, module: Module, content: NotificationContent, actorId?: number) {
  // The roles first (a handful), then only their users: custom roles receive what their grants read.
  const roles = (await strapi.db.query(ROLE).findMany({ select: ['id', 'name', 'type', 'grants'] })) as { id: number; name: string; type: string; grants?: unknown }[];
  const roleIds = roles.filter((role) => receives(role, module)).map((role) => role.id);
  if (!roleIds.length) return { inApp: [], email: [] };
  const users = (await strapi.db.query(USER).findMany({
    where: { blocked: false, role: { id: { $in: roleIds } } },
    select: ['id', 'email', 'status', 'notificationPreferences'],
  })) as { id: number; email?: string; status?: string; notificationPreferences?: unknown }[];
  const staff = users.filter((u) => u.id !== actorId && (u.status ?? 'actif') === 'actif');
  return {
    inApp: staff.filter((u) => isShown(preferencesOf(u.notificationPreferences), content)).map((u) => u.id),
    email: staff.filter((u) => u.email && isEmailed(preferencesOf(u.notificationPreferences), content)).map((u) => u.email as string),
  };
}

/**
 * The same news by e-mail, unless the settings' « Notifications par email » is off. News of one record
 * (`grouped`: a report approved, given a status, marked a duplicate within minutes) waits
 * EMAIL_STAFF_GRACE_MS and goes as one mail per person, its first title and every change said.
 */
async function mail(strapi: Core.Strapi, addresses: string[], content: NotificationContent, grouped = false) {
  if (addresses.length === 0 || !(await currentSettings(strapi)).emailNotifications) return;
  const link = content.data.url ? `${appUrl()}${content.data.url}` : appUrl();
  const entity = grouped && typeof content.data.entityId === 'string' ? content.data.entityId : undefined;
  for (const to of addresses) {
    const params = { title: content.title, message: content.message, link };
    await outboxService(strapi).enqueue({
      to,
      template: 'staff-notification',
      audience: 'staff',
      params,
      ...(entity && {
        notBefore: new Date(now() + outboxPace().staffGraceMs),
        mergeKey: `staff:${entity}:${to.toLowerCase()}`,
        merge: (waiting: { params: Record<string, unknown> }) => {
          const messages = [...new Set([...String(waiting.params.message ?? '').split('\n'), content.message].filter(Boolean))];
          return { template: 'staff-notification' as const, params: { ...params, title: waiting.params.title ?? content.title, message: messages.join('\n') } };
        },
      }),
    });
  }
}

/**
 * A notification for chosen people (a service-level reminder): in the back-office to those whose role
 * has the notifications, by e-mail to anyone, as each one's preferences say. Returns how many were told.
 */
export async function notifyPeople(
  strapi: Core.Strapi,
  people: { id: number; email?: string | null; notificationPreferences?: unknown; role?: RoleRef }[],
  content: NotificationContent,
): Promise<number> {
  const inApp = people
    .filter((u) => can(u.role, 'notifications', 'read') && isShown(preferencesOf(u.notificationPreferences), content))
    .map((u) => u.id);
  const email = people.filter((u) => u.email && isEmailed(preferencesOf(u.notificationPreferences), content)).map((u) => u.email as string);
  await deliver(strapi, inApp, content);
  await mail(strapi, email, content);
  return new Set([...inApp, ...people.filter((u) => email.includes(u.email as string)).map((u) => u.id)]).size;
}

export async function notifyContentEvent(strapi: Core.Strapi, event: ContentEvent, payload: Parameters<typeof notificationFor>[1], actorId?: number) {
  const content = notificationFor(event, payload);
  const module: Module = content.category === 'signalement' ? 'signalements' : 'contenus';
  const to = await recipients(strapi, module, content, actorId);
  await deliver(strapi, to.inApp, content);
  await mail(strapi, to.email, content, true);
}

/**
 * The notifications of written records are made after the writes' answers, two at a time: a burst of writes (a
 * citizens' application resending a day's reports, an import) would otherwise start as many deliveries at once,
 * each holding database connections, and the requests behind them would wait for a connection until they failed.
 */
const inBackground = pLimit(2);

/** Document middleware: report and event writes made through the API become notifications, after commit, never failing the write. */
export function registerNotificationTriggers(strapi: Core.Strapi) {
  strapi.documents.use(async (context, next) => {
    const watched = context.uid === REPORT || context.uid === EVENT;
    if (!watched || (context.action !== 'create' && context.action !== 'update')) return next();
    // Writes the backend makes itself (seed, bootstrap) are not news to anyone.
    const actor = currentRequest(strapi)?.user;
    if (!actor) return next();
    const before = context.uid === REPORT && context.action === 'update' ? await previousRow(strapi, context) : null;
    const result: any = await next();
    if (!result) return result;
    const events: [ContentEvent, any][] = [];
    if (context.uid === REPORT) {
      const payload = reportPayload(result);
      if (context.action === 'create') events.push(['new-report', payload]);
      else if (result.report_status === 'resolu' && before?.report_status !== 'resolu') events.push(['report-resolved', payload]);
      else events.push(['report-updated', payload]);
    } else {
      events.push([context.action === 'create' ? 'new-event' : 'event-updated', eventPayload(result)]);
    }
    afterCommit(strapi, 'notifications', () => {
      for (const [event, payload] of events) {
        inBackground(() => notifyContentEvent(strapi, event, payload, actor.id)).catch((error) => strapi.log.error(`notifications: ${(error as Error).message}`));
      }
    });
    return result;
  });
}

/** The Test button: one notification for one user, an information of normal priority, to see that delivery works. */
export async function sendTestNotification(strapi: Core.Strapi, userId: number) {
  await deliver(strapi, [userId], {
    title: 'Notification de test',
    message: 'Ceci est une notification de test envoyée depuis le centre de notifications.',
    type: 'info',
    category: 'system',
    priority: 'medium',
    data: { url: '/notifications', test: true },
  });
}
