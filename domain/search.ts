/**
 * Search that ignores case and accents (docs/architecture.md, « Recherche »): the backend keeps, for each searchable
 * record, its search fields joined and normalised; a query is normalised the same way and looked up
 * in it. Read by the backend and the SPA; which fields each resource is searched on is its row's
 * `searchFields` (domain/resources.ts).
 */
import { resourceRow, type SearchType } from './resources';

/** What a search text and a query are reduced to: lowercase, no accents, ligatures spelled out, one space. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[\u2019\u2018`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const isInline = (node: unknown) => !!node && typeof node === 'object' && ['text', 'link'].includes(String((node as { type?: unknown }).type ?? 'text'));

/** The text of any value: strings as they are, lists and rich-text blocks flattened (one line per block). */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(plainText).filter(Boolean).join('\n');
  if (typeof value === 'object') {
    const node = value as { text?: unknown; children?: unknown; name?: unknown };
    if (typeof node.text === 'string') return node.text;
    // Inline children (text, links) run on; block children (list items, paragraphs) go on their own lines.
    if (Array.isArray(node.children)) return node.children.map(plainText).join(node.children.every(isInline) ? '' : '\n');
    if (typeof node.name === 'string') return node.name;
  }
  return '';
}

/** A record's search text: its resource's search fields' text, normalised and joined. */
export function searchTextOf(key: string, record: Record<string, unknown>): string {
  return searchFieldsOf(key)
    .map((field) => normalizeSearchText(plainText(record[field])))
    .filter(Boolean)
    .join(' \n ');
}

/** The fields a resource is searched on (its row's `searchFields`). */
export function searchFieldsOf(key: string): readonly string[] {
  return resourceRow(key).searchFields ?? [];
}

export { SEARCH_TYPES, type SearchType } from './resources';

/** One result of GET /api/search, as the backend sends it and the search dialog shows it. */
export interface SearchResult {
  type: SearchType;
  id: string | number;
  title: string;
  status?: string | null;
  priority?: string | null;
  date?: string | null;
  url: string;
}
