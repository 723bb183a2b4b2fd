/**
 * The settings' shape and values (fields, bounds, French messages), as one zod schema: the
 * backend validates every write with it and the SPA's settings editor reuses it for its form.
 */
import { z } from 'zod';
import { CATEGORY_ICONS } from './citizen-page';
import { httpUrl } from './input';
import { SLA_BOUNDS } from './sla';
import { REPORT_PRIORITIES, REPORT_PRIORITY_LABELS, SERVICES, STAFF_REPORT_STATUSES } from './vocabulary';
import {
  BACKUP_FREQUENCIES,
  DEFAULT_SETTINGS,
  MAP_PROVIDERS,
  SETTINGS_BOUNDS,
  UPLOADABLE_FILE_TYPES,
  type SettingName,
  type Settings,
} from './settings';

const UNITS: Record<keyof typeof SETTINGS_BOUNDS, string> = {
  maxFileUploadSize: 'Mo',
  maxUploadsPerHour: 'fichiers',
  maxUploadVolumePerDay: 'Mo',
  notificationRetentionDays: 'jours',
  maxSignalementsPerUser: 'signalements',
  sessionTimeout: 'minutes',
  maxLoginAttempts: 'tentatives',
  passwordMinLength: 'caractères',
  logRetentionDays: 'jours',
  open311RateLimit: 'requêtes par minute',
  duplicateRadiusMeters: 'mètres',
  citizenMaxPhotos: 'photos',
  citizenDataRetentionDays: 'jours',
};

const bounded = (name: keyof typeof SETTINGS_BOUNDS) => {
  const { min, max } = SETTINGS_BOUNDS[name];
  const message = `Valeur attendue : un nombre entier de ${min} à ${max} ${UNITS[name]}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};
const flag = () => z.boolean({ error: 'Oui ou non attendu' });
const text = (max: number) => z.string({ error: 'Texte attendu' }).max(max, `Au plus ${max} caractères`);
/** An optional text: empty or null clears it. */
const optionalText = (max: number) => text(max).nullable();

const fileType = z.enum(UPLOADABLE_FILE_TYPES, {
  error: `Type de fichier non accepté ; types possibles : ${UPLOADABLE_FILE_TYPES.join(', ')}`,
});

/** A report type and its sub-types (« Catégories de signalement »). */
const reportCategory = z.object({
  // A name is a key of the type → service table: no dot or bracket, which a form reads as a path.
  name: text(60).trim().min(1, 'Catégorie vide').regex(/^[^.[\]]*$/, 'Le nom ne peut contenir ni point ni crochet'),
  subTypes: z
    .array(text(80).trim().min(1, 'Sous-type vide'), { error: 'Liste de sous-types attendue' })
    .max(20, 'Au plus 20 sous-types')
    .superRefine((subTypes, ctx) => {
      const seen = new Set<string>();
      subTypes.forEach((subType, index) => {
        const key = subType.toLocaleLowerCase('fr');
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: `Sous-type en double : ${subType}` });
        seen.add(key);
      });
    }),
  // Its picture on the citizens' page; none (or the form's empty choice) is its default picture.
  icon: z.union([z.enum(CATEGORY_ICONS), z.literal(''), z.null()], { error: `Image attendue : ${CATEGORY_ICONS.join(', ')}` }).optional(),
}, { error: 'Catégorie attendue : un nom et ses sous-types' });

/** A delay of the service levels: whole hours from 1 hour to 365 days. */
const slaDelay = () => {
  const message = `Délai attendu : un nombre entier d'heures de ${SLA_BOUNDS.hours.min} à ${SLA_BOUNDS.hours.max} (365 jours)`;
  return z.number({ error: message }).int(message).min(SLA_BOUNDS.hours.min, message).max(SLA_BOUNDS.hours.max, message);
};
/** The reminder's share of the delay: a whole percent from 10 to 100. */
const reminderShare = () => {
  const { min, max } = SLA_BOUNDS.reminderPercent;
  const message = `Part du délai attendue : un nombre entier de ${min} à ${max} %`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};
