import { lazy } from 'react';
import MarkReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import type { BadgeTone } from '../../common/Badge';
import NotificationIcon from './NotificationIcon';
import { PRIORITY_TONES } from './notificationLook';
import { defineResource } from '../../generic/defineResource';
import { fr } from '../../i18n/fr';
import { messages as l } from './messages';
import entry from './entry';

const n = fr.notifications;

const NotificationsHeader = lazy(() => import('./NotificationsHeader'));
const NotificationCardBody = lazy(() => import('./NotificationCardBody'));
const NotificationPreferencesView = lazy(() => import('./NotificationPreferencesView'));

const TYPE_TONES: Record<string, BadgeTone> = { error: 'red', warning: 'amber', success: 'green', info: 'blue' };

/**
 * The user's own notifications (/api/notifications, kept per user by the backend): counters, tabs
 * Toutes / Non lues / Lues, search and filters, cards with mark-read and delete, a header with Test,
 * Exporter, Actualiser, "Tout marquer comme lu" and "Tout supprimer".
 */
export const notifications = defineResource(entry, {
  texts: l.texts,
  labels: l.fields,
  fields: {
    title: { caption: (r) => String(r.message ?? '') },
    message: {},
    category: { choiceLabels: n.categories, tones: { signalement: 'violet', article: 'blue', event: 'green', user: 'grey', system: 'grey' } },
    priority: { choiceLabels: n.priorities, tones: PRIORITY_TONES },
    type: { choiceLabels: n.types, tones: TYPE_TONES },
    read: {},
    createdAt: { type: 'datetime', readOnly: true },
    readAt: { emptyText: n.unread },
  },
  list: {
    columns: ['title', 'category', 'priority', 'type', 'createdAt', 'readAt'],
    sort: { field: 'createdAt', order: 'DESC' },
    layout: 'cards',
    extraFields: ['message', 'data', 'read'],
    header: NotificationsHeader,
    views: [{ id: 'preferences', label: l.tabs.preferences, component: NotificationPreferencesView, standalone: true }],
  },
  card: { badges: ['priority', 'category', 'type'], lines: ['createdAt'], body: NotificationCardBody, icon: NotificationIcon },
  filters: [{ source: 'q' }, { source: 'category' }, { source: 'type' }, { source: 'priority' }],
  tabs: [
    { id: 'all', label: l.tabs.all, filter: {} },
    { id: 'unread', path: 'non-lues', label: l.tabs.unread, filter: { read: false } },
    { id: 'read', path: 'lues', label: l.tabs.read, filter: { read: true } },
  ],
  summary: {
    cards: [
      { id: 'total', label: l.summary.total, count: {} },
      { id: 'unread', label: l.summary.unread, count: { read: false } },
      { id: 'signalement', label: l.summary.signalement, count: { category: 'signalement' } },
      { id: 'urgent', label: l.summary.urgent, count: { priority: 'urgent' } },
    ],
  },
  actions: {
    // The card's own buttons mark read and delete; the menu would repeat them.
    row: [],
    bulk: ['markRead', 'delete'],
    detail: ['markRead', 'delete'],
    custom: [
      {
        id: 'markRead',
        label: l.markRead,
        icon: MarkReadIcon,
        access: 'edit',
        update: { read: true },
        visible: (record) => !record.read,
        messages: { successTitle: l.markedTitle, success: l.marked, bulkSuccess: l.bulkMarked, errorTitle: n.errorTitle, error: n.errorMessage },
      },
    ],
  },
  detail: { sections: [{ title: n.title, fields: ['message', 'category', 'priority', 'type', 'createdAt', 'readAt'] }], maxWidth: 'sm' },
  exportColumns: [
    { key: 'titre', source: 'title' },
    { key: 'message', source: 'message' },
    { key: 'categorie', source: 'category', value: (r) => n.categories[r.category as keyof typeof n.categories] ?? r.category },
    { key: 'priorite', source: 'priority', value: (r) => n.priorities[r.priority as keyof typeof n.priorities] ?? r.priority },
    { key: 'type', source: 'type', value: (r) => n.types[r.type as keyof typeof n.types] ?? r.type },
    { key: 'lu', source: 'read', format: 'yesno' },
    { key: 'dateCreation', source: 'createdAt', format: 'datetime' },
    { key: 'dateLecture', source: 'readAt', format: 'datetime' },
  ],
});

export default notifications;
