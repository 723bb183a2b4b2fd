import { RouteCallDialog } from '../../generic/dialogs/RouteCallDialog';
import type { ActionDialogProps } from '../../generic/types';
import { messages } from './messages';

/** « Renvoyer » a failed e-mail: back to the queue (POST /api/email-outbox/:id/resend). */
export default function ResendEmailDialog(props: ActionDialogProps) {
  return (
    <RouteCallDialog
      {...props}
      texts={messages.resend}
      name={(record) => String(record.subject ?? '')}
      request={(record) => ({ method: 'POST', path: `/api/email-outbox/${record.documentId ?? record.id}/resend` })}
    />
  );
}
