import { defineAttributes, STRING_LIST_BOUNDS } from '../attributes';
import { REPORT_PRIORITIES, REPORT_STATUSES, SERVICES, SLA_STATUSES, ZONES } from '../vocabulary';

/** A citizen's report. What the backend alone writes is `computed`: the SPA shows it and never sends it. */
export const REPORT_ATTRIBUTES = defineAttributes({
  // MZ-2026-00042, given by the backend (rules/reference.ts): what citizens and Open311 clients quote.
  reference: { type: 'string', unique: true, maxLength: 20, computed: true },
  title: { type: 'string', required: true, maxLength: 200 },
  // One of the settings' « Catégories de signalement », which an administrator may change (rules/report-type.ts).
  type: { type: 'string', required: true, maxLength: 60 },
  subType: { type: 'string', maxLength: 120 },
  description: { type: 'text', required: true, maxLength: 5000 },
  report_status: { type: 'enumeration', enum: REPORT_STATUSES, default: 'nouveau' },
  // Legacy free text (pending, in_progress, ...), read only as a fallback of report_status.
  status: { type: 'string', computed: true },
  priority: { type: 'enumeration', enum: REPORT_PRIORITIES, default: 'normale' },
  // Set by the backend from priority and the effective status (a client's values are replaced); not
  // private, since Strapi refuses to sort on private fields.
  priorityRank: { type: 'integer', computed: true },
  statusRank: { type: 'integer', computed: true },
  zone: { type: 'enumeration', enum: ZONES, required: true },
  address: { type: 'string', required: true, maxLength: 300 },
  latitude: { type: 'float', min: -90, max: 90, kind: 'latitude' },
  longitude: { type: 'float', min: -180, max: 180, kind: 'longitude' },
  assignedTo: { type: 'string', maxLength: 120 },
  service: { type: 'enumeration', enum: SERVICES },
  photos: { type: 'media', multiple: true, allowedTypes: ['images'] },
  // A picture's address given by an Open311 client: kept as a link, never fetched by the server.
  mediaUrl: { type: 'string', maxLength: 1000 },
  citizenName: { type: 'string', maxLength: 120 },
  citizenEmail: { type: 'email' },
  // The citizen followed the link that stops e-mails about this report (rules/citizen-email.ts).
  citizenEmailOptOut: { type: 'boolean', default: false, private: true },
  citizenPhone: { type: 'string', maxLength: 40, kind: 'phone' },
  // Set by the backend (rules/sla.ts): the target, its status, when the reminder is due, when it was closed, its first response.
  slaTarget: { type: 'datetime', computed: true },
  slaStatus: { type: 'enumeration', enum: SLA_STATUSES, computed: true },
  slaWarningAt: { type: 'datetime', computed: true },
  closedAt: { type: 'datetime', computed: true },
  firstResponseAt: { type: 'datetime', computed: true },
  // The latest reminder sent for the current target (1 share of the delay, 2 deadline, 3 escalation): the job skips what is done.
  slaNotified: { type: 'integer', private: true },
  // Where it came from: « Back-office » or the Open311 client's name (set by the backend).
  source: { type: 'string', maxLength: 80, default: 'Back-office', computed: true },
  // Staff may keep a report out of everything public (Open311's lists and answers).
  isPublic: { type: 'boolean', default: true },
  // The report this one repeats (its documentId), set by POST /api/reports/:id/duplicate (rules/duplicates.ts).
  duplicateOf: { type: 'string', maxLength: 40, computed: true },
  // Citizens who hear of this report's progress: those whose report was marked its duplicate ({ email, from, optOut }).
  followers: { type: 'json', private: true },
  tags: { type: 'json', kind: 'stringList', ...STRING_LIST_BOUNDS.tags },
  internalNotes: { type: 'json', kind: 'stringList', ...STRING_LIST_BOUNDS.internalNotes },
});
