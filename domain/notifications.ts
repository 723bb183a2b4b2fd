import { notificationPriorityOf, type NotificationPriority } from './vocabulary';

/**
 * Notifications: kept per user by the backend (docs/architecture.md, « Temps réel »), created
 * when reports and events are written, shown by the SPA according to each user's preferences.
 */

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_CATEGORIES = ['signalement', 'article', 'event', 'user', 'system'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];
export type { NotificationPriority };

export interface NotificationPreferences {
  email: boolean;
  push: boolean;
  inApp: boolean;
  categories: Record<NotificationCategory, boolean>;
  priorities: Record<NotificationPriority, boolean>;
}

/** Everything on: a new account misses nothing until its owner chooses. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: true,
  push: true,
  inApp: true,
  categories: { signalement: true, article: true, event: true, user: true, system: true },
  priorities: { urgent: true, high: true, medium: true, low: true },
};

/** Stored preferences over the defaults (a missing key stays on). */
export function preferencesOf(stored: unknown): NotificationPreferences {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Partial<NotificationPreferences>;
  return {
    email: value.email ?? true,
    push: value.push ?? true,
    inApp: value.inApp ?? true,
    categories: { ...DEFAULT_NOTIFICATION_PREFERENCES.categories, ...(value.categories ?? {}) },
    priorities: { ...DEFAULT_NOTIFICATION_PREFERENCES.priorities, ...(value.priorities ?? {}) },
  };
}

/** The display rule: in-app on, and the category and the priority enabled. */
export function isShown(preferences: NotificationPreferences, notification: { category: string; priority: string }): boolean {
  return (
    preferences.inApp &&
    preferences.categories[notification.category as NotificationCategory] !== false &&
    preferences.priorities[notification.priority as NotificationPriority] !== false
  );
}

/**
 * The browser notification rule: the push channel on, and the category and the priority enabled (the
 * same choices as in the app, whether or not the in-app channel is on).
 */
export function isPushed(preferences: NotificationPreferences, notification: { category: string; priority: string }): boolean {
  return (
    preferences.push &&
    preferences.categories[notification.category as NotificationCategory] !== false &&
    preferences.priorities[notification.priority as NotificationPriority] !== false
  );
}

/** The e-mail rule: the e-mail channel on, and the category and the priority enabled (the in-app channel does not matter). */
export function isEmailed(preferences: NotificationPreferences, notification: { category: string; priority: string }): boolean {
  return (
    preferences.email &&
    preferences.categories[notification.category as NotificationCategory] !== false &&
    preferences.priorities[notification.priority as NotificationPriority] !== false
  );
}

export interface NotificationContent {
  title: string;
  message: string;
  type: NotificationType;
  category: NotificationCategory;
  priority: NotificationPriority;
  /** Where the notification leads and what it is about (url, entityId, entityType, location, date, status...). */
  data: { url?: string; [key: string]: unknown };
}

export type ContentEvent = 'new-report' | 'report-updated' | 'report-resolved' | 'new-event' | 'event-updated';

type Payload = {
  id: string;
  /** A report's short reference, as staff and citizens quote it; none until reports have one. */
  reference?: string | null;
  title?: string | null;
  type?: string | null;
  priority?: string | null;
  description?: unknown;
  location?: string | null;
  status?: string | null;
  /** An event's day (YYYY-MM-DD) and time of day (HH:MM…) in Mamoudzou. */
  date?: string | null;
  time?: string | null;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A calendar day as French staff write it: 2026-11-27 → 27/11/2026. */
export function frenchDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/**
 * The French notification a content event gives. A new report reads
 * "Signalement {reference} : {title or type}", by the report's short reference (never the
 * 24-character internal id nobody can quote), or "Signalement : {title}" while it has none.
 */
export function notificationFor(event: ContentEvent, payload: Payload): NotificationContent {
  const name = payload.title || payload.type || '';
  if (event === 'new-report' || event === 'report-updated' || event === 'report-resolved') {
    const data = { url: `/signalements/${payload.id}`, entityId: payload.id, entityType: 'report' as const, location: payload.location ?? undefined, status: payload.status ?? undefined };
    const priority = notificationPriorityOf(payload.priority);
    if (event === 'new-report')
      return { title: payload.reference ? `Signalement ${payload.reference} : ${name}` : `Signalement : ${name}`, message: text(payload.description) || 'Nouveau signalement reçu.', type: priority === 'urgent' ? 'warning' : 'info', category: 'signalement', priority, data };
    if (event === 'report-resolved')
      return { title: 'Signalement résolu', message: `Le signalement ${payload.reference ? `${payload.reference} ` : ''}« ${name} » est résolu.`, type: 'success', category: 'signalement', priority, data };
    return { title: 'Signalement mis à jour', message: `Le signalement ${payload.reference ? `${payload.reference} ` : ''}« ${name} » a été mis à jour.`, type: 'info', category: 'signalement', priority, data };
  }
  const data = { url: `/evenements/${payload.id}`, entityId: payload.id, entityType: 'event' as const, location: payload.location ?? undefined, date: payload.date ?? undefined };
  if (event === 'new-event')
    return {
      title: 'Nouvel événement',
      message: `« ${name} »${payload.date ? ` le ${frenchDay(payload.date)}` : ''}${payload.time ? ` à ${payload.time.slice(0, 5)}` : ''}${payload.location ? `, ${payload.location}` : ''}.`,
      type: 'info',
      category: 'event',
      priority: 'medium',
      data,
    };
  return { title: 'Événement mis à jour', message: `L'événement « ${name} » a été modifié.`, type: 'info', category: 'event', priority: 'medium', data };
}
