import { useCallback, useEffect } from 'react';
import { useCloseNotification, useNotify } from 'ra-core';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { queuedToasts, type ToastVariant } from './toastQueue';
import { useUndoEntry } from './undoWindows';

export type { ToastVariant };

/**
 * A change shown as made while its toast is up: « Annuler » takes it back (nothing is sent); when the toast
 * goes (its time is up, « Fermer », or the app leaves the screen), the change is sent.
 */
export interface UndoWindow {
  /** Its entry in undoWindows.ts: taken back elsewhere (in a dialog), the toast goes. */
  key: string;
  label: string;
  undo: () => void;
  /** The toast is gone without « Annuler ». */
  end: () => void;
}

/**
 * The toast's lifetime as the undo window: its unmount ends the window, one tick later so that React's
 * development double mount (unmount, mount again at once) does not end it.
 */
function useUndoWindow(pending: UndoWindow | undefined, close: () => void) {
  const entry = useUndoEntry(pending?.key);
  useEffect(() => {
    if (pending && !entry) close();
  }, [close, entry, pending]);
  useEffect(() => {
    if (!pending) return;
    const state = pending as UndoWindow & { ending?: ReturnType<typeof setTimeout> };
    clearTimeout(state.ending);
    return () => {
      state.ending = setTimeout(() => pending.end(), 0);
    };
  }, [pending]);
}

/**
 * Toasts: a title and an optional description, "destructive"
 * for failures. Shown through react-admin's notification queue, styled by the current theme.
 */
function ToastContent({ title, description, variant, undo }: { title: string; description?: string; variant: ToastVariant; undo?: UndoWindow }) {
  const close = useCloseNotification();
  useUndoWindow(undo, close);
  return (
    <Alert
      severity={variant === 'destructive' ? 'error' : variant}
      variant="filled"
      onClose={close}
      action={
        undo ? (
          <>
            <Button
              color="inherit"
              size="small"
              sx={{ fontWeight: 700, minHeight: 44 }}
              onClick={() => {
                undo.undo();
                close();
              }}
            >
              {undo.label}
            </Button>
            <IconButton color="inherit" size="small" title="Fermer" aria-label="Fermer" onClick={close} sx={{ minWidth: 44, minHeight: 44 }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        ) : undefined
      }
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
    ({ title, description, variant = 'info', undo }: { title: string; description?: string; variant?: ToastVariant; undo?: UndoWindow }) =>
      notify(<ToastContent title={title} description={description} variant={variant} undo={undo} />, {
        type: variant === 'destructive' ? 'error' : variant,
        autoHideDuration: 5000,
        // react-admin's snackbar then asks before the page is left while the change is not sent yet.
        ...(undo ? { undoable: true } : {}),
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
