/**
 * The one vocabulary of the product, read by the SPA and the backend.
 * Plain data with no imports: the package @mamoudzou/domain, compiled for the backend, read as TypeScript by the SPA.
 */

/**
 * « À valider » (a_valider) holds a report filed through the citizens' channel while the settings ask for
 * moderation (signalementApprovalRequired): staff approve it (→ nouveau) or reject it with a reason.
 */
export const REPORT_STATUSES = ['a_valider', 'nouveau', 'en_cours', 'en_attente', 'resolu', 'rejete'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const MODERATION_STATUS = 'a_valider' satisfies ReportStatus;
/** The statuses staff choose in the status dialog: « À valider » is only the citizens' channel's to give. */
export const STAFF_REPORT_STATUSES = REPORT_STATUSES.filter((s) => s !== MODERATION_STATUS) as [Exclude<ReportStatus, 'a_valider'>, ...Exclude<ReportStatus, 'a_valider'>[]];
export const CLOSED_REPORT_STATUSES: readonly ReportStatus[] = ['resolu', 'rejete'];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  a_valider: 'À valider',
  nouveau: 'Nouveau',
  en_cours: 'En cours',
  en_attente: 'En attente',
  resolu: 'Résolu',
  rejete: 'Rejeté',
};
/** Old English values still found in imported data, read as their French equivalent. */
export const LEGACY_REPORT_STATUS: Record<string, ReportStatus> = {
  pending: 'nouveau',
  in_progress: 'en_cours',
  resolved: 'resolu',
  rejected: 'rejete',
};

/** The effective status of a report: report_status, else the legacy status field, else nouveau. */
export function effectiveReportStatus(reportStatus?: string | null, legacyStatus?: string | null): ReportStatus {
  for (const value of [reportStatus, legacyStatus]) {
    if (!value) continue;
    if ((REPORT_STATUSES as readonly string[]).includes(value)) return value as ReportStatus;
    // Own keys only: `in` would also find toString, constructor, ... on Object.prototype.
    if (Object.hasOwn(LEGACY_REPORT_STATUS, value)) return LEGACY_REPORT_STATUS[value];
  }
  return 'nouveau';
}

/** A status's place in the workflow, stored on each report (statusRank) so that lists sort by it. */
export const REPORT_STATUS_RANK: Record<ReportStatus, number> = {
  // Before nouveau, and 0 so that the ranks stored before moderation existed stay right.
  a_valider: 0,
  nouveau: 1,
  en_cours: 2,
  en_attente: 3,
  resolu: 4,
  rejete: 5,
};
/** The statusRank of a report: the rank of its effective status. */
export function reportStatusRank(reportStatus?: string | null, legacyStatus?: string | null): number {
  return REPORT_STATUS_RANK[effectiveReportStatus(reportStatus, legacyStatus)];
}

export const REPORT_PRIORITIES = ['basse', 'normale', 'haute', 'critique'] as const;
export type ReportPriority = (typeof REPORT_PRIORITIES)[number];
export const REPORT_PRIORITY_LABELS: Record<ReportPriority, string> = {
  basse: 'Basse',
  normale: 'Normale',
  haute: 'Haute',
  critique: 'Critique',
};
/** A priority's place on the scale, stored on each report (priorityRank) so that lists sort by it. */
export const REPORT_PRIORITY_RANK: Record<ReportPriority, number> = {
  basse: 1,
  normale: 2,
  haute: 3,
  critique: 4,
};
/** The priorityRank of a report; a report without a known priority ranks as normale, the default. */
export function reportPriorityRank(priority?: string | null): number {
  return (REPORT_PRIORITIES as readonly string[]).includes(priority as string)
    ? REPORT_PRIORITY_RANK[priority as ReportPriority]
    : REPORT_PRIORITY_RANK.normale;
}

export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
/**
 * One scale of priorities: a notification's is its report's (critique → urgent, haute → high, basse → low,
 * anything else → medium), under the notifications' data names, and reads with the reports' French words.
 */
const REPORT_PRIORITY_OF_NOTIFICATION: Record<NotificationPriority, ReportPriority> = { urgent: 'critique', high: 'haute', medium: 'normale', low: 'basse' };
export function notificationPriorityOf(priority?: string | null): NotificationPriority {
  if (priority === 'critique') return 'urgent';
  if (priority === 'haute') return 'high';
  if (priority === 'basse') return 'low';
  return 'medium';
}
/** « Critique », « Haute », « Normale », « Basse »: the words of the reports and of the delays. */
export const NOTIFICATION_PRIORITY_LABELS = Object.fromEntries(
  NOTIFICATION_PRIORITIES.map((priority) => [priority, REPORT_PRIORITY_LABELS[REPORT_PRIORITY_OF_NOTIFICATION[priority]]]),
) as Record<NotificationPriority, string>;

