import { useId, useRef, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useFullScreenDialog } from './breakpoints';
import { DialogNotices } from './DialogNotices';
import { useBackCloses } from './useBackCloses';
import { fr } from '../i18n/fr';

export interface DialogFrameProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** While saving: the dialog cannot be closed. */
  busy?: boolean;
  /** On a phone: fill the screen (default), or rise from the bottom of the screen as a sheet (a plain question). */
  phoneLayout?: 'fullScreen' | 'sheet';
  /** A close button in the title (default); an action's small dialog has Annuler instead. */
  closeButton?: boolean;
  /** The id of what describes the dialog (a confirmation's question). */
  describedBy?: string;
  /** The phone's Back closes it (a dialog that is not a route of its own). */
  backCloses?: boolean;
  children: ReactNode;
}

/**
 * The one frame of the app's dialogs: a title (with a close button), and on a phone the whole screen, its
 * actions at the bottom (DialogActions stay in view under the scrolling content) and the device's notices
 * (« Hors ligne ») under its title, or a sheet rising from the bottom for a plain question. Its content and
 * actions come as children.
 */
export function DialogFrame({ open, title, onClose, maxWidth = 'md', busy, phoneLayout = 'fullScreen', closeButton = true, describedBy, backCloses, children }: DialogFrameProps) {
  const titleId = useId();
  const phone = useFullScreenDialog();
  const fullScreen = phone && phoneLayout === 'fullScreen';
  const sheet = phone && phoneLayout === 'sheet';
  const busyNow = useRef(busy);
  busyNow.current = busy;
  const close = () => {
    if (!busyNow.current) onClose();
  };
  // Back while a write runs leaves the dialog to finish (it closes itself when done).
  useBackCloses(!!backCloses && open && phone, close);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
      sx={sheet ? { '& .MuiDialog-container': { alignItems: 'flex-end' } } : undefined}
      slotProps={sheet ? { paper: { sx: { m: 0, width: '100%', maxWidth: '100%', borderBottomLeftRadius: 0, borderBottomRightRadius: 0 } } } : undefined}
    >
      <DialogTitle id={titleId} sx={closeButton ? { pr: 6, overflowWrap: 'anywhere' } : undefined}>
        {title}
        {closeButton && (
          <IconButton aria-label={fr.generic.close} onClick={close} disabled={busy} sx={{ position: 'absolute', right: { xs: 4, sm: 8 }, top: { xs: 4, sm: 8 } }}>
            <CloseIcon />
          </IconButton>
        )}
      </DialogTitle>
      {fullScreen && <DialogNotices />}
      {children}
    </Dialog>
  );
}
