/** Settings defaults and bounds, shared by the SPA and the backend. */
import { can, type Module, type RoleRef } from './permissions';
import { mayotteHolidays } from './sla';
import { DEFAULT_REPORT_CATEGORIES, SERVICES, SLA_HOURS_BY_PRIORITY, type ReportCategory, type ReportPriority } from './vocabulary';

export const SETTINGS_BOUNDS = {
  maxFileUploadSize: { min: 1, max: 100 },
  maxUploadsPerHour: { min: 1, max: 1000 },
  maxUploadVolumePerDay: { min: 10, max: 10000 },
  notificationRetentionDays: { min: 1, max: 365 },
  maxSignalementsPerUser: { min: 1, max: 100 },
  sessionTimeout: { min: 5, max: 480 },
  maxLoginAttempts: { min: 3, max: 10 },
  passwordMinLength: { min: 6, max: 20 },
  logRetentionDays: { min: 7, max: 365 },
  open311RateLimit: { min: 1, max: 10000 },
  duplicateRadiusMeters: { min: 5, max: 1000 },
  citizenMaxPhotos: { min: 0, max: 6 },
  citizenDataRetentionDays: { min: 30, max: 3650 },
} as const;

export const MAP_PROVIDERS = ['openstreetmap', 'google', 'mapbox'] as const;

/**
 * Image types every upload may be, recognised by their content; served inline. SVG is never one of
 * them: it can carry scripts.
 */
export const IMAGE_FILE_TYPES = ['.jpg', '.jpeg', '.png', '.gif', '.webp'] as const;
/** Document types the settings may allow besides images; served as downloads (Content-Disposition: attachment). */
export const DOCUMENT_FILE_TYPES = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.odt', '.ods'] as const;
/** Every type `allowedFileTypes` may list: nothing a browser would run (no .html, .svg, .js...). */
export const UPLOADABLE_FILE_TYPES = [...IMAGE_FILE_TYPES, ...DOCUMENT_FILE_TYPES] as const;
export type UploadableFileType = (typeof UPLOADABLE_FILE_TYPES)[number];
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

export type Service = (typeof SERVICES)[number];

/**
 * The service in charge of each report type, used when autoAssignSignalements is on: a new report
 * without a service goes to its type's service.
 */
export const DEFAULT_REPORT_TYPE_SERVICES: Record<string, Service> = {
  'Éclairage public': 'Service Technique',
  Voirie: 'Service Technique',
  Propreté: 'Environnement',
  Réseau: 'Eau et Assainissement',
  'Espaces verts': 'Espaces Verts',
  'Mobilier urbain': 'Service Technique',
  Signalisation: 'Police Municipale',
  Autres: 'Service Technique',
};

/** The service a new report of `type` goes to under `table` (the settings' reportTypeServices over the defaults). */
export function serviceForReportType(type: string | null | undefined, table: Record<string, string> | null | undefined): string | undefined {
  if (!type) return undefined;
  const chosen = table && Object.hasOwn(table, type) ? table[type] : undefined;
  if (chosen && (SERVICES as readonly string[]).includes(chosen)) return chosen;
  return Object.hasOwn(DEFAULT_REPORT_TYPE_SERVICES, type) ? DEFAULT_REPORT_TYPE_SERVICES[type] : undefined;
}

const THIS_YEAR = new Date().getUTCFullYear();
/** A reply staff start from (Paramétrages → Signalements → Modèles de réponse). */
export interface ResponseTemplate {
  title: string;
  text: string;
  /** A report type, or null for every type. */
  type: string | null;
  /** A report status the reply goes with, or null for any. */
  status: string | null;
}

