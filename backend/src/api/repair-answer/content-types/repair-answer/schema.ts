import { REPAIR_ANSWERS } from '@mamoudzou/domain/citizen-page';

/**
 * A citizen's answer to « Est-ce réparé ? » about one closing of a report (backend/src/api/report/rules/repair.ts).
 * The unique index lets one answer exist per report, closing and recipient: a link answers once. The recipient is
 * kept as a hash of their address, nothing more. Not a resource: no route reads it; the figures count it.
 */
export default {
  kind: 'collectionType',
  collectionName: 'repair_answers',
  info: { singularName: 'repair-answer', pluralName: 'repair-answers', displayName: 'Réponse « Est-ce réparé ? »' },
  options: { draftAndPublish: false },
  indexes: [
    { name: 'repair_answers_report_closing_recipient_unique', columns: ['report', 'closed_at', 'recipient'], type: 'unique' },
    { name: 'repair_answers_closed_at_idx', columns: ['closed_at'] },
  ],
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    // The report's documentId.
    report: { type: 'string', required: true, maxLength: 64 },
    // The closing the question was about (the report's closedAt then).
    closedAt: { type: 'datetime', required: true },
    // SHA-256 of the recipient's address, lower case.
    recipient: { type: 'string', required: true, maxLength: 64 },
    answer: { type: 'enumeration', enum: [...REPAIR_ANSWERS], required: true },
  },
};
