import { SLA_NOTICE_KINDS } from '@mamoudzou/domain/sla';

/**
 * A service-level reminder taken by one instance before anyone is told (backend/src/api/report/rules/reminders.ts):
 * the database's unique index lets a single row exist per report, kind and target, so a second instance
 * or a restart never sends the same reminder again. Not a resource: no route reads it.
 */
export default {
  kind: 'collectionType',
  collectionName: 'sla_notices',
  info: { singularName: 'sla-notice', pluralName: 'sla-notices', displayName: 'Rappel de délai' },
  options: { draftAndPublish: false },
  indexes: [{ name: 'sla_notices_report_kind_target_unique', columns: ['report', 'kind', 'target'], type: 'unique' }],
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    // The report's documentId.
    report: { type: 'string', required: true, maxLength: 64 },
    kind: { type: 'enumeration', enum: [...SLA_NOTICE_KINDS], required: true },
    // The target the reminder was about (ISO): a new target, after a change of priority, has its own.
    target: { type: 'string', required: true, maxLength: 30 },
    recipients: { type: 'integer' },
  },
};
