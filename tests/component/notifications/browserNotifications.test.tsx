import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeSockets } from '../../support/fakeSocket';
import { renderApp } from '../renderApp';
import { notificationsBackend } from './notificationsBackend';

/**
 * « Notifications push »: a browser notification while the back-office is open in a hidden tab. jsdom
 * has no Notification: a stand-in records what the app asks of the browser's API.
 */
class BrowserNotification {
  static permission: NotificationPermission = 'default';
  static shown: BrowserNotification[] = [];
  static asked = 0;
  static async requestPermission() {
    BrowserNotification.asked += 1;
    BrowserNotification.permission = 'granted';
    return BrowserNotification.permission;
  }
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    public title: string,
    public options: NotificationOptions = {},
  ) {
    BrowserNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  BrowserNotification.permission = 'default';
  BrowserNotification.shown = [];
  BrowserNotification.asked = 0;
  (window as unknown as { Notification: unknown }).Notification = BrowserNotification;
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  delete (window as unknown as { Notification?: unknown }).Notification;
  delete (document as unknown as { visibilityState?: unknown }).visibilityState;
});

const live = (over: Record<string, unknown> = {}) => ({
  id: 41,
  documentId: 'n41',
  title: 'Signalement : Arbre tombé sur la route',
  message: 'Priorité critique — Kawéni',
  category: 'signalement',
  priority: 'urgent',
  type: 'warning',
  read: false,
  data: { url: '/signalements/rep1' },
  createdAt: new Date().toISOString(),
  ...over,
});

function start(settings: Record<string, unknown> = {}, preferences: Record<string, unknown> = {}) {
  const sockets = fakeSockets();
  const rows: Record<string, unknown>[] = [];
  const backend = notificationsBackend(rows, preferences);
  backend.on('GET', '/api/setting', { body: { data: { id: 1, documentId: 'settings', pushNotifications: true, ...settings } } });
  backend.sessionStorageFor('admin');
  const app = renderApp('/', { fetch: backend.fetch, socket: sockets.factory });
  return { sockets, rows, backend, app };
}

describe('browser notifications (« Notifications push »)', { timeout: 60_000 }, () => {
  it('the preferences ask the browser when push is turned on, and say what it answered', async () => {
    const user = userEvent.setup();
    start({}, { push: false });
    await user.click(await screen.findByRole('button', { name: /menu utilisateur|Admin Mairie/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Préférences de notifications' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Préférences de notifications' }));
    const push = await dialog.findByRole('switch', { name: 'Notifications push' });
    await waitFor(() => expect(push).not.toBeChecked());
    await user.click(push);
    expect(BrowserNotification.asked).toBe(1);
    expect(await dialog.findByText('Le navigateur les affiche quand le back-office est ouvert dans un onglet en arrière-plan.')).toBeInTheDocument();
  });

  it('a notification arriving in a hidden tab is shown by the browser; a click opens its page and reads it', async () => {
    BrowserNotification.permission = 'granted';
    const { sockets, rows, backend } = start();
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(backend.calls.some((c) => c.path === '/api/setting')).toBe(true));
    visibility = 'hidden';
    rows.unshift(live({ data: { url: '/notifications' } }));
    act(() => sockets.last()!.serverEmit('notification', rows[0]));
    await waitFor(() => expect(BrowserNotification.shown).toHaveLength(1));
    const [shown] = BrowserNotification.shown;
    expect(shown.title).toBe('Signalement : Arbre tombé sur la route');
    expect(shown.options).toMatchObject({ body: 'Priorité critique — Kawéni', tag: 'notification-n41', lang: 'fr' });

    visibility = 'visible';
    expect(screen.queryByRole('heading', { level: 2, name: 'Notifications' })).not.toBeInTheDocument();
    act(() => shown.onclick!());
    // Its link: the notifications page here.
    expect(await screen.findByRole('heading', { level: 2, name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(rows[0].read).toBe(true));
    expect(shown.closed).toBe(true);
  });

  it('nothing from the browser in a visible tab (the toast is there), with push off in the settings or in the preferences, or for a hidden category', async () => {
    BrowserNotification.permission = 'granted';
    const visible = start();
    await screen.findByRole('button', { name: 'Notifications' });
    act(() => visible.sockets.last()!.serverEmit('notification', live()));
    expect(await screen.findByText('Priorité critique — Kawéni')).toBeInTheDocument();
    expect(BrowserNotification.shown).toHaveLength(0);
    visible.app.unmount();

    for (const [settings, preferences] of [
      [{ pushNotifications: false }, {}],
      [{}, { push: false }],
      [{}, { categories: { signalement: false } }],
    ] as const) {
      localStorage.setItem('notificationPreferences', JSON.stringify(preferences));
      const { sockets, backend, app } = start(settings, preferences);
      await screen.findByRole('button', { name: 'Notifications' });
      await waitFor(() => expect(backend.calls.some((c) => c.path === '/api/setting')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 300)); // the settings' answer applied
      visibility = 'hidden';
      act(() => sockets.last()!.serverEmit('notification', live()));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(BrowserNotification.shown, JSON.stringify({ settings, preferences })).toHaveLength(0);
      app.unmount();
      visibility = 'visible';
    }
  });
});
