import { useId, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useFullScreenDialog } from '../../common/breakpoints';
import { DialogNotices } from '../../common/DialogNotices';
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

/**
 * A titled dialog with a close button; on a phone it fills the screen, its actions at the bottom
 * (DialogActions stay in view under the scrolling content) and the device's notices (« Hors ligne »)
 * under its title. Its content and actions come as children.
 */
export function DialogFrame({ open, title, onClose, maxWidth = 'md', busy, children }: DialogFrameProps) {
  const titleId = useId();
  const phone = useFullScreenDialog();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth fullScreen={phone} scroll="paper">
      <DialogTitle id={titleId} sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {title}
        <IconButton aria-label={fr.generic.close} onClick={close} disabled={busy} sx={{ position: 'absolute', right: { xs: 4, sm: 8 }, top: { xs: 4, sm: 8 } }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {phone && <DialogNotices />}
      {children}
    </Dialog>
  );
}
