import { lazy } from 'react';
import { lazyWithPreload } from '../../common/lazyWithPreload';
import AssignIcon from '@mui/icons-material/AssignmentIndOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import NearMeIcon from '@mui/icons-material/NearMeOutlined';
import StatusIcon from '@mui/icons-material/PublishedWithChangesOutlined';
import { REPORT_PRIORITY_LABELS, REPORT_STATUS_LABELS, reportTypesOf, SLA_STATUS_LABELS, type ReportType } from '@mamoudzou/domain/vocabulary';
import { insideCommune, zoneOfPoint } from '@mamoudzou/domain/territory';
import type { BadgeTone } from '../../common/Badge';
import { choicesOf } from '../../generic/choices';
import { oneOf } from '../../generic/schema';
import { defineResource } from '../../generic/defineResource';
import { fr } from '../../i18n/fr';
import { messages as l } from './messages';
import { reportSla, reportSlaLabel, reportStatus, reportTitle } from './reportRecord';
import entry from './entry';

const e = l.form.errors;

const typeChoices = (types: ReportType[]) => types.map((t) => ({ id: t.value, name: t.label }));
const subTypeChoices = (types: ReportType[], type: unknown) => choicesOf(types.find((t) => t.value === type)?.subTypes ?? []);

// The resource's own pieces (named slots), each loaded with the screen that shows it.
// What a tap on a report opens, loaded once the list is idle (generic/list/ResourceListPage.tsx).
const StatusChangeDialog = lazyWithPreload(() => import('./StatusChangeDialog'));
const AssignDialog = lazyWithPreload(() => import('./AssignDialog'));
const ReportDetailBody = lazyWithPreload(() => import('./ReportDetailBody'));
const ReportsMapView = lazy(() => import('./ReportsMapView'));
const AroundMeView = lazy(() => import('./AroundMeView'));
const NearbyInForm = lazy(() => import('./NearbyReports').then((m) => ({ default: m.NearbyInForm })));

/** The citizen's details are not the agent's: the browser does not fill them with the agent's own. */
const CITIZEN_INPUT = { autoComplete: 'off' };

const STATUS_TONES: Record<string, BadgeTone> = { a_valider: 'red', nouveau: 'blue', en_cours: 'amber', en_attente: 'violet', resolu: 'green', rejete: 'grey' };
const PRIORITY_TONES: Record<string, BadgeTone> = { basse: 'grey', normale: 'blue', haute: 'orange', critique: 'red' };
const SLA_TONES: Record<string, BadgeTone> = { dans_les_temps: 'green', proche_echeance: 'amber', depasse: 'red' };

