import type { ReportStatus } from '@mamoudzou/domain/vocabulary';

/** Marker colours of the reports map, one per status (the badges' hues, dark enough for a white ring). */
export const STATUS_COLORS: Record<ReportStatus, string> = {
  a_valider: '#be123c',
  nouveau: '#1d4ed8',
  en_cours: '#b45309',
  en_attente: '#6d28d9',
  resolu: '#15803d',
  rejete: '#4b5563',
};
