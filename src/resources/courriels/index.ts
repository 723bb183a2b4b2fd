import { lazy } from 'react';
import MailIcon from '@mui/icons-material/MailOutlined';
import ResendIcon from '@mui/icons-material/Replay';
import { EMAIL_STATES, EMAIL_TEMPLATES } from '@mamoudzou/domain/emails';
import { choicesOf } from '../../generic/choices';
import { defineResource } from '../../generic/defineResource';
import { EMAIL_STATE_TONES } from '../tones';
import { messages as l } from './messages';

const ResendEmailDialog = lazy(() => import('./ResendEmailDialog'));
const BackToIntegrations = lazy(() => import('./BackToIntegrations'));

/**
 * The e-mail outbox (/courriels, administrators; opened from Intégrations): every mail the backend
 * queued, its state, tries and last error; « Renvoyer » puts a failed one back in the queue. Read only
 * otherwise: the backend writes the rows, and never shows a mail's body (a reset link is in it).
 */
export const courriels = defineResource('email-outbox', {
  label: l.label,
  recordLabel: 'E-mail',
  icon: MailIcon,
  menu: false,
  texts: l.texts,
  fields: [
    { source: 'createdAt', label: l.fields.createdAt, type: 'datetime', readOnly: true },
    { source: 'to', label: l.fields.to, type: 'email', readOnly: true },
    { source: 'subject', label: l.fields.subject, type: 'text', readOnly: true },
    { source: 'template', label: l.fields.template, type: 'select', readOnly: true, choices: choicesOf(EMAIL_TEMPLATES, l.templates) },
    { source: 'state', label: l.fields.state, type: 'select', readOnly: true, cell: 'badge', tones: EMAIL_STATE_TONES, choices: choicesOf(EMAIL_STATES, l.states) },
    { source: 'attempts', label: l.fields.attempts, type: 'number', readOnly: true },
    { source: 'lastError', label: l.fields.lastError, type: 'text', readOnly: true, emptyText: '—', sortable: false },
    { source: 'sentAt', label: l.fields.sentAt, type: 'datetime', readOnly: true, emptyText: '—' },
  ],
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
    custom: [{ id: 'resend', label: l.resend.label, icon: ResendIcon, access: 'edit', dialog: ResendEmailDialog, visible: (record) => record.state === 'failed' }],
  },
  populate: [],
  searchFields: ['to', 'subject'],
  recordRepresentation: 'subject',
  views: { list: true },
});

export default courriels;
