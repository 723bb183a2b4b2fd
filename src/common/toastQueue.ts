/** How a toast looks: "destructive" for failures. Here, below toast.tsx, so the standalone login page needs no react-admin. */
export type ToastVariant = 'success' | 'info' | 'warning' | 'destructive';

/** A toast waiting for the app (no react-admin here: the standalone login page queues it before the app loads). */
export type QueuedToast = { title: string; description?: string; variant?: ToastVariant };
export const queuedToasts: QueuedToast[] = [];

/** A toast for the app to show once it is there (the standalone login page's "Connexion réussie"). */
export function queueToast(toast: QueuedToast) {
  queuedToasts.push(toast);
}
