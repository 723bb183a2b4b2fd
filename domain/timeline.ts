/**
 * A report's timeline (docs/open311.md): what happened to it, in order. The
 * backend writes its creation, status changes, assignments, service-level reminders and a citizen's opt-out of its e-mails; staff write public replies (what the
 * citizen is told) and internal notes (never leave the back-office).
 */
export const REPORT_UPDATE_KINDS = ['created', 'status', 'assignment', 'reply', 'note', 'reminder', 'opt_out'] as const;
export type ReportUpdateKind = (typeof REPORT_UPDATE_KINDS)[number];

export const REPORT_UPDATE_LABELS: Record<ReportUpdateKind, string> = {
  created: 'Signalement reçu',
  status: 'Changement de statut',
  assignment: 'Attribution',
  reply: 'Réponse au citoyen',
  note: 'Note interne',
  reminder: 'Rappel de délai',
  opt_out: 'Désabonnement du citoyen',
};

/** What staff may write themselves: the other kinds are the backend's. */
export const WRITTEN_KINDS: readonly ReportUpdateKind[] = ['reply', 'note'];

/** Lines a citizen may read: replies, and the status changes and receipt Open311 publishes. */
export const PUBLIC_KINDS: readonly ReportUpdateKind[] = ['created', 'status', 'reply'];
