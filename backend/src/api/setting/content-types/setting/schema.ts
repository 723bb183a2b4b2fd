import { BACKUP_FREQUENCIES, DEFAULT_SETTINGS, MAP_PROVIDERS, SETTINGS_BOUNDS } from '@mamoudzou/domain/settings';

const bounded = (name: keyof typeof SETTINGS_BOUNDS) => ({
  type: 'integer',
  required: true,
  ...SETTINGS_BOUNDS[name],
  default: DEFAULT_SETTINGS[name],
});
const flag = (name: keyof typeof DEFAULT_SETTINGS) => ({ type: 'boolean', default: DEFAULT_SETTINGS[name] });

export default {
  kind: 'singleType',
  collectionName: 'settings',
  info: { singularName: 'setting', pluralName: 'settings', displayName: 'Paramètres' },
  options: { draftAndPublish: false },
  attributes: {
    siteName: { type: 'string', required: true, maxLength: 120, default: DEFAULT_SETTINGS.siteName },
    siteDescription: { type: 'text', maxLength: 500 },
    contactEmail: { type: 'email' },
    contactPhone: { type: 'string', maxLength: 40 },
    address: { type: 'string', maxLength: 300 },
    emailNotifications: flag('emailNotifications'),
    smsNotifications: flag('smsNotifications'),
    pushNotifications: flag('pushNotifications'),
    notificationRetentionDays: bounded('notificationRetentionDays'),
    autoAssignSignalements: flag('autoAssignSignalements'),
    signalementApprovalRequired: flag('signalementApprovalRequired'),
    // Added with moderation, duplicates and replies: not required, so that a settings row stored before stays valid.
    signalementRejectionReasons: { type: 'json' },
    duplicateRadiusMeters: { type: 'integer', ...SETTINGS_BOUNDS.duplicateRadiusMeters, default: DEFAULT_SETTINGS.duplicateRadiusMeters },
    responseTemplates: { type: 'json' },
    // The citizens' page (/signaler); added after the first release, so not required.
    citizenMaxPhotos: { type: 'integer', ...SETTINGS_BOUNDS.citizenMaxPhotos, default: DEFAULT_SETTINGS.citizenMaxPhotos },
    citizenDataRetentionDays: { type: 'integer', ...SETTINGS_BOUNDS.citizenDataRetentionDays, default: DEFAULT_SETTINGS.citizenDataRetentionDays },
    maxSignalementsPerUser: bounded('maxSignalementsPerUser'),
    // Report type → service in charge (autoAssignSignalements); missing types use domain/settings.ts's defaults.
    reportTypeServices: { type: 'json' },
    signalementCategories: { type: 'json' },
    articleApprovalRequired: flag('articleApprovalRequired'),
    eventApprovalRequired: flag('eventApprovalRequired'),
    maxFileUploadSize: bounded('maxFileUploadSize'),
    maxUploadsPerHour: bounded('maxUploadsPerHour'),
    maxUploadVolumePerDay: bounded('maxUploadVolumePerDay'),
    allowedFileTypes: { type: 'json' },
    sessionTimeout: bounded('sessionTimeout'),
    maxLoginAttempts: bounded('maxLoginAttempts'),
    passwordMinLength: bounded('passwordMinLength'),
    requirePasswordComplexity: flag('requirePasswordComplexity'),
    twoFactorAuthRequired: flag('twoFactorAuthRequired'),
    allowPublicRegistration: flag('allowPublicRegistration'),
    strapiUrl: { type: 'string', maxLength: 300 },
    websocketUrl: { type: 'string', maxLength: 300 },
    mapProvider: { type: 'enumeration', enum: [...MAP_PROVIDERS], default: DEFAULT_SETTINGS.mapProvider },
    mapApiKey: { type: 'string', maxLength: 300 },
    // Added after the first release: not required, so that a settings row stored before it stays valid.
    open311RateLimit: { type: 'integer', ...SETTINGS_BOUNDS.open311RateLimit, default: DEFAULT_SETTINGS.open311RateLimit },
    // Service levels (domain/sla.ts); added after the first release, so none is required.
    slaHours: { type: 'json' },
    slaTypeOverrides: { type: 'json' },
    slaWorkingHoursOnly: flag('slaWorkingHoursOnly'),
    workingHours: { type: 'json' },
    publicHolidays: { type: 'json' },
    slaReminderPercent: { type: 'integer', min: 10, max: 100, default: DEFAULT_SETTINGS.slaReminderPercent },
    slaEscalationHours: { type: 'integer', min: 1, max: 8760, default: DEFAULT_SETTINGS.slaEscalationHours },
    slaEscalationRoles: { type: 'json' },
    maintenanceMode: flag('maintenanceMode'),
    maintenanceMessage: { type: 'text', maxLength: 1000 },
    backupFrequency: { type: 'enumeration', enum: [...BACKUP_FREQUENCIES], default: DEFAULT_SETTINGS.backupFrequency },
    logRetentionDays: bounded('logRetentionDays'),
  },
};
