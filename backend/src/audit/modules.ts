import { RESOURCES, uidOf } from '@mamoudzou/domain/resources';

/**
 * The module, resource type and label field the audit log records for each audited content type (its row
 * of domain/resources.ts: the matrix's module, the resource's key, the attribute that names a record).
 */
export const AUDITED_MODULES: Record<string, { module: string; resourceType: string; labelField?: string }> = Object.fromEntries(
  RESOURCES.filter((row) => row.audited && row.module).map((row) => [uidOf(row), { module: row.module!, resourceType: row.key, labelField: row.labelField }]),
);

/** A record's label in the log: the value of its resource's label field (`labelField`), cut to the column's size. */
export function labelOf(record: Record<string, unknown> | null | undefined, labelField: string | undefined): string | undefined {
  const value = record && labelField ? record[labelField] : undefined;
  return typeof value === 'string' && value ? value.slice(0, 250) : undefined;
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

/** One field's change as the audit log keeps it: the value before and after, or only that it changed (a password). */
export type FieldChange = { before: unknown; after: unknown } | { masked: true };

const MAX_TEXT = 300;
const MASKED = new Set(['password', 'resetPasswordToken', 'confirmationToken', 'notificationPreferences']);

/** A value small enough to keep: long texts cut, rich text and lists as their JSON, cut too. */
function kept(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  const json = JSON.stringify(value);
  return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT)}…` : JSON.parse(json);
}

/** What changed, field by field (before → after), for the fields `changedFields` found. */
export function changesOf(fields: string[] | undefined, data: Record<string, unknown> | undefined, previous?: Record<string, unknown> | null): Record<string, FieldChange> | undefined {
  if (!fields?.length || !data) return undefined;
  return Object.fromEntries(
    fields.map((field) => [field, MASKED.has(field) ? { masked: true as const } : { before: kept(previous?.[field]), after: kept(data[field]) }]),
  );
}
