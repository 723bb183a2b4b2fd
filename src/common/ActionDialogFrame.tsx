import { useId, useRef, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useFullScreenDialog } from './breakpoints';
import { DialogNotices } from './DialogNotices';
import { useBackCloses } from './useBackCloses';

export interface ActionDialogFrameProps {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  cancelLabel: string;
  /** The submit button waits for a valid choice. */
  canSubmit?: boolean;
  /** While the write runs: nothing can be clicked, the dialog cannot be closed. */
  busy?: boolean;
  /** A red action (a deletion); Annuler then has the focus, so Enter never deletes by accident. */
  destructive?: boolean;
  /** A sentence the dialog is described by (a confirmation's question). */
  description?: ReactNode;
  children?: ReactNode;
}

/** On a phone: a dialog's two buttons side by side across the bottom of the screen, the action the wider, each a large target (DialogActions with disableSpacing). */
export const PHONE_DIALOG_ACTIONS = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)', gap: 1, px: 2, pt: 1, pb: 'calc(12px + env(safe-area-inset-bottom, 0px))', '& > .MuiButton-root': { minHeight: 48 } };

/**
 * The small dialog of an action (a status change, an assignment, a confirmation): a title, its content, Annuler and the action.
 * On a phone, held in one hand: a dialog with content fills the screen with its buttons at the bottom, a plain
 * question rises from the bottom of the screen (a sheet); the phone's Back closes either (as Annuler).
 */
export function ActionDialogFrame({ open, title, onClose, onSubmit, submitLabel, cancelLabel, canSubmit = true, busy, destructive, description, children }: ActionDialogFrameProps) {
  const id = useId();
  const phone = useFullScreenDialog();
  const fullScreen = phone && !!children;
  const sheet = phone && !children;
  const busyNow = useRef(busy);
  busyNow.current = busy;
  // Back while the write runs leaves the dialog to finish (it closes itself when done).
  useBackCloses(open && phone, () => {
    if (!busyNow.current) onClose();
  });
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-text` : undefined}
      maxWidth="xs"
      fullWidth
      fullScreen={fullScreen}
      sx={sheet ? { '& .MuiDialog-container': { alignItems: 'flex-end' } } : undefined}
      slotProps={sheet ? { paper: { sx: { m: 0, width: '100%', maxWidth: '100%', borderBottomLeftRadius: 0, borderBottomRightRadius: 0 } } } : undefined}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      {fullScreen && <DialogNotices />}
      <DialogContent dividers={fullScreen}>
        {description && <DialogContentText id={`${id}-text`}>{description}</DialogContentText>}
        {children}
      </DialogContent>
      <DialogActions disableSpacing={phone} sx={phone ? PHONE_DIALOG_ACTIONS : undefined}>
        <Button onClick={onClose} disabled={busy} autoFocus={destructive} variant={phone ? 'outlined' : 'text'}>
          {cancelLabel}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={onSubmit} disabled={busy || !canSubmit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
