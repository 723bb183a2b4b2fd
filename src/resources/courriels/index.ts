import { lazy } from 'react';
import ResendIcon from '@mui/icons-material/Replay';
import { defineResource } from '../../generic/defineResource';
import { EMAIL_STATE_TONES } from '../tones';
import { messages as l } from './messages';
import { mayResend } from '@mamoudzou/domain/emails';
import entry from './entry';

const ResendEmailDialog = lazy(() => import('./ResendEmailDialog'));
const BackToIntegrations = lazy(() => import('./BackToIntegrations'));

/**
 * The e-mail outbox (/courriels, administrators; opened from Intégrations): every mail the backend
 * queued, its state, tries and last error; « Renvoyer » puts a failed one back in the queue. Read only
 * otherwise: the backend writes the rows, and never shows a mail's body (a reset link is in it).
 */
export const courriels = defineResource(entry, {
  texts: l.texts,
  labels: l.fields,
  fields: {
    createdAt: { type: 'datetime', readOnly: true },
    to: { type: 'email' },
    // A plain cell: an e-mail has no detail for a title to open.
    subject: { cell: 'text' },
    template: { choiceLabels: l.templates },
    state: { cell: 'badge', tones: EMAIL_STATE_TONES, choiceLabels: l.states },
    attempts: {},
    lastError: { type: 'text', emptyText: '—', sortable: false },
    sentAt: { emptyText: '—' },
  },
  list: {
    columns: ['createdAt', 'to', 'subject', 'template', 'state', 'attempts', 'lastError'],
    sort: { field: 'createdAt', order: 'DESC' },
    header: BackToIntegrations,
  },
  summary: {
    cards: [
      { id: 'queued', label: l.summary.queued, count: { state: 'queued' } },
      { id: 'sent', label: l.summary.sent, count: { state: 'sent' } },
      { id: 'failed', label: l.summary.failed, count: { state: 'failed' } },
    ],
  },
  filters: [{ source: 'q' }, { source: 'state' }, { source: 'template' }],
  actions: {
    row: ['resend'],
    bulk: [],
    detail: [],
    custom: [{ id: 'resend', label: l.resend.label, icon: ResendIcon, access: 'edit', dialog: ResendEmailDialog, visible: mayResend }],
  },
});

export default courriels;
