import type { Core } from '@strapi/strapi';

/**
 * The content API sanitises every entity of a list answer one at a time, walking each key with its
 * visitors: a quarter of a reports page's time. For a page whose rows hold scalar attributes only (no
 * relation, component, media or dynamic zone), what the walk removes is decided by the schema and the
 * key (private and password attributes), never by the value (Strapi's traverseEntity visits every key,
 * null or not): so the first row goes through Strapi's sanitiser and every other row keeps the same keys.
 * Anything else (one entity, rows with nested data or differing keys, a value the sanitiser changed)
 * goes through Strapi's sanitiser as before.
 */
const NESTED = new Set(['relation', 'component', 'media', 'dynamiczone']);

type Row = Record<string, unknown>;
type SanitizeOutput = (data: unknown, schema: { attributes?: Record<string, { type?: string }> }, options?: unknown) => Promise<unknown>;

const isPlainRow = (value: unknown): value is Row => !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** A page whose rows all have the first row's keys, none of them nested data. */
function flatPage(data: unknown, schema: Parameters<SanitizeOutput>[1]): data is Row[] {
  if (!Array.isArray(data) || data.length < 2 || !schema?.attributes || !isPlainRow(data[0])) return false;
  const keys = Object.keys(data[0]);
  if (keys.some((key) => NESTED.has(schema.attributes![key]?.type ?? ''))) return false;
  return data.every((row) => isPlainRow(row) && Object.keys(row).length === keys.length && keys.every((key) => key in row));
}

export function sanitizeFlatPagesByFirstRow(strapi: Core.Strapi) {
  const sanitize = (strapi as any).contentAPI?.sanitize;
  const original: SanitizeOutput | undefined = sanitize?.output;
  if (!original) return;
  sanitize.output = async (data: unknown, schema: Parameters<SanitizeOutput>[1], options?: unknown) => {
    if (!flatPage(data, schema)) return original(data, schema, options);
    const [first] = (await original([data[0]], schema, options)) as Row[];
    const kept = new Set(Object.keys(first));
    // The sanitiser only removes keys here; had it changed a value, the whole page is its own to sanitise.
    if ([...kept].some((key) => first[key] !== data[0][key])) return original(data, schema, options);
    return [first, ...data.slice(1).map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => kept.has(key))))];
  };
}