const priorityKey = z.enum(REPORT_PRIORITIES, { error: `Priorité attendue : ${REPORT_PRIORITIES.map((p) => REPORT_PRIORITY_LABELS[p]).join(', ')}` });
const clockTime = (label: string) => z.string({ error: `${label} : heure attendue (HH:MM)` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} : heure attendue (HH:MM)`);
const isoDay = z
  .string({ error: 'Date attendue (AAAA-MM-JJ)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date attendue (AAAA-MM-JJ)')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'Date inexistante');

/** The service levels' fields (domain/sla.ts). Role names are checked against the roles by the backend, which knows them. */
const serviceLevelFields = {
  slaHours: z.object(
    Object.fromEntries(REPORT_PRIORITIES.map((p) => [p, slaDelay()])) as Record<(typeof REPORT_PRIORITIES)[number], ReturnType<typeof slaDelay>>,
    { error: 'Délais attendus : critique, haute, normale, basse' },
  ).strict(),
  slaTypeOverrides: z
    .array(z.object({ type: text(60).trim().min(1, 'Type requis'), priority: priorityKey, hours: slaDelay() }), { error: 'Liste de délais par type attendue' })
    .max(200, 'Au plus 200 délais par type')
    .superRefine((overrides, ctx) => {
      const seen = new Set<string>();
      overrides.forEach((o, index) => {
        const key = `${o.type}\u0000${o.priority}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'type'], message: `Délai en double pour ${o.type} (${REPORT_PRIORITY_LABELS[o.priority]})` });
        seen.add(key);
      });
    }),
  slaWorkingHoursOnly: flag(),
  workingHours: z
    .object({ start: clockTime('Ouverture'), end: clockTime('Fermeture') }, { error: 'Horaires attendus : ouverture et fermeture' })
    .refine((h) => h.start < h.end, { message: 'La fermeture doit suivre l\'ouverture', path: ['end'] }),
  publicHolidays: z.array(isoDay, { error: 'Liste de jours fériés attendue' }).max(400, 'Au plus 400 jours fériés'),
  slaReminderPercent: reminderShare(),
  slaEscalationHours: slaDelay(),
  slaEscalationRoles: z.array(text(100).trim().min(1, 'Rôle vide'), { error: 'Liste de rôles attendue' }).max(20, 'Au plus 20 rôles'),
};

/** The words for escalation roles that do not exist (checked against the roles by the backend and the form). */
export const unknownRolesMessage = (names: readonly string[]) => `Rôle inconnu : ${names.join(', ')}`;

/** A reply staff start from: its placeholders are the ones the reply box fills in (domain/response-templates.ts). */
const responseTemplate = z.object({
  title: text(80).trim().min(1, 'Le titre du modèle est requis'),
  text: text(4000).trim().min(1, 'Le texte du modèle est requis').refine((value) => !/<\s*[a-z!/?]/i.test(value), 'Le texte ne peut pas contenir de HTML'),
  type: text(60).nullable().transform((value) => value || null),
  status: z
    .union([z.enum(STAFF_REPORT_STATUSES), z.literal(''), z.null()], { error: `Statut attendu : ${STAFF_REPORT_STATUSES.join(', ')} (ou aucun)` })
    .transform((value) => value || null),
}, { error: 'Modèle attendu : un titre, un texte, un type et un statut' });

const uniqueTexts = (label: string) => (values: string[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  values.forEach((value, index) => {
    const key = value.toLocaleLowerCase('fr');
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: `${label} en double : ${value}` });
    seen.add(key);
  });
};

