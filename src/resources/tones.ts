import type { BadgeTone } from '../common/Badge';

/** Badge colours of the statuses several resources share (the reports' own are in their config). */
export const ARTICLE_STATUS_TONES: Record<string, BadgeTone> = { published: 'green', draft: 'grey', archived: 'amber' };
export const PLACE_STATUS_TONES: Record<string, BadgeTone> = { active: 'green', inactive: 'grey', pending: 'amber' };
export const USER_STATUS_TONES: Record<string, BadgeTone> = { actif: 'green', suspendu: 'red', inactif: 'grey' };
export const AUDIT_ACTION_TONES: Record<string, BadgeTone> = { create: 'green', update: 'blue', delete: 'red', login: 'grey', login_failed: 'amber', login_locked: 'red', export: 'grey', upload_refused: 'amber', password_reset: 'blue', invitation: 'green', email_withheld: 'amber' };
export const EMAIL_STATE_TONES: Record<string, BadgeTone> = { queued: 'blue', sending: 'blue', sent: 'green', failed: 'red' };
