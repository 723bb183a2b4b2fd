import { REPORT_PRIORITY_LABELS, REPORT_STATUS_LABELS, type ReportPriority, type ReportStatus, type SlaStatus } from '@mamoudzou/domain/vocabulary';
import { Badge, type BadgeTone } from '../../common/Badge';
import { fr } from '../../i18n/fr';
import { reportSla, reportSlaLabel, reportStatus } from './reportRecord';

const STATUS_TONE: Record<ReportStatus, BadgeTone> = {
  nouveau: 'blue',
  en_cours: 'amber',
  en_attente: 'violet',
  resolu: 'green',
  rejete: 'grey',
};
const PRIORITY_TONE: Record<ReportPriority, BadgeTone> = { basse: 'grey', normale: 'blue', haute: 'orange', critique: 'red' };
const SLA_TONE: Record<SlaStatus, BadgeTone> = { dans_les_temps: 'green', proche_echeance: 'amber', depasse: 'red' };

export function StatusBadge({ record, status }: { record?: Record<string, unknown>; status?: ReportStatus }) {
  const value = status ?? reportStatus(record ?? {});
  return <Badge label={REPORT_STATUS_LABELS[value]} tone={STATUS_TONE[value]} />;
}

export function PriorityBadge({ priority }: { priority?: unknown }) {
  const value = priority as ReportPriority;
  if (!value || !(value in REPORT_PRIORITY_LABELS)) return <Badge label={fr.resources.signalements.notSpecified} tone="grey" />;
  return <Badge label={REPORT_PRIORITY_LABELS[value]} tone={PRIORITY_TONE[value]} />;
}

export function SlaBadge({ record }: { record: Record<string, unknown> }) {
  const sla = reportSla(record);
  return <Badge label={reportSlaLabel(record)} tone={sla ? SLA_TONE[sla] : 'grey'} />;
}