export const DEFAULT_SETTINGS = {
  siteName: 'Mamoudzou',
  siteDescription: 'Back-office de la mairie de Mamoudzou',
  contactEmail: 'contact@mamoudzou.yt',
  contactPhone: '+262 269 61 10 10',
  address: 'Place Mariage, 97600 Mamoudzou',
  emailNotifications: true,
  smsNotifications: false,
  pushNotifications: true,
  notificationRetentionDays: 30,
  autoAssignSignalements: false,
  signalementApprovalRequired: true,
  maxSignalementsPerUser: 10,
  reportTypeServices: { ...DEFAULT_REPORT_TYPE_SERVICES } as Record<string, string>,
  /** The report types and their sub-types: the one list the report form, filters, exports and imports use. */
  signalementCategories: DEFAULT_REPORT_CATEGORIES.map((c) => ({ name: c.name, subTypes: [...c.subTypes] })) as ReportCategory[],
  /** The reasons staff choose from when they reject a report awaiting moderation; the reason is the citizen's public note. */
  signalementRejectionReasons: [
    'Signalement abusif ou sans rapport (spam)',
    'Hors compétence communale',
    'Doublon d’un signalement existant',
    'Informations insuffisantes pour intervenir',
    'Déjà traité',
  ],
  /** Open reports of the same type within this distance (metres) from the last 30 days are offered as possible duplicates. */
  duplicateRadiusMeters: 50,
  /** Photos a citizen may add on the public page (/signaler); each within maxFileUploadSize. */
  citizenMaxPhotos: 3,
  /** Days a closed report keeps its citizen's name, e-mail and phone (and its followers' e-mails); then they are erased. */
  citizenDataRetentionDays: 365,
  /**
   * Replies staff start from in « Réponse au citoyen »: for a type and/or a status (none: any), with
   * {reference}, {type}, {adresse} and {service} filled in from the report.
   */
  responseTemplates: [
    // The mail greets the citizen itself: a reply starts with the news. {service} is the service's own name (« Service Technique »).
    { title: 'Prise en charge', text: 'Votre signalement {reference} ({type}, {adresse}) est pris en charge : il a été confié à {service}, qui va intervenir. Merci de votre vigilance.', type: null, status: 'en_cours' },
    { title: 'Intervention terminée', text: 'L’intervention concernant votre signalement {reference} ({adresse}) est terminée. Merci d’avoir contribué à améliorer Mamoudzou.', type: null, status: 'resolu' },
    { title: 'Éclairage réparé', text: 'Le point lumineux signalé ({reference}, {adresse}) a été réparé par {service}.', type: 'Éclairage public', status: 'resolu' },
  ] as ResponseTemplate[],
  articleApprovalRequired: true,
  eventApprovalRequired: true,
  maxFileUploadSize: 10,
  // Per person: files sent in the last hour, and megabytes in the last 24 hours.
  maxUploadsPerHour: 30,
  maxUploadVolumePerDay: 500,
  allowedFileTypes: ['.jpg', '.jpeg', '.png', '.pdf', '.doc', '.docx'],
  sessionTimeout: 60,
  maxLoginAttempts: 5,
  passwordMinLength: 8,
  requirePasswordComplexity: true,
  twoFactorAuthRequired: false,
  allowPublicRegistration: false,
  strapiUrl: 'http://localhost:1337',
  websocketUrl: 'http://localhost:1337',
  mapProvider: 'openstreetmap' as (typeof MAP_PROVIDERS)[number],
  mapApiKey: '',
  /** Requests an Open311 client may make per minute; beyond, 429. */
  open311RateLimit: 60,
  /** Service levels (domain/sla.ts): a delay in hours per priority, overrides per type, how hours count, reminders. */
  slaHours: { ...SLA_HOURS_BY_PRIORITY } as Record<ReportPriority, number>,
  slaTypeOverrides: [] as { type: string; priority: ReportPriority; hours: number }[],
  slaWorkingHoursOnly: false,
  workingHours: { start: '07:30', end: '15:30' },
  publicHolidays: [...mayotteHolidays(THIS_YEAR), ...mayotteHolidays(THIS_YEAR + 1)],
  slaReminderPercent: 75,
  slaEscalationHours: 24,
  /** Roles told of a late report besides the administrators (backend role names). */
  slaEscalationRoles: ['Editor'] as string[],
  maintenanceMode: false,
  maintenanceMessage: 'Le site est en maintenance. Seuls les administrateurs peuvent y accéder.',
  backupFrequency: 'daily' as (typeof BACKUP_FREQUENCIES)[number],
  logRetentionDays: 90,
};
export type Settings = typeof DEFAULT_SETTINGS;
export type SettingName = keyof Settings;

/**
 * The settings' six tabs and the module of the permission matrix that governs each: a role reads a
 * tab when it reads the module and changes its fields when it may edit the module. So an Editor
 * (superviseur) changes Général, Notifications and Signalements, reads Intégrations, and neither
 * sees Sécurité nor Maintenance; the backend applies the same rule to every field it is sent.
 */
export const SETTINGS_TABS = [
  { id: 'general', module: 'parametrages', fields: ['siteName', 'siteDescription', 'contactEmail', 'contactPhone', 'address'] },
  { id: 'notifications', module: 'parametrages', fields: ['emailNotifications', 'smsNotifications', 'pushNotifications', 'notificationRetentionDays'] },
  {
    id: 'signalements',
    module: 'parametrages',
    fields: [
      'signalementApprovalRequired',
      'signalementRejectionReasons',
      'maxSignalementsPerUser',
      'duplicateRadiusMeters',
      'citizenMaxPhotos',
      'citizenDataRetentionDays',
      'autoAssignSignalements',
      'reportTypeServices',
      'signalementCategories',
      'responseTemplates',
      'articleApprovalRequired',
      'eventApprovalRequired',
      'slaHours',
      'slaTypeOverrides',
      'slaWorkingHoursOnly',
      'workingHours',
      'publicHolidays',
      'slaReminderPercent',
      'slaEscalationHours',
      'slaEscalationRoles',
    ],
  },
  {
    id: 'security',
    module: 'securite',
    fields: ['maxFileUploadSize', 'maxUploadsPerHour', 'maxUploadVolumePerDay', 'allowedFileTypes', 'maxLoginAttempts', 'sessionTimeout', 'allowPublicRegistration', 'twoFactorAuthRequired', 'passwordMinLength', 'requirePasswordComplexity'],
  },
  { id: 'integrations', module: 'integrations', fields: ['strapiUrl', 'websocketUrl', 'mapProvider', 'mapApiKey', 'open311RateLimit'] },
  { id: 'maintenance', module: 'maintenance', fields: ['maintenanceMode', 'maintenanceMessage', 'backupFrequency', 'logRetentionDays'] },
] as const satisfies readonly { id: string; module: Module; fields: readonly SettingName[] }[];
export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];

/** The module that governs a setting. */
export function settingModule(name: SettingName): Module {
  return SETTINGS_TABS.find((tab) => (tab.fields as readonly string[]).includes(name))!.module;
}

/** Secrets: read only by the roles that may change them (the map provider's API key). */
export const SECRET_SETTINGS: readonly SettingName[] = ['mapApiKey'];

/** Whether this role may change the setting `name`. */
export const mayChangeSetting = (role: RoleRef, name: SettingName) => can(role, settingModule(name), 'edit');

/** Whether this role may read the setting `name` (every role reads them all, but a secret). */
export const mayReadSetting = (role: RoleRef, name: SettingName) => !SECRET_SETTINGS.includes(name) || mayChangeSetting(role, name);
