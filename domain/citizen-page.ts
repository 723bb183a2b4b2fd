/**
 * The citizens' own page (/signaler): what its backend routes (backend/src/open311/page/), the page
 * (src/citizen/) and the e-mails that link to it share.
 */

/** Where the page is served, beside the back-office. */
export const CITIZEN_PAGE_PATH = '/signaler';
/** The public page of a report, by its reference: every citizen e-mail links to it. */
export const citizenReportPath = (reference: string) => `${CITIZEN_PAGE_PATH}/suivi/${encodeURIComponent(reference)}`;
/** The page's backend routes, beside Open311's (`/open311/v2/`). */
export const CITIZEN_API_PREFIX = '/open311/page/';

/** The name of the Open311 client the page files as (reports carry it as their origin). */
export const CITIZEN_PAGE_CLIENT_NAME = 'Page Signaler (site de la mairie)';

/** A field no person sees nor fills (hidden, « ne pas remplir »): a robot that fills every field gives itself away. */
export const HONEYPOT_FIELD = 'site_web';

/**
 * The page's limits against robots: a form sent less than `minimumFillSeconds` after the page got its ticket is
 * refused; a ticket is good for `ticketHours`; a client address files at most `reportsPerHour` reports and
 * « Je suis concerné aussi » at most `followsPerHour` times an hour (CITIZEN_PAGE_REPORTS_PER_HOUR overrides).
 */
export const CITIZEN_PAGE_LIMITS = { minimumFillSeconds: 5, ticketHours: 24, reportsPerHour: 10, followsPerHour: 20 } as const;

/** The pictures a report category may show on the page (the settings' « Catégories de signalement »). */
export const CATEGORY_ICONS = ['lampe', 'route', 'dechets', 'eau', 'arbre', 'banc', 'panneau', 'autre'] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];
export const CATEGORY_ICON_LABELS: Record<CategoryIcon, string> = {
  lampe: 'Lampe',
  route: 'Route',
  dechets: 'Déchets',
  eau: 'Goutte d’eau',
  arbre: 'Arbre',
  banc: 'Banc',
  panneau: 'Panneau',
  autre: 'Point d’exclamation',
};
/** The town's eight default types' pictures; a category without one shows « autre ». */
export const DEFAULT_CATEGORY_ICONS: Record<string, CategoryIcon> = {
  'Éclairage public': 'lampe',
  Voirie: 'route',
  Propreté: 'dechets',
  Réseau: 'eau',
  'Espaces verts': 'arbre',
  'Mobilier urbain': 'banc',
  Signalisation: 'panneau',
  Autres: 'autre',
};
export const isCategoryIcon = (value: unknown): value is CategoryIcon => typeof value === 'string' && (CATEGORY_ICONS as readonly string[]).includes(value);
/** A category's picture: its own, else its default, else « autre ». */
export const categoryIconOf = (category: { name: string; icon?: string | null }): CategoryIcon =>
  isCategoryIcon(category.icon) ? category.icon : (Object.hasOwn(DEFAULT_CATEGORY_ICONS, category.name) ? DEFAULT_CATEGORY_ICONS[category.name] : 'autre');

/** « Est-ce réparé ? »: the two answers a resolved report's mail offers. */
export const REPAIR_ANSWERS = ['oui', 'non'] as const;
export type RepairAnswer = (typeof REPAIR_ANSWERS)[number];

/** GET /open311/page/form.json: what the page needs to file, from the settings. */
export interface CitizenForm {
  /** Whether the town opened the page (its Open311 client exists and is not revoked). */
  open: boolean;
  town: { name: string; phone: string; email: string; address: string };
  services: { service_code: string; service_name: string; icon: CategoryIcon; sub_types: string[] }[];
  photos: { max: number; maxMegabytes: number };
  /** How long the town keeps a citizen's name, e-mail and phone after the report is closed. */
  retentionDays: number;
  mapProvider: string;
  duplicateRadiusMeters: number;
  minimumFillSeconds: number;
  /** Signed by the backend with the time it was given: the form's filling time is counted from it. */
  ticket: string;
}

/** GET /open311/page/nearby.json: open, published reports of the same type around a point (« Déjà signalé ? »). */
export interface CitizenNearby {
  service_request_id: string;
  service_name: string;
  address: string | null;
  requested_datetime: string | null;
  distance: number;
}

/** GET /open311/page/requests/{reference}.json: a report's public page. */
export interface CitizenReportPage {
  /** The Open311 service request, as GET requests/{id} answers it (its content withheld until approved). */
  request: Record<string, any>;
  /** Awaiting moderation: the page shows « en cours de vérification » and nothing else. */
  pending: boolean;
  /** The public lines of its timeline, oldest first. */
  updates: { date: string | null; status: 'open' | 'closed'; text: string }[];
  /** The photos the town published (none while awaiting moderation or once rejected). */
  photos: string[];
}
