import type { Identifier, RaRecord } from 'ra-core';
import { isMediaObject, normaliseMediaField } from '../media';
import type { Raw } from './types';

/** Fields Strapi manages itself: never sent on create or update. */
const SYSTEM_READ_ONLY_FIELDS = [
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
];

export interface RecordOptions {
  /** documentId for Strapi's documents (then id, then the fallback), the numeric id for users-permissions records. */
  idField: 'documentId' | 'id';
  mediaFields?: string[];
  apiUrl: string;
}

/** A record as react-admin wants it: its id from `idField`, media made absolute; the resource name when nothing else names it. */
export function toRecord(raw: Raw | null | undefined, resource: string, options: RecordOptions, fallbackId?: Identifier): RaRecord {
  const source = (raw ?? {}) as Raw;
  const record: Raw = { ...source };
  for (const [key, value] of Object.entries(record)) {
    const declared = options.mediaFields?.includes(key);
    if (declared || isMediaObject(value) || (Array.isArray(value) && value.length > 0 && value.every(isMediaObject))) {
      record[key] = normaliseMediaField(value, options.apiUrl);
    }
  }
  const id =
    options.idField === 'id'
      ? (source.id as Identifier)
      : ((source.documentId as Identifier | undefined) ?? (source.id as Identifier | undefined) ?? fallbackId);
  return { ...record, id: id ?? fallbackId ?? resource } as RaRecord;
}

function isJsonEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface PayloadOptions {
  /** Fields never sent, besides the system ones. */
  readOnlyFields: string[];
  mediaFields?: string[];
  /** The endpoint kind's own touches, before uploads. */
  adjust?: (body: Raw) => void;
  /** Uploads the body's files and answers it with their ids (upload.ts). */
  uploadFiles: (body: Raw) => Promise<Raw>;
}

/** The body of a create or update: read-only and unchanged fields stripped, files uploaded, relations as documentIds. */
export async function toPayload(data: Raw, previousData: Raw | undefined, options: PayloadOptions): Promise<Raw> {
  const readOnly = new Set([...SYSTEM_READ_ONLY_FIELDS, ...options.readOnlyFields]);
  let body: Raw = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    if (readOnly.has(key)) continue;
    if (previousData && key in previousData && isJsonEqual(value, previousData[key])) continue; // unchanged
    body[key] = value;
  }
  options.adjust?.(body);
  body = await options.uploadFiles(body);
  // Relations given as populated objects go back as their documentId.
  for (const [key, value] of Object.entries(body)) {
    if (options.mediaFields?.includes(key)) continue;
    const asRef = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && 'documentId' in (v as Raw) ? (v as Raw).documentId : v);
    if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === 'object' && 'documentId' in v)) {
      body[key] = value.map(asRef);
    } else {
      body[key] = asRef(value);
    }
  }
  return body;
}
