import {
  REPORT_PRIORITIES,
  REPORT_STATUSES,
  SERVICES,
  SLA_STATUSES,
  ZONES,
} from '@mamoudzou/domain/vocabulary';

export default {
  kind: 'collectionType',
  collectionName: 'reports',
  info: { singularName: 'report', pluralName: 'reports', displayName: 'Signalement' },
  options: { draftAndPublish: false },
  // Lists filter and sort by these columns.
  indexes: [
    // report_status leads, so filters use it; the legacy status beside it makes the stats' count index-only.
    { name: 'reports_report_status_idx', columns: ['report_status', 'status'] },
    // The lists' default order alone and after each filter: backend/src/api/report/rules/sort-indexes.ts (they
    // need a direction). They begin with created_at, zone, priority or type, so they serve those
    // columns' filters and the stats too: no single-column index of them is kept (a write updates each index).
    // Sorting by priority or status sorts by these ranks (backend/src/api/report/rules/ranks.ts).
    { name: 'reports_priority_rank_idx', columns: ['priority_rank'] },
    { name: 'reports_status_rank_idx', columns: ['status_rank'] },
    // The reports map asks for a visible area: a range on both coordinates (rules/area.ts).
    { name: 'reports_lat_lng_idx', columns: ['latitude', 'longitude'] },
    // « En retard » and « Bientôt en retard » (open reports past a time), the reminders' job and the figures.
    // The target before the reminder time: « Bientôt en retard » reads the few targets still ahead, from the index alone.
    { name: 'reports_status_sla_target_idx', columns: ['report_status', 'sla_target', 'sla_warning_at'] },
    // The reminders' job reads the reports whose next reminder is due, and only them (rules/reminders.ts).
    { name: 'reports_next_reminder_idx', columns: ['next_reminder_at'] },
    // « Mes signalements ».
    { name: 'reports_assigned_to_idx', columns: ['assigned_to', 'report_status'] },
    { name: 'reports_closed_at_idx', columns: ['closed_at'] },
    { name: 'reports_first_response_at_idx', columns: ['first_response_at'] },
  ],
  attributes: {
    // MZ-2026-00042, given by the backend (rules/reference.ts): what citizens and Open311 clients quote.
    reference: { type: 'string', unique: true, maxLength: 20 },
    title: { type: 'string', required: true, maxLength: 200 },
    // One of the settings' « Catégories de signalement », which an administrator may change (rules/report-type.ts).
    type: { type: 'string', required: true, maxLength: 60 },
    subType: { type: 'string', maxLength: 120 },
    description: { type: 'text', required: true, maxLength: 5000 },
    report_status: { type: 'enumeration', enum: [...REPORT_STATUSES], default: 'nouveau' },
    // Legacy free text (pending, in_progress, ...), read only as a fallback of report_status.
    status: { type: 'string' },
    priority: { type: 'enumeration', enum: [...REPORT_PRIORITIES], default: 'normale' },
    // Set by the backend from priority and the effective status (a client's values are replaced); not
    // private, since Strapi refuses to sort on private fields.
    priorityRank: { type: 'integer' },
    statusRank: { type: 'integer' },
    zone: { type: 'enumeration', enum: [...ZONES], required: true },
    address: { type: 'string', required: true, maxLength: 300 },
    latitude: { type: 'float', min: -90, max: 90 },
    longitude: { type: 'float', min: -180, max: 180 },
    assignedTo: { type: 'string', maxLength: 120 },
    service: { type: 'enumeration', enum: [...SERVICES] },
    photos: { type: 'media', multiple: true, allowedTypes: ['images'] },
    // A picture's address given by an Open311 client: kept as a link, never fetched by the server.
    mediaUrl: { type: 'string', maxLength: 1000 },
    citizenName: { type: 'string', maxLength: 120 },
    citizenEmail: { type: 'email' },
    // The citizen followed the link that stops e-mails about this report (rules/citizen-email.ts).
    citizenEmailOptOut: { type: 'boolean', default: false, private: true },
    citizenPhone: { type: 'string', maxLength: 40 },
    slaTarget: { type: 'datetime' },
    slaStatus: { type: 'enumeration', enum: [...SLA_STATUSES] },
    // Set by the backend (rules/sla.ts): when the reminder is due, when it was closed, its first response.
    slaWarningAt: { type: 'datetime' },
    closedAt: { type: 'datetime' },
    firstResponseAt: { type: 'datetime' },
    // The latest reminder sent for the current target (1 share of the delay, 2 deadline, 3 escalation): the job skips what is done.
    slaNotified: { type: 'integer', private: true },
    // When its next reminder falls due (domain/sla.ts nextReminderAt), kept by the backend at each write; empty when none will.
    nextReminderAt: { type: 'datetime', private: true },
    // Where it came from: « Back-office » or the Open311 client's name (set by the backend).
    source: { type: 'string', maxLength: 80, default: 'Back-office' },
    // Staff may keep a report out of everything public (Open311's lists and answers).
    isPublic: { type: 'boolean', default: true },
    // The report this one repeats (its documentId), set by POST /api/reports/:id/duplicate (rules/duplicates.ts).
    duplicateOf: { type: 'string', maxLength: 40 },
    // Citizens who hear of this report's progress: those whose report was marked its duplicate ({ email, from, optOut }).
    followers: { type: 'json', private: true },
    tags: { type: 'json' },
    internalNotes: { type: 'json' },
    // Accent- and case-insensitive search (backend/src/search/search-text.ts).
  },
};
