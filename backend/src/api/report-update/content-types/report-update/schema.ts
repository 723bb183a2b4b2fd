import { REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import { REPORT_UPDATE_KINDS } from '@mamoudzou/domain/timeline';

/**
 * A line of a report's timeline: its creation, each status change and assignment (written by the
 * backend), and what staff write: a public reply to the citizen or an internal note. Only public
 * lines ever leave the back-office (Open311's status_notes and servicerequestupdates).
 */
export default {
  kind: 'collectionType',
  collectionName: 'report_updates',
  info: { singularName: 'report-update', pluralName: 'report-updates', displayName: 'Suivi de signalement' },
  options: { draftAndPublish: false },
  indexes: [{ name: 'report_updates_report_idx', columns: ['report', 'created_at'] }],
  attributes: {
    // The report's documentId.
    report: { type: 'string', required: true, maxLength: 64 },
    kind: { type: 'enumeration', enum: [...REPORT_UPDATE_KINDS], required: true },
    public: { type: 'boolean', default: false },
    text: { type: 'text', maxLength: 4000 },
    statusBefore: { type: 'enumeration', enum: [...REPORT_STATUSES] },
    statusAfter: { type: 'enumeration', enum: [...REPORT_STATUSES] },
    authorId: { type: 'integer' },
    authorName: { type: 'string', maxLength: 120 },
  },
};