export const settingsSchema = z.object({
  siteName: text(120).trim().min(1, 'Le nom du site est requis'),
  siteDescription: optionalText(500),
  contactEmail: z.union([z.email({ error: 'Adresse email invalide' }).max(254), z.literal(''), z.null()]),
  contactPhone: optionalText(40),
  address: optionalText(300),
  emailNotifications: flag(),
  smsNotifications: flag(),
  pushNotifications: flag(),
  notificationRetentionDays: bounded('notificationRetentionDays'),
  autoAssignSignalements: flag(),
  signalementApprovalRequired: flag(),
  signalementRejectionReasons: z
    .array(text(120).trim().min(1, 'Motif vide'), { error: 'Liste de motifs attendue' })
    .min(1, 'Au moins un motif de rejet')
    .max(20, 'Au plus 20 motifs')
    .superRefine(uniqueTexts('Motif')),
  maxSignalementsPerUser: bounded('maxSignalementsPerUser'),
  duplicateRadiusMeters: bounded('duplicateRadiusMeters'),
  citizenMaxPhotos: bounded('citizenMaxPhotos'),
  citizenDataRetentionDays: bounded('citizenDataRetentionDays'),
  responseTemplates: z.array(responseTemplate, { error: 'Liste de modèles de réponse attendue' }).max(50, 'Au plus 50 modèles'),
  // Keyed by report type; the backend keeps only the keys of the types the settings list.
  reportTypeServices: z.record(
    text(60),
    z.enum(SERVICES, { error: `Service attendu : ${SERVICES.join(', ')}` }),
    { error: 'Table type → service attendue' },
  ),
  signalementCategories: z
    .array(reportCategory, { error: 'Liste de catégories attendue' })
    .min(1, 'Au moins une catégorie')
    .max(30, 'Au plus 30 catégories')
    .superRefine((categories, ctx) => {
      const seen = new Set<string>();
      categories.forEach((category, index) => {
        const key = category.name.toLocaleLowerCase('fr');
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `Catégorie en double : ${category.name}` });
        seen.add(key);
      });
    }),
  articleApprovalRequired: flag(),
  eventApprovalRequired: flag(),
  maxFileUploadSize: bounded('maxFileUploadSize'),
  maxUploadsPerHour: bounded('maxUploadsPerHour'),
  maxUploadVolumePerDay: bounded('maxUploadVolumePerDay'),
  allowedFileTypes: z
    .array(z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), fileType), {
      error: 'Liste de types de fichiers attendue (.pdf, .docx...)',
    })
    .max(UPLOADABLE_FILE_TYPES.length),
  sessionTimeout: bounded('sessionTimeout'),
  maxLoginAttempts: bounded('maxLoginAttempts'),
  passwordMinLength: bounded('passwordMinLength'),
  requirePasswordComplexity: flag(),
  twoFactorAuthRequired: flag(),
  allowPublicRegistration: flag(),
  strapiUrl: z.union([httpUrl().max(300), z.literal(''), z.null()]),
  websocketUrl: z.union([
    z.string().max(300).regex(/^(https?|wss?):\/\/[^\s<>"]+$/i, 'Adresse invalide : http(s):// ou ws(s):// attendu'),
    z.literal(''),
    z.null(),
  ]),
  mapProvider: z.enum(MAP_PROVIDERS, { error: `Fournisseur attendu : ${MAP_PROVIDERS.join(', ')}` }),
  mapApiKey: optionalText(300),
  open311RateLimit: bounded('open311RateLimit'),
  ...serviceLevelFields,
  maintenanceMode: flag(),
  maintenanceMessage: optionalText(1000),
  backupFrequency: z.enum(BACKUP_FREQUENCIES, { error: `Fréquence attendue : ${BACKUP_FREQUENCIES.join(', ')}` }),
  logRetentionDays: bounded('logRetentionDays'),
});

/** A save: any subset of the settings, nothing else. */
export const settingsUpdateSchema = settingsSchema.partial().strict();

export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** Record keys that come back with a read and may be sent back unchanged by a form. */
const RECORD_KEYS = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);

export type SettingsCheck = { ok: true; data: SettingsUpdate } | { ok: false; message: string; issues: { path: string[]; message: string }[] };

/** Validates a save: the record's own keys are dropped, anything else must be a valid setting. */
export function checkSettingsUpdate(data: unknown): SettingsCheck {
  const input =
    data && typeof data === 'object' && !Array.isArray(data)
      ? Object.fromEntries(Object.entries(data).filter(([key]) => !RECORD_KEYS.has(key)))
      : data;
  const result = settingsUpdateSchema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path.map(String), key], message: 'Paramètre inconnu' }))
      : [{ path: issue.path.map(String), message: issue.message }],
  );
  return {
    ok: false,
    message: `Paramètres invalides : ${issues.map((i) => (i.path.length ? `${i.path.join('.')} : ${i.message}` : i.message)).join(' ; ')}`,
    issues,
  };
}

/**
 * The settings as stored, each field checked: a value that does not pass (stored before validation
 * existed, or missing) reads as its default, so no rule ever runs on a malformed value.
 */
export function settingsOrDefaults(row: Record<string, unknown> | null | undefined): Settings {
  const settings = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
  if (!row) return settings as Settings;
  for (const [name, schema] of Object.entries(settingsSchema.shape) as [SettingName, z.ZodType][]) {
    const parsed = schema.safeParse(row[name]);
    if (parsed.success && parsed.data !== null) settings[name] = parsed.data;
  }
  return settings as Settings;
}
