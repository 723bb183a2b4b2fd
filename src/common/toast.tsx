import { useCallback, useEffect } from 'react';
import { useCloseNotification, useNotify } from 'ra-core';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { queuedToasts, type ToastVariant } from './toastQueue';

export type { ToastVariant };

/**
 * Toasts: a title and an optional description, "destructive"
 * for failures. Shown through react-admin's notification queue, styled by the current theme.
 */
function ToastContent({ title, description, variant }: { title: string; description?: string; variant: ToastVariant }) {
  const close = useCloseNotification();
  return (
    <Alert
      severity={variant === 'destructive' ? 'error' : variant}
      variant="filled"
      onClose={close}
      // MUI's filled info blue under white text is 3.6:1; its dark shade reads at 7:1 (WCAG 1.4.3), in both themes.
      sx={{ minWidth: 300, boxShadow: 3, '&.MuiAlert-filledInfo': { bgcolor: '#01579b', color: '#fff' } }}
      slotProps={{ closeButton: { title: 'Fermer', 'aria-label': 'Fermer' } as never }}
    >
      <AlertTitle sx={{ mb: description ? 0.5 : 0 }}>{title}</AlertTitle>
      {description}
    </Alert>
  );
}

export function useToast() {
  const notify = useNotify();
  return useCallback(
    ({ title, description, variant = 'info' }: { title: string; description?: string; variant?: ToastVariant }) =>
      notify(<ToastContent title={title} description={description} variant={variant} />, {
        type: variant === 'destructive' ? 'error' : variant,
        autoHideDuration: 5000,
      }),
    [notify],
  );
}

/** Shows the toasts queued before the app was there (common/toastQueue.ts); the layout calls it once. */
export function useQueuedToasts() {
  const toast = useToast();
  useEffect(() => {
    while (queuedToasts.length) toast(queuedToasts.shift()!);
  }, [toast]);
}
