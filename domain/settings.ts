/** Settings defaults (specification section 9) and bounds (section 5), shared by the SPA and the backend. */

export const SETTINGS_BOUNDS = {
  maxFileUploadSize: { min: 1, max: 100 },
  notificationRetentionDays: { min: 1, max: 365 },
  maxSignalementsPerUser: { min: 1, max: 100 },
  sessionTimeout: { min: 5, max: 480 },
  maxLoginAttempts: { min: 3, max: 10 },
  passwordMinLength: { min: 6, max: 20 },
  logRetentionDays: { min: 7, max: 365 },
} as const;

export const MAP_PROVIDERS = ['openstreetmap', 'google', 'mapbox'] as const;
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

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
  signalementCategories: ['Voirie', 'Éclairage public', 'Propreté', 'Espaces verts', 'Sécurité', 'Transport', 'Autre'],
  priorityLevels: [
    { id: 'low', name: 'Faible', color: '#64748b', order: 1 },
    { id: 'medium', name: 'Moyenne', color: '#ca8a04', order: 2 },
    { id: 'high', name: 'Haute', color: '#ea580c', order: 3 },
    { id: 'urgent', name: 'Urgente', color: '#dc2626', order: 4 },
  ],
  articleApprovalRequired: true,
  eventApprovalRequired: true,
  maxFileUploadSize: 10,
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
  maintenanceMode: false,
  maintenanceMessage: 'Le site est en maintenance. Seuls les administrateurs peuvent y accéder.',
  backupFrequency: 'daily' as (typeof BACKUP_FREQUENCIES)[number],
  logRetentionDays: 90,
};
export type Settings = typeof DEFAULT_SETTINGS;