export interface ReportType {
  value: string;
  label: string;
  subTypes: string[];
}
export const REPORT_TYPES: ReportType[] = [
  { value: 'Éclairage public', label: 'Éclairage public', subTypes: ['Lampadaire éteint', 'Lampadaire endommagé', 'Éclairage insuffisant'] },
  { value: 'Voirie', label: 'Voirie', subTypes: ['Nid-de-poule', 'Chaussée dégradée', 'Trottoir endommagé', "Regard d'égout"] },
  { value: 'Propreté', label: 'Propreté', subTypes: ['Dépôt sauvage', 'Poubelle pleine', 'Encombrants', 'Carcasse de véhicule'] },
  { value: 'Réseau', label: 'Réseau', subTypes: ['Eau potable', 'Assainissement', 'Électricité', 'Télécommunications'] },
  { value: 'Espaces verts', label: 'Espaces verts', subTypes: ['Arbre dangereux', 'Élagage', 'Entretien'] },
  { value: 'Mobilier urbain', label: 'Mobilier urbain', subTypes: ['Banc', 'Abribus', 'Barrière', 'Aire de jeux'] },
  { value: 'Signalisation', label: 'Signalisation', subTypes: ['Panneau', 'Feu tricolore', 'Marquage au sol'] },
  { value: 'Autres', label: 'Autres', subTypes: [] },
];
export const REPORT_TYPE_VALUES = REPORT_TYPES.map((t) => t.value);

/**
 * A report type as the settings keep it (« Catégories de signalement »): its name, which reports
 * store in `type`, and its sub-types. The settings' list is the one the forms, filters and exports use.
 */
export interface ReportCategory {
  name: string;
  subTypes: string[];
  /** Its picture on the citizens' page (domain/citizen-page.ts's CATEGORY_ICONS); none: its default. */
  icon?: string | null;
}
/** The town's eight types, the settings' default list. */
export const DEFAULT_REPORT_CATEGORIES: ReportCategory[] = REPORT_TYPES.map((t) => ({ name: t.value, subTypes: [...t.subTypes] }));

/** The report types of a settings list (the defaults when it is empty or missing). */
export function reportTypesOf(categories: readonly ReportCategory[] | null | undefined): ReportType[] {
  const list = categories?.length ? categories : DEFAULT_REPORT_CATEGORIES;
  return list.map((c) => ({ value: c.name, label: c.name, subTypes: [...c.subTypes] }));
}

export const ZONES = ['Centre-ville', 'Kawéni', 'Tsoundzou', 'Passamainti', 'Cavani', 'Mtsapéré', 'Autres'] as const;

export const SERVICES = [
  'Service Technique',
  'Communication',
  'Environnement',
  'Police Municipale',
  'Urbanisme',
  'Espaces Verts',
  'Eau et Assainissement',
] as const;

export const SLA_STATUSES = ['dans_les_temps', 'proche_echeance', 'depasse'] as const;
export type SlaStatus = (typeof SLA_STATUSES)[number];
export const SLA_STATUS_LABELS: Record<SlaStatus, string> = {
  dans_les_temps: 'Dans les temps',
  proche_echeance: 'Proche échéance',
  depasse: 'Dépassé',
};
/** Time allowed to handle a report, by priority: the settings' default delays (slaHours, domain/sla.ts). */
export const SLA_HOURS_BY_PRIORITY: Record<ReportPriority, number> = { critique: 24, haute: 72, normale: 7 * 24, basse: 14 * 24 };

/** Reports still to be handled; a closed report's SLA status is frozen when it is closed. */
// A report awaiting moderation is open: its citizen is waiting and its delay runs.
export const OPEN_REPORT_STATUSES: readonly ReportStatus[] = ['a_valider', 'nouveau', 'en_cours', 'en_attente'];

export function slaTargetFor(priority: string | null | undefined, from: Date = new Date()): Date {
  const hours = SLA_HOURS_BY_PRIORITY[(priority as ReportPriority) ?? 'normale'] ?? SLA_HOURS_BY_PRIORITY.normale;
  return new Date(from.getTime() + hours * 3600 * 1000);
}

export const EVENT_CATEGORIES = [
  'Culture',
  'Sport',
  'Éducation',
  'Santé',
  'Social',
  'Environnement',
  'Économie',
  'Politique',
  'Autre',
] as const;

export const ARTICLE_STATUSES = ['published', 'draft', 'archived'] as const;
export const ARTICLE_STATUS_LABELS: Record<(typeof ARTICLE_STATUSES)[number], string> = {
  published: 'Publié',
  draft: 'Brouillon',
  archived: 'Archivé',
};
/** Events are published or drafts too (an Author's event under approval); the same three states. */
export const EVENT_STATUSES = ARTICLE_STATUSES;
export const CONTENT_STATUS_LABELS = ARTICLE_STATUS_LABELS;

export const USER_STATUSES = ['actif', 'suspendu', 'inactif'] as const;

export const PLACE_STATUSES = ['active', 'inactive', 'pending'] as const;

export interface Category {
  id: string;
  name: string;
  icon: string;
  color: string;
  subcategories: { id: string; name: string }[];
  isPublicService?: boolean;
  isEmergency?: boolean;
}

