import { lazy } from 'react';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import {
  computeSlaStatus,
  effectiveReportStatus,
  REPORT_PRIORITIES,
  REPORT_PRIORITY_LABELS,
  REPORT_STATUS_LABELS,
  REPORT_STATUSES,
  REPORT_TYPE_VALUES,
  SERVICES,
  SLA_STATUS_LABELS,
  SLA_STATUSES,
  ZONES,
} from '@mamoudzou/domain/vocabulary';
import { fr } from '../../i18n/fr';
import { choicesOf } from '../common/choices';
import { oneOf, optionalEmail, optionalCoordinate, optionalText, requiredText } from '../common/schema';
import type { ResourceConfig } from '../types';

const l = fr.resources.signalements;

/** The reports screen: list, detail (/signalements/{id}) and creation (/signalements/create) dialogs, one chunk. */
const ReportsPage = lazy(() => import('./ReportsPage'));
const statusLabel = (r: Record<string, unknown>) => REPORT_STATUS_LABELS[effectiveReportStatus(r.report_status as string, r.status as string)];
const priorityLabel = (r: Record<string, unknown>) => REPORT_PRIORITY_LABELS[r.priority as keyof typeof REPORT_PRIORITY_LABELS] ?? (r.priority as string);
const slaLabel = (r: Record<string, unknown>) => {
  const sla = (r.slaStatus as keyof typeof SLA_STATUS_LABELS) || computeSlaStatus(r.slaTarget as string);
  return sla ? SLA_STATUS_LABELS[sla] : '';
};

/** Citizen reports (/api/reports): their own screen (ReportsPage), the shared exporter reads exportColumns. */
export const signalements: ResourceConfig = {
  name: 'signalements',
  endpoint: 'reports',
  label: l.label,
  recordLabel: 'Signalement',
  icon: ReportIcon,
  menu: { group: 'principal', order: 1 },
  access: { module: 'signalements' },
  fields: [
    { source: 'title', label: l.fields.title, type: 'text', schema: requiredText(200) },
    { source: 'type', label: l.fields.type, type: 'select', choices: choicesOf(REPORT_TYPE_VALUES), schema: oneOf(REPORT_TYPE_VALUES) },
    { source: 'subType', label: l.fields.subType, type: 'text', schema: optionalText(120) },
    { source: 'description', label: l.fields.description, type: 'longtext', schema: requiredText(5000) },
    {
      source: 'report_status',
      label: l.fields.report_status,
      type: 'select',
      choices: choicesOf(REPORT_STATUSES, REPORT_STATUS_LABELS),
      schema: oneOf(REPORT_STATUSES, false),
      value: (r) => effectiveReportStatus(r.report_status as string, r.status as string),
    },
    { source: 'priority', label: l.fields.priority, type: 'select', choices: choicesOf(REPORT_PRIORITIES, REPORT_PRIORITY_LABELS), schema: oneOf(REPORT_PRIORITIES) },
    { source: 'zone', label: l.fields.zone, type: 'select', choices: choicesOf(ZONES), schema: oneOf(ZONES), emptyText: 'Non définie' },
    { source: 'address', label: l.fields.address, type: 'text', schema: requiredText(300) },
    { source: 'latitude', label: l.fields.latitude, type: 'number', schema: optionalCoordinate('latitude') },
    { source: 'longitude', label: l.fields.longitude, type: 'number', schema: optionalCoordinate('longitude') },
    { source: 'assignedTo', label: l.fields.assignedTo, type: 'text', emptyText: l.notAssigned, schema: optionalText(120) },
    { source: 'service', label: l.fields.service, type: 'select', choices: choicesOf(SERVICES), emptyText: l.notAssigned, schema: oneOf(SERVICES, false) },
    { source: 'citizenName', label: l.fields.citizenName, type: 'text', schema: optionalText(120) },
    { source: 'citizenEmail', label: l.fields.citizenEmail, type: 'email', schema: optionalEmail() },
    { source: 'citizenPhone', label: l.fields.citizenPhone, type: 'phone', placeholder: '+262 XXX XX XX', schema: optionalText(40) },
    {
      source: 'slaStatus',
      label: l.fields.slaStatus,
      type: 'select',
      readOnly: true,
      choices: choicesOf(SLA_STATUSES, SLA_STATUS_LABELS),
      emptyText: 'Non défini',
      value: (r) => (r.slaStatus as string) || computeSlaStatus(r.slaTarget as string),
    },
    { source: 'photos', label: l.fields.photos, type: 'images' },
    { source: 'createdAt', label: l.fields.createdAt, type: 'datetime', readOnly: true },
  ],
  list: { columns: ['title', 'report_status', 'priority', 'zone', 'slaStatus', 'assignedTo', 'createdAt'], sort: { field: 'createdAt', order: 'DESC' } },
  filters: [{ source: 'q', alwaysOn: true }, { source: 'report_status' }, { source: 'priority' }, { source: 'type' }, { source: 'zone' }],
  populate: [],
  populateOne: ['photos'],
  // Search "by type, ID and description" (and title, zone); the ID is the documentId shown in the detail.
  searchFields: ['title', 'description', 'type', 'zone', 'documentId'],
  mediaFields: ['photos'],
  readOnlyFields: ['slaStatus', 'status'],
  exportColumns: [
    { key: 'id', source: 'id' },
    { key: 'titre', source: 'title' },
    { key: 'description', source: 'description' },
    { key: 'type', source: 'type' },
    { key: 'sousType', source: 'subType' },
    { key: 'statut', source: 'report_status', value: statusLabel },
    { key: 'priorite', source: 'priority', value: priorityLabel },
    { key: 'zone', source: 'zone' },
    { key: 'adresse', source: 'address' },
    { key: 'nomCitoyen', source: 'citizenName' },
    { key: 'emailCitoyen', source: 'citizenEmail' },
    { key: 'telephoneCitoyen', source: 'citizenPhone' },
    { key: 'assigneA', source: 'assignedTo' },
    { key: 'service', source: 'service' },
    { key: 'dateCreation', source: 'createdAt', format: 'datetime' },
    { key: 'dateModification', source: 'updatedAt', format: 'datetime' },
    { key: 'cibleSLA', source: 'slaTarget', format: 'datetime' },
    { key: 'statutSLA', source: 'slaStatus', value: slaLabel },
    { key: 'tags', source: 'tags', format: 'list' },
  ],
  recordRepresentation: 'title',
  views: { list: ReportsPage, create: ReportsPage },
};