/** Citizen reports (/api/reports): the generic screen, its detail body and two action dialogs of its own. */
export const signalements = defineResource(entry, {
  labels: l.fields,
  errors: l.form.errors,
  fields: {
    title: {
      formLabel: l.form.title,
      value: reportTitle,
      caption: (r) => [r.reference, r.type, r.subType].filter(Boolean).join(' · '),
      reads: ['title', 'reference', 'type', 'subType'],
      sortBy: 'title',
      fullWidth: true,
      limitInput: true,
    },
    reference: {},
    source: {},
    duplicateOf: { label: l.nearby.duplicateOf },
    isPublic: { helperText: l.isPublicHelp },
    description: { formLabel: l.form.description },
    // The types and sub-types are the settings' « Catégories de signalement » (the town's eight by default).
    type: {
      type: 'select',
      choices: typeChoices(reportTypesOf(null)),
      choicesWith: (settings) => typeChoices(reportTypesOf(settings.signalementCategories)),
      schemaWith: (settings) => oneOf(reportTypesOf(settings.signalementCategories).map((t) => t.value), true, e.type),
    },
    subType: {
      type: 'select',
      dependsOn: {
        source: 'type',
        choices: (type) => subTypeChoices(reportTypesOf(null), type),
        choicesWith: (type, settings) => subTypeChoices(reportTypesOf(settings.signalementCategories), type),
      },
    },
    report_status: { choiceLabels: REPORT_STATUS_LABELS, tones: STATUS_TONES, value: reportStatus, reads: ['report_status', 'status'], sortBy: 'report_status' },
    priority: {
      required: true,
      choiceLabels: REPORT_PRIORITY_LABELS,
      tones: PRIORITY_TONES,
      emptyText: l.notSpecified,
      // The first click puts "Critique" first (the backend sorts on the scale, not the alphabet).
      sortOrder: 'DESC',
    },
    zone: { emptyText: l.noZone },
    address: {},
    // The form places the point on the map (the coordinates are not typed); « Déjà signalé ? » follows it.
    // On a phone a new report's point starts where the agent is, and its zone with it (when in the commune).
    location: {
      type: 'location',
      coordinates: { latitude: 'latitude', longitude: 'longitude' },
      locate: { fill: ({ latitude, longitude }) => (insideCommune(latitude, longitude) ? { zone: zoneOfPoint(latitude, longitude) } : {}) },
    },
    nearby: { label: l.nearby.formTitle, type: 'text', input: NearbyInForm },
    latitude: {},
    longitude: {},
    assignedTo: { emptyText: l.notAssigned },
    service: { emptyText: l.notAssigned },
    citizenName: { formLabel: l.form.citizenName, inputProps: CITIZEN_INPUT },
    citizenEmail: { formLabel: l.form.citizenEmail, inputProps: CITIZEN_INPUT },
    citizenPhone: { formLabel: l.form.citizenPhone, placeholder: l.form.phonePlaceholder, inputProps: CITIZEN_INPUT },
    slaStatus: {
      choiceLabels: SLA_STATUS_LABELS,
      tones: SLA_TONES,
      emptyText: l.slaUndefined,
      value: reportSla,
      // The backend reads an open report's status live from its target and reminder time.
      reads: ['slaStatus', 'slaTarget', 'slaWarningAt'],
      sortBy: 'slaTarget',
    },
    photos: { formLabel: '', picker: { add: l.form.addPhotos, help: l.form.photosHelp, remove: l.form.removePhoto, rejected: l.form.notImages } },
    tags: { helperText: l.form.tagsHelp },
    internalNotes: { lines: true, helperText: l.form.internalNotesHelp, fullWidth: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['title', 'report_status', 'priority', 'zone', 'slaStatus', 'assignedTo', 'createdAt'],
    sort: { field: 'createdAt', order: 'DESC' },
    // The assignment dialog starts from the current service; a change queued offline carries the version the agent saw.
    extraFields: ['service', 'updatedAt'],
    label: fr.map.reports.list,
    views: [
      { id: 'map', path: 'carte', label: fr.map.reports.tab, icon: MapIcon, component: ReportsMapView },
      // On site: the open reports by distance from the phone, and the day's round (« Ma tournée »).
      { id: 'aroundMe', path: 'autour-de-moi', label: l.aroundMe.tab, icon: NearMeIcon, component: AroundMeView, standalone: true },
    ],
  },
  filters: [
    { source: 'q' },
    { source: 'report_status' },
    { source: 'priority' },
    { source: 'type' },
    { source: 'zone' },
    // Back-office or an Open311 client: the values the reports hold, listed by the backend.
    { source: 'source', kind: 'values', valuesFrom: '/api/reports/sources', allLabel: l.filters.allSources },
  ],
  // The backend reads `mine` (assigned to the signed-in person) and `sla` (late, soon) on its own clock.
  tabs: [
    { id: 'all', label: l.tabs.all, filter: {} },
    // Mine to handle first: sorted on the treatment circuit, the closed ones last.
    { id: 'mine', path: 'mes-signalements', label: l.tabs.mine, filter: { mine: true }, sort: { field: 'report_status', order: 'ASC' } },
    { id: 'late', path: 'en-retard', label: l.tabs.late, filter: { sla: 'late' } },
    { id: 'soon', path: 'bientot-en-retard', label: l.tabs.soon, filter: { sla: 'soon' } },
  ],
  actions: {
    row: ['show', 'assign', 'status', 'delete'],
    bulk: ['status', 'assign', 'delete'],
    detail: ['status', 'edit', 'delete'],
    custom: [
      { id: 'status', label: l.changeStatus, bulkLabel: l.statusDialog.title, icon: StatusIcon, access: 'edit', dialog: StatusChangeDialog },
      { id: 'assign', label: l.assign, icon: AssignIcon, access: 'edit', dialog: AssignDialog },
    ],
  },
  detail: { body: ReportDetailBody, maxWidth: 'md' },
  form: {
    sections: [
      { title: l.form.general, fields: ['title', 'description', 'type', 'subType', 'priority', 'isPublic'] },
      { title: l.form.location, fields: ['address', 'zone', 'location', 'latitude', 'longitude', 'nearby'] },
      { title: l.form.follow, fields: ['tags', 'internalNotes'] },
      { title: l.form.citizen, fields: ['citizenName', 'citizenEmail', 'citizenPhone'] },
      { title: l.form.photos, fields: ['photos'] },
    ],
    createDefaults: { report_status: 'nouveau' },
  },
  texts: l.texts,
  exportColumns: [
    { key: 'id', source: 'id' },
    { key: 'titre', source: 'title' },
    { key: 'description', source: 'description' },
    { key: 'type', source: 'type' },
    { key: 'sousType', source: 'subType' },
    { key: 'statut', source: 'report_status', reads: ['status'], value: (r) => REPORT_STATUS_LABELS[reportStatus(r)] },
    { key: 'priorite', source: 'priority', value: (r) => REPORT_PRIORITY_LABELS[r.priority as keyof typeof REPORT_PRIORITY_LABELS] ?? r.priority },
    { key: 'zone', source: 'zone' },
    { key: 'adresse', source: 'address' },
    { key: 'nomCitoyen', source: 'citizenName' },
    { key: 'emailCitoyen', source: 'citizenEmail' },
    { key: 'telephoneCitoyen', source: 'citizenPhone' },
    { key: 'assigneA', source: 'assignedTo' },
    { key: 'service', source: 'service' },
    { key: 'dateCreation', source: 'createdAt', format: 'datetime' },
    { key: 'dateModification', source: 'updatedAt', format: 'datetime' },
    { key: 'latitude', source: 'latitude' },
    { key: 'longitude', source: 'longitude' },
    { key: 'cibleSLA', source: 'slaTarget', label: 'Échéance de traitement', format: 'datetime' },
    { key: 'statutSLA', source: 'slaStatus', reads: ['slaTarget', 'slaWarningAt', 'report_status'], value: (r) => (reportSla(r) ? reportSlaLabel(r) : '') },
    { key: 'tags', source: 'tags', format: 'list' },
    // Last, so that the earlier columns keep their places: what the citizens' channel added.
    { key: 'reference', source: 'reference' },
    { key: 'origine', source: 'source' },
  ],
  recordRepresentation: reportTitle,
});

export default signalements;
