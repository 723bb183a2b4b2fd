/**
 * Bounds and shapes of what staff type into records, shared by the SPA's forms and the backend's
 * validation: web addresses, lists of short texts, rich text, dates.
 */
import { z } from 'zod';
import { WEEKDAYS } from './vocabulary';

/** A web address: http or https only (no javascript:, data:, file: ...). A schema `regex` for Strapi. */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s<>"]+$';
const HTTP_URL = new RegExp(HTTP_URL_PATTERN);

export const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && HTTP_URL.test(value);

export const httpUrl = (message = 'Adresse web invalide : http:// ou https:// attendu') =>
  z.string().max(2000, message).regex(HTTP_URL, message);

/** Lists of short texts held in JSON attributes: how many items, how long each. */
export const STRING_LIST_BOUNDS = {
  tags: { items: 30, length: 60 },
  services: { items: 50, length: 120 },
  internalNotes: { items: 200, length: 2000 },
} as const;
export type StringListName = keyof typeof STRING_LIST_BOUNDS;

export const stringList = (name: StringListName) => {
  const { items, length } = STRING_LIST_BOUNDS[name];
  return z
    .array(z.string({ error: 'Texte attendu' }).max(length, `Chaque élément contient au plus ${length} caractères`), {
      error: 'Liste de textes attendue',
    })
    .max(items, `Au plus ${items} éléments`);
};

/** Rich text (Strapi blocks): at most this many characters of JSON, and this many blocks. */
export const RICH_TEXT_MAX_LENGTH = 100_000;
export const RICH_TEXT_MAX_BLOCKS = 500;

const text = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  strikethrough: z.boolean().optional(),
  code: z.boolean().optional(),
});
const link = z.looseObject({ type: z.literal('link'), url: httpUrl(), children: z.array(text) });
const inline = z.union([text, link]);
const listItem = z.looseObject({ type: z.literal('list-item'), children: z.array(inline) });
type List = { type: 'list'; format: 'ordered' | 'unordered'; children: unknown[] };
const list: z.ZodType<List> = z.lazy(() =>
  z.looseObject({
    type: z.literal('list'),
    format: z.enum(['ordered', 'unordered']),
    indentLevel: z.number().int().min(0).max(10).optional(),
    children: z.array(z.union([listItem, list])),
  }),
);
const block = z.union([
  z.looseObject({ type: z.literal('paragraph'), children: z.array(inline) }),
  z.looseObject({ type: z.literal('heading'), level: z.number().int().min(1).max(6), children: z.array(inline) }),
  z.looseObject({ type: z.literal('quote'), children: z.array(inline) }),
  z.looseObject({ type: z.literal('code'), language: z.string().max(40).optional(), children: z.array(text) }),
  z.looseObject({ type: z.literal('image'), image: z.looseObject({ url: z.string().max(2000) }), children: z.array(text) }),
  list,
]);

/** Strapi's rich-text value: a list of blocks (paragraph, heading, list, quote, code, image) whose links are http(s). */
export const blocksSchema = z
  .array(block, { error: 'Texte riche attendu : une liste de blocs' })
  .max(RICH_TEXT_MAX_BLOCKS, `Au plus ${RICH_TEXT_MAX_BLOCKS} blocs`)
  .refine((value) => JSON.stringify(value).length <= RICH_TEXT_MAX_LENGTH, {
    error: `Texte trop long : au plus ${RICH_TEXT_MAX_LENGTH.toLocaleString('fr-FR')} caractères`,
  });

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Heure au format HH:mm attendue');
/** Opening hours: per weekday, open or not and its periods (HH:mm to HH:mm). */
export const openingHoursSchema = z.partialRecord(
  z.enum(WEEKDAYS),
  z.object({ isOpen: z.boolean(), periods: z.array(z.object({ open: time, close: time })).max(6) }),
  { error: 'Horaires invalides' },
);

/** Dates staff may enter: years a town hall deals with, not year 99999. */
export const DATE_YEARS = { min: 1900, max: 2100 } as const;

/** The year of a date value, or undefined when it is not one (Strapi's own validation refuses it). */
export function yearOf(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getUTCFullYear();
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).getUTCFullYear();
}

export const isSaneDate = (value: unknown) => {
  const year = yearOf(value);
  return year === undefined || (year >= DATE_YEARS.min && year <= DATE_YEARS.max);
};
