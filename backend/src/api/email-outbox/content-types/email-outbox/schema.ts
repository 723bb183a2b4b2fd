import { EMAIL_AUDIENCES, EMAIL_STATES, EMAIL_TEMPLATES } from '@mamoudzou/domain/emails';

/**
 * The outbox: every e-mail is a row before it is sent, so that a server that is down, slow or
 * refusing loses nothing, and a restart or a second instance sends it once (the worker claims a row
 * by a conditional update: services/email-outbox.ts). The bodies are private: a reset or invitation
 * link in them would let whoever reads the outbox take the account.
 */
export default {
  kind: 'collectionType',
  collectionName: 'email_outbox',
  info: { singularName: 'email-outbox', pluralName: 'email-outbox-messages', displayName: "File d'envoi des e-mails" },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  indexes: [
    { name: 'email_outbox_state_due_idx', columns: ['state', 'next_attempt_at'] },
    { name: 'email_outbox_created_idx', columns: ['created_at'] },
  ],
  attributes: {
    to: { type: 'string', required: true, maxLength: 254 },
    template: { type: 'enumeration', enum: [...EMAIL_TEMPLATES], required: true },
    audience: { type: 'enumeration', enum: [...EMAIL_AUDIENCES], required: true },
    subject: { type: 'string', required: true, maxLength: 300 },
    // `status` is Strapi's draft/publish query parameter: the delivery state is `state`.
    state: { type: 'enumeration', enum: [...EMAIL_STATES], default: 'queued', required: true },
    attempts: { type: 'integer', default: 0 },
    lastError: { type: 'text' },
    nextAttemptAt: { type: 'datetime' },
    sentAt: { type: 'datetime' },
    claimedAt: { type: 'datetime' },
    // The report a citizen's mail is about (its documentId).
    reportId: { type: 'string', maxLength: 64 },
    html: { type: 'text', private: true },
    text: { type: 'text', private: true },
    headers: { type: 'json', private: true },
    claimToken: { type: 'string', private: true },
    // A mail still waiting may take in news of the same kind (a citizen's reply and closing within a
    // minute make one mail): the key it is found by, and the parameters it is rendered again from.
    mergeKey: { type: 'string', maxLength: 120, private: true },
    params: { type: 'json', private: true },
  },
};
