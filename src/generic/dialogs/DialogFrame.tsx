import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import { fr } from '../../i18n/fr';

export interface DialogFrameProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** While saving: the dialog cannot be closed. */
  busy?: boolean;
  children: ReactNode;
}

/** A titled dialog with a close button; full screen on a phone. Its content and actions come as children. */
export function DialogFrame({ open, title, onClose, maxWidth = 'md', busy, children }: DialogFrameProps) {
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.98px)', { noSsr: true });
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth fullScreen={phone} scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {title}
        <IconButton aria-label={fr.generic.close} onClick={close} disabled={busy} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {children}
    </Dialog>
  );
}
