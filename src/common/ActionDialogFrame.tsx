import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useFullScreenDialog } from './breakpoints';
import { DialogFrame } from './DialogFrame';

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
 * The small dialog of an action (a status change, an assignment, a confirmation), in the app's dialog frame:
 * a title, its content, Annuler and the action. On a phone, held in one hand: a dialog with content fills the
 * screen with its buttons at the bottom, a plain question rises from the bottom of the screen (a sheet); the
 * phone's Back closes either (as Annuler).
 */
export function ActionDialogFrame({ open, title, onClose, onSubmit, submitLabel, cancelLabel, canSubmit = true, busy, destructive, description, children }: ActionDialogFrameProps) {
  const id = useId();
  const phone = useFullScreenDialog();
  const fullScreen = phone && !!children;
  return (
    <DialogFrame
      open={open}
      title={title}
      onClose={onClose}
      busy={busy}
      maxWidth="xs"
      phoneLayout={children ? 'fullScreen' : 'sheet'}
      closeButton={false}
      describedBy={description ? `${id}-text` : undefined}
      backCloses
    >
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
    </DialogFrame>
  );
}
