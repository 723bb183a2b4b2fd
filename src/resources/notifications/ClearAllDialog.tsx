import { ConfirmDialog } from '../../common/ConfirmDialog';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { fr } from '../../i18n/fr';
import { messages as l } from './messages';
import { useNotificationCommands } from './useNotifications';

const n = fr.notifications;

/**
 * Deleting every notification of the user, asked first: the page's « Tout supprimer » and the bell's
 * « Effacer toutes les notifications » (deleted notifications do not come back).
 */
export function ClearAllDialog({ open, title, onClose }: { open: boolean; title: string; onClose: () => void }) {
  const toast = useToast();
  const { clearAll } = useNotificationCommands();
  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={l.clearConfirm}
      confirmLabel={fr.generic.delete}
      cancelLabel={fr.generic.cancel}
      destructive
      busy={clearAll.isPending}
      onClose={onClose}
      onConfirm={() =>
        clearAll.mutate(undefined, {
          onSuccess: () => {
            onClose();
            toast({ title, description: l.allDeleted, variant: 'success' });
          },
          onError: (error) => toast({ title: n.errorTitle, description: `${n.errorMessage} ${frenchErrorMessage(error)}`, variant: 'destructive' }),
        })
      }
    />
  );
}