export const POI_CATEGORIES: Category[] = [
  { id: 'administration', name: 'Administration', icon: 'building', color: '#1d4ed8', subcategories: [
    { id: 'mairie', name: 'Mairie' }, { id: 'prefecture', name: 'Préfecture' }, { id: 'poste', name: 'Poste' }, { id: 'impots', name: 'Impôts' } ] },
  { id: 'sante', name: 'Santé', icon: 'hospital', color: '#dc2626', subcategories: [
    { id: 'hopital', name: 'Hôpital' }, { id: 'clinique', name: 'Clinique' }, { id: 'pharmacie', name: 'Pharmacie' }, { id: 'medecin', name: 'Médecin' } ] },
  { id: 'education', name: 'Éducation', icon: 'school', color: '#7c3aed', subcategories: [
    { id: 'ecole', name: 'École' }, { id: 'college', name: 'Collège' }, { id: 'lycee', name: 'Lycée' }, { id: 'universite', name: 'Université' } ] },
  { id: 'commerce', name: 'Commerce', icon: 'store', color: '#ea580c', subcategories: [
    { id: 'supermarche', name: 'Supermarché' }, { id: 'marche', name: 'Marché' }, { id: 'boutique', name: 'Boutique' }, { id: 'restaurant', name: 'Restaurant' } ] },
  { id: 'transport', name: 'Transport', icon: 'bus', color: '#0891b2', subcategories: [
    { id: 'arret_bus', name: 'Arrêt de bus' }, { id: 'taxi', name: 'Taxi' }, { id: 'port', name: 'Port' }, { id: 'aeroport', name: 'Aéroport' } ] },
  { id: 'loisirs', name: 'Loisirs', icon: 'park', color: '#16a34a', subcategories: [
    { id: 'plage', name: 'Plage' }, { id: 'parc', name: 'Parc' }, { id: 'musee', name: 'Musée' }, { id: 'sport', name: 'Sport' } ] },
  { id: 'services', name: 'Services', icon: 'service', color: '#475569', subcategories: [
    { id: 'banque', name: 'Banque' }, { id: 'garage', name: 'Garage' }, { id: 'coiffeur', name: 'Coiffeur' }, { id: 'pressing', name: 'Pressing' } ] },
];

export const DIRECTORY_CATEGORIES: Category[] = [
  { id: 'urgences', name: 'Urgences', icon: 'siren', color: '#dc2626', isPublicService: true, isEmergency: true, subcategories: [
    { id: 'police', name: 'Police' }, { id: 'pompiers', name: 'Pompiers' }, { id: 'samu', name: 'SAMU' }, { id: 'gendarmerie', name: 'Gendarmerie' } ] },
  { id: 'administration', name: 'Administration', icon: 'building', color: '#1d4ed8', isPublicService: true, subcategories: [
    { id: 'mairie', name: 'Mairie' }, { id: 'prefecture', name: 'Préfecture' }, { id: 'impots', name: 'Impôts' } ] },
  { id: 'sante', name: 'Santé', icon: 'hospital', color: '#db2777', subcategories: [
    { id: 'hopital', name: 'Hôpital' }, { id: 'pharmacie', name: 'Pharmacie' }, { id: 'medecin', name: 'Médecin' } ] },
  { id: 'education', name: 'Éducation', icon: 'school', color: '#7c3aed', isPublicService: true, subcategories: [
    { id: 'ecole', name: 'École' }, { id: 'college', name: 'Collège' }, { id: 'lycee', name: 'Lycée' } ] },
  { id: 'transport', name: 'Transport', icon: 'bus', color: '#0891b2', subcategories: [
    { id: 'barge', name: 'Barge' }, { id: 'taxi', name: 'Taxi' }, { id: 'bus', name: 'Bus' } ] },
  { id: 'services_publics', name: 'Services publics', icon: 'service', color: '#0f766e', isPublicService: true, subcategories: [
    { id: 'eau', name: 'Eau' }, { id: 'electricite', name: 'Électricité' }, { id: 'poste', name: 'Poste' } ] },
  { id: 'commerce', name: 'Commerce', icon: 'store', color: '#ea580c', subcategories: [
    { id: 'alimentation', name: 'Alimentation' }, { id: 'artisanat', name: 'Artisanat' } ] },
  { id: 'associations', name: 'Associations', icon: 'people', color: '#65a30d', subcategories: [
    { id: 'culture', name: 'Culture' }, { id: 'sport', name: 'Sport' }, { id: 'solidarite', name: 'Solidarité' } ] },
  { id: 'tourisme', name: 'Tourisme', icon: 'map', color: '#0284c7', subcategories: [
    { id: 'office', name: 'Office de tourisme' }, { id: 'hebergement', name: 'Hébergement' }, { id: 'excursion', name: 'Excursions' } ] },
];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export interface OpeningDay {
  isOpen: boolean;
  periods: { open: string; close: string }[];
}
export type OpeningHours = Partial<Record<Weekday, OpeningDay>>;

/** Slugs of articles and events: lowercase ASCII words joined by single hyphens. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

/**
 * A title's slug: lowercase, accents removed, characters other than a-z, 0-9,
 * space and hyphen removed, spaces turned into hyphens, repeated hyphens collapsed.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    // French ligatures are letters, not accents: « cœur » gives coeur, not cur.
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ +/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
