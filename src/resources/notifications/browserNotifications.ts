/**
 * Browser notifications (the « Notifications push » channel): shown by the browser while the
 * back-office is open in a tab the person is not looking at, once they allowed it. No service worker
 * and no push server: the real-time socket brings the notification, the open tab shows it.
 */

export type BrowserPermission = NotificationPermission | 'unsupported';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** What the browser answers today: granted, denied, default (not asked yet), or unsupported. */
export function browserPermission(): BrowserPermission {
  return supported() ? window.Notification.permission : 'unsupported';
}

/** Asks the browser (it shows its own prompt; call it from a click). */
export async function askBrowserPermission(): Promise<BrowserPermission> {
  if (!supported()) return 'unsupported';
  return window.Notification.requestPermission();
}

export interface BrowserNotificationContent {
  /** The notification's id: a second one with the same id replaces it instead of piling up. */
  id?: string | number;
  title: string;
  message?: string;
}

/**
 * Shows `content` as a browser notification when the tab is hidden and the browser allows it; a click
 * brings the tab forward and calls `onOpen`. Answers whether it was shown (a visible tab has its toast).
 */
export function notifyInBackground(content: BrowserNotificationContent, onOpen: () => void): boolean {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden' || browserPermission() !== 'granted') return false;
  const shown = new window.Notification(content.title, {
    body: content.message,
    lang: 'fr',
    ...(content.id !== undefined ? { tag: `notification-${content.id}` } : {}),
  });
  shown.onclick = () => {
    window.focus();
    onOpen();
    shown.close();
  };
  return true;
}
