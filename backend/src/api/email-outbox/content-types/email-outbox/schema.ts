import { contentType } from '../../../../utils/content-type';

/** The outbox (why a row before every mail: domain/attributes/email-outbox.ts, with its attributes). */
export default contentType('email-outbox', {
  pluralName: 'email-outbox-messages',
  displayName: "File d'envoi des e-mails",
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  indexes: [
    { name: 'email_outbox_state_due_idx', columns: ['state', 'next_attempt_at'] },
    { name: 'email_outbox_created_idx', columns: ['created_at'] },
  ],
});
