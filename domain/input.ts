/**
 * Bounds and shapes of what staff type into records, shared by the SPA's forms and the backend's
 * validation: web addresses, lists of short texts, rich text, dates.
 */
import { z } from 'zod';
import { HTTP_URL_PATTERN, STRING_LIST_BOUNDS } from './attributes';
import { WEEKDAYS } from './vocabulary';

export { HTTP_URL_PATTERN, STRING_LIST_BOUNDS };
const HTTP_URL = new RegExp(HTTP_URL_PATTERN);

export const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && HTTP_URL.test(value);

export const httpUrl = (message = 'Adresse web invalide : http:// ou https:// attendu') =>
  z.string().max(2000, message).regex(HTTP_URL, message);

export type StringListName = keyof typeof STRING_LIST_BOUNDS;

/** A list of short texts (an attribute of kind `stringList`): its bounds, or the name of usual ones. */
export const stringList = (bounds: StringListName | { items: number; length: number }) => {
  const { items, length } = typeof bounds === 'string' ? STRING_LIST_BOUNDS[bounds] : bounds;
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

/**
 * Characters no text of ours holds: the C0 controls but tab, line feed and carriage return (NUL included), DEL, the
 * C1 controls, and the bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which make a text read
 * otherwise than it is stored. Nobody types them: they come from a forged request or a bad paste, and they break
 * XML or hide what a text says. The implicit marks (U+200E, U+200F) that right-to-left writing uses stay allowed.
 */
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** The first forbidden character of a text, written U+0001; none when the text is clean. */
export function forbiddenCharacterIn(text: string): string | undefined {
  const match = FORBIDDEN_CHARACTER.exec(text);
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : undefined;
}

/** The same, anywhere in a JSON value (its texts and its keys), to a depth of 64 (the request guard refuses deeper). */
export function forbiddenCharacterInValue(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return forbiddenCharacterIn(value);
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = forbiddenCharacterInValue(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, inner] of Object.entries(value)) {
    const found = forbiddenCharacterIn(key) ?? forbiddenCharacterInValue(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Why a text with such a character is refused, in French. */
export const forbiddenCharacterMessage = (character: string) =>
  `caractère interdit (${character}) : les caractères de contrôle et d'inversion du sens du texte ne sont pas acceptés`;
