/**
 * A resource's attributes, declared once in Strapi's own vocabulary (types, required, lengths, bounds,
 * enumerations, media, relations) plus what the product knows of a value beyond its type (its `kind`):
 * the backend's content type is derived from the declaration (Strapi reads it without the product's
 * keys), its rules go by kind, and the SPA derives each field's input, cell and validation from it
 * (docs/ajouter-une-ressource.md). Plain data with no imports: the first load of the SPA reads it.
 */

/** Strapi's attribute types. */
export type StrapiType =
  | 'string'
  | 'text'
  | 'richtext'
  | 'blocks'
  | 'email'
  | 'password'
  | 'uid'
  | 'integer'
  | 'biginteger'
  | 'decimal'
  | 'float'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'enumeration'
  | 'json'
  | 'media'
  | 'relation';

/** A web address: http or https only (no javascript:, data:, file: ...). A schema `regex` for Strapi. */
export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s<>"]+$';

/** Lists of short texts held in JSON attributes (kind `stringList`): how many items, how long each. */
export const STRING_LIST_BOUNDS = {
  tags: { items: 30, length: 60 },
  services: { items: 50, length: 120 },
  internalNotes: { items: 200, length: 2000 },
} as const;

interface Common {
  required?: boolean;
  /** Never in an answer of the API (Strapi's own option). */
  private?: boolean;
  unique?: boolean;
  configurable?: boolean;
  /**
   * Set by the backend alone (a rank, a reference number, a time it keeps): shown, never sent by a client.
   * A product key, not Strapi's.
   */
  computed?: boolean;
}

export interface TextAttribute extends Common {
  type: 'string' | 'text' | 'richtext' | 'email' | 'password' | 'uid';
  maxLength?: number;
  minLength?: number;
  regex?: string;
  default?: string;
  /** A telephone number (typed with a phone's keypad), or a web address (HTTP_URL_PATTERN). */
  kind?: 'phone' | 'url';
}

export interface NumberAttribute extends Common {
  type: 'integer' | 'biginteger' | 'decimal' | 'float';
  min?: number;
  max?: number;
  default?: number;
  /** One coordinate of a position, in degrees (±90, ±180): a map in the forms sets it. */
  kind?: 'latitude' | 'longitude';
}

export interface BooleanAttribute extends Common {
  type: 'boolean';
  default?: boolean;
}

export interface DateAttribute extends Common {
  type: 'date' | 'datetime' | 'time';
  default?: string;
}

export interface EnumerationAttribute extends Common {
  type: 'enumeration';
  enum: readonly string[];
  default?: string;
}

/** Opening hours: per weekday, open or not and its periods, HH:mm to HH:mm (domain/input.ts checks them). */
export interface OpeningHoursAttribute extends Common {
  type: 'json';
  kind: 'openingHours';
}

/** A list of short texts (tags, services, notes), at most `items` of at most `length` characters. */
export interface StringListAttribute extends Common {
  type: 'json';
  kind: 'stringList';
  items: number;
  length: number;
}

/** JSON the product reads as it is (a notification's data, settings' tables). */
export interface JsonAttribute extends Common {
  type: 'json';
  kind?: undefined;
}

/** Rich text: Strapi's blocks. */
export interface BlocksAttribute extends Common {
  type: 'blocks';
}

export interface MediaAttribute extends Common {
  type: 'media';
  multiple?: boolean;
  allowedTypes?: readonly ('images' | 'files' | 'videos' | 'audios')[];
}

/** A reference to a record of another resource (its uid in `target`): chosen among that resource's records. */
export interface RelationAttribute extends Common {
  type: 'relation';
  relation: 'oneToOne' | 'oneToMany' | 'manyToOne' | 'manyToMany';
  target: string;
  inversedBy?: string;
  mappedBy?: string;
}

export type Attribute =
  | TextAttribute
  | NumberAttribute
  | BooleanAttribute
  | DateAttribute
  | EnumerationAttribute
  | OpeningHoursAttribute
  | StringListAttribute
  | JsonAttribute
  | BlocksAttribute
  | MediaAttribute
  | RelationAttribute;

export type Attributes = Record<string, Attribute>;

/** What the product adds to a Strapi attribute: never handed to Strapi. */
const PRODUCT_KEYS = ['kind', 'computed', 'items', 'length'] as const;

/** A declaration kept as written (its literal keys give the union of its field names). */
export const defineAttributes = <const A extends Attributes>(attributes: A): A => attributes;

/** The attributes as Strapi reads them in a content type's schema: the product's keys left out. */
export function strapiAttributes(attributes: Attributes): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, attribute]) => {
      const copy: Record<string, unknown> = { ...attribute };
      // A web address's kind is a rule Strapi checks: http or https only.
      if (copy.kind === 'url' && copy.regex === undefined) copy.regex = HTTP_URL_PATTERN;
      for (const key of PRODUCT_KEYS) delete copy[key];
      if (Array.isArray(copy.enum)) copy.enum = [...copy.enum];
      if (Array.isArray(copy.allowedTypes)) copy.allowedTypes = [...copy.allowedTypes];
      return [name, copy];
    }),
  );
}

/** The names of the attributes of `type` (media, relations...). */
export const attributesOfType = (attributes: Attributes | undefined, type: StrapiType): string[] =>
  Object.entries(attributes ?? {})
    .filter(([, attribute]) => attribute.type === type)
    .map(([name]) => name);

/** Every record's fields that Strapi keeps without a declaration. */
export const SYSTEM_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

/** The names of a declaration's fields (its attributes), as a union. */
export type FieldName<A> = Extract<keyof A, string>;
