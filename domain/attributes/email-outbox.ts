import { defineAttributes } from '../attributes';
import { EMAIL_AUDIENCES, EMAIL_STATES, EMAIL_TEMPLATES } from '../emails';

/**
 * The outbox: every e-mail is a row before it is sent, so that a server that is down, slow or refusing loses
 * nothing, and a restart or a second instance sends it once (the worker claims a row by a conditional update:
 * backend/src/api/email-outbox/services/email-outbox.ts). Written by the backend alone. The bodies are private:
 * a reset or invitation link in them would let whoever reads the outbox take the account.
 */
export const EMAIL_OUTBOX_ATTRIBUTES = defineAttributes({
  to: { type: 'string', required: true, maxLength: 254, computed: true },
  template: { type: 'enumeration', enum: EMAIL_TEMPLATES, required: true, computed: true },
  audience: { type: 'enumeration', enum: EMAIL_AUDIENCES, required: true, computed: true },
  subject: { type: 'string', required: true, maxLength: 300, computed: true },
  // `status` is Strapi's draft/publish query parameter: the delivery state is `state`.
  state: { type: 'enumeration', enum: EMAIL_STATES, default: 'queued', required: true, computed: true },
  attempts: { type: 'integer', default: 0, computed: true },
  lastError: { type: 'text', computed: true },
  nextAttemptAt: { type: 'datetime', computed: true },
  sentAt: { type: 'datetime', computed: true },
  claimedAt: { type: 'datetime', computed: true },
  // The report a citizen's mail is about (its documentId).
  reportId: { type: 'string', maxLength: 64, computed: true },
  html: { type: 'text', private: true },
  text: { type: 'text', private: true },
  headers: { type: 'json', private: true },
  claimToken: { type: 'string', private: true },
  // A mail still waiting may take in news of the same kind (a citizen's reply and closing within a
  // minute make one mail): the key it is found by, and the parameters it is rendered again from.
  mergeKey: { type: 'string', maxLength: 120, private: true },
  params: { type: 'json', private: true },
});
