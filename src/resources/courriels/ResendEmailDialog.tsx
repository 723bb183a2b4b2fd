import { isUnconfirmed } from '@mamoudzou/domain/emails';
import { RouteCallDialog } from '../../generic/dialogs/RouteCallDialog';
import type { ActionDialogProps } from '../../generic/types';
import { messages } from './messages';

/**
 * « Renvoyer » a failed e-mail, or an unconfirmed one (saying it may arrive twice): back to the queue
 * (POST /api/email-outbox/:id/resend).
 */
export default function ResendEmailDialog(props: ActionDialogProps) {
  const texts = props.record && isUnconfirmed(props.record) ? { ...messages.resend, message: messages.resend.unconfirmedMessage } : messages.resend;
  return (
    <RouteCallDialog
      {...props}
      texts={texts}
      name={(record) => String(record.subject ?? '')}
      request={(record) => ({ method: 'POST', path: `/api/email-outbox/${record.documentId ?? record.id}/resend` })}
    />
  );
}
