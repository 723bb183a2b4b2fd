import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

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

/** The small dialog of an action (a status change, an assignment, a confirmation): a title, its content, Annuler and the action. */
export function ActionDialogFrame({ open, title, onClose, onSubmit, submitLabel, cancelLabel, canSubmit = true, busy, destructive, description, children }: ActionDialogFrameProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-text` : undefined}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {description && <DialogContentText id={`${id}-text`}>{description}</DialogContentText>}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus={destructive}>
          {cancelLabel}
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={onSubmit} disabled={busy || !canSubmit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
