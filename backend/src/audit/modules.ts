/** Audit module (the permission matrix's module names) of each audited content type. */
export const AUDITED_MODULES: Record<string, { module: string; resourceType: string }> = {
  'api::report.report': { module: 'signalements', resourceType: 'report' },
  'api::article.article': { module: 'contenus', resourceType: 'article' },
  'api::event.event': { module: 'contenus', resourceType: 'event' },
  'api::poi.poi': { module: 'poi', resourceType: 'poi' },
  'api::directory-entry.directory-entry': { module: 'annuaire', resourceType: 'directory-entry' },
  'api::setting.setting': { module: 'parametrages', resourceType: 'setting' },
  'plugin::users-permissions.user': { module: 'utilisateurs', resourceType: 'user' },
  'plugin::users-permissions.role': { module: 'utilisateurs', resourceType: 'role' },
};

export function labelOf(record: Record<string, unknown> | null | undefined): string | undefined {
  if (!record) return undefined;
  for (const key of ['title', 'name', 'username', 'siteName', 'email']) {
    const value = record[key];
    if (typeof value === 'string' && value) return value.slice(0, 250);
  }
  return undefined;
}

// Ranks, the search text and an article's publication date are derived by the backend itself: not a change anyone made.
const IGNORED_FIELDS = new Set(['updatedAt', 'createdAt', 'publishedAt', 'documentId', 'id', 'locale', 'password', 'priorityRank', 'statusRank', 'searchText', 'publishedOn']);

/** The fields of `data` whose value differs from `previous` (all of them for a creation). */
export function changedFields(data: Record<string, unknown> | undefined, previous?: Record<string, unknown> | null) {
  if (!data) return [];
  return Object.keys(data).filter((key) => {
    if (IGNORED_FIELDS.has(key)) return key === 'password' && data[key] !== undefined;
    if (!previous) return true;
    return JSON.stringify(data[key] ?? null) !== JSON.stringify(previous[key] ?? null);
  });
}
