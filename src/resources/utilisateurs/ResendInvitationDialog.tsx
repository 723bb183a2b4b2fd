import { RouteCallDialog } from '../../generic/dialogs/RouteCallDialog';
import type { ActionDialogProps } from '../../generic/types';
import { messages } from './messages';

/** « Renvoyer l'invitation »: a new link (the old one stops working), valid 72 hours (POST /api/invitations). */
export default function ResendInvitationDialog(props: ActionDialogProps) {
  return (
    <RouteCallDialog
      {...props}
      texts={messages.invitation.resend}
      name={(record) => String(record.username ?? record.email ?? '')}
      request={(record) => ({ method: 'POST', path: '/api/invitations', body: { user: record.id } })}
    />
  );
}
