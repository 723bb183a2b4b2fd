import { hoursToText } from '@mamoudzou/domain/openingHours';
import type { OpeningHours } from '@mamoudzou/domain/vocabulary';
import { blocksToText } from '../common/blocks';
import { formatDate } from '../i18n/dates';
import { fr } from '../i18n/fr';
import type { FieldConfig, ResourceConfig, Row } from './types';

/** The value at a dotted path ("role.name"). */
export function getPath(record: Row | undefined, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Row)[key] : undefined), record);
}

export const isEmptyValue = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The raw value a field shows: its derived value, else the record's source. */
export const fieldValue = (field: FieldConfig, record: Row | undefined): unknown =>
  field.value && record ? field.value(record) : getPath(record, field.source);

/** The choice label of a select value, else the value itself. */
export const choiceName = (field: FieldConfig, value: unknown): string =>
  field.choices?.find((c) => c.id === value)?.name ?? String(value);

/** A list value as text items (tags, services, related records). */
export function textItems(field: FieldConfig, value: unknown): string[] {
  const list = Array.isArray(value) ? value : isEmptyValue(value) ? [] : [value];
  return list
    .map((item) => (item && typeof item === 'object' ? String(getPath(item as Row, field.optionText ?? 'name') ?? '') : String(item)))
    .filter((text) => text.trim() !== '');
}

/** The text a field shows for a record (cells of the phone layout, detail lines, titles). */
export function displayValue(field: FieldConfig, record: Row | undefined): string {
  const value = fieldValue(field, record);
  if (isEmptyValue(value)) return field.type === 'boolean' || field.type === 'image' || field.type === 'images' ? fr.generic.no : (field.emptyText ?? '');
  switch (field.type) {
    case 'select':
      return choiceName(field, value);
    case 'boolean':
      return value ? fr.generic.yes : fr.generic.no;
    case 'date':
      return formatDate(value, 'dd/MM/yyyy');
    case 'datetime':
      return formatDate(value);
    case 'time':
      return String(value).slice(0, 5);
    case 'blocks':
      return blocksToText(value);
    case 'image':
    case 'images':
      return fr.generic.yes;
    case 'tags':
    case 'relation':
      return textItems(field, value).join(', ');
    case 'openingHours':
      return hoursToText(value as OpeningHours);
    default:
      return String(value);
  }
}

export function fieldOf(config: ResourceConfig, source: string): FieldConfig {
  const field = config.fields.find((f) => f.source === source);
  if (!field) throw new Error(`Champ inconnu ${config.name}.${source}`);
  return field;
}

/** The name of a record in titles and accessible names ("Actions pour « … »"). */
export function recordTitle(config: ResourceConfig, record: Row | undefined): string {
  if (!record) return '';
  const representation = config.recordRepresentation;
  if (typeof representation === 'function') return representation(record);
  const value = representation ? getPath(record, representation) : undefined;
  return isEmptyValue(value) ? String(record.id ?? '') : String(value);
}

/** The URL of an image value (the provider normalises media to {url}); the first of a list. */
export function imageUrl(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first || undefined;
  const url = first && typeof first === 'object' ? (first as { url?: unknown }).url : undefined;
  return typeof url === 'string' && url ? url : undefined;
}
