import type { ReactNode } from 'react';
import { ActionDialogFrame } from './ActionDialogFrame';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
  busy?: boolean;
}

/** A yes/no question; for a destructive one the cancel button has the focus so Enter never deletes by accident. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, onConfirm, onClose, destructive, busy }: ConfirmDialogProps) {
  return (
    <ActionDialogFrame open={open} title={title} onClose={onClose} onSubmit={onConfirm} submitLabel={confirmLabel} cancelLabel={cancelLabel} destructive={destructive} busy={busy} description={message} />
  );
}
