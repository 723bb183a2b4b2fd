import type {
  CreateParams,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'ra-core';
import type { HttpClient } from '../http';
import type { Populate, SelectionOptions } from '../strapiQuery';
import type { EndpointKind } from '@mamoudzou/domain/resources';

export type Raw = Record<string, unknown>;

/**
 * The shapes of backend endpoint the data provider speaks to, a resource's `kind` in
 * domain/resources.ts: a Strapi collection type (documents addressed by documentId), a single type
 * (one document at the endpoint itself), users-permissions' users (numeric ids, plain bodies) and
 * its roles (every role in one answer).
 */
export type { EndpointKind };

export interface EndpointOptions {
  /** Path under /api: 'reports', 'directory-entries', 'setting', 'users'. */
  endpoint: string;
  kind?: EndpointKind;
  /** Relations and media the list shows (never a blanket `*`). */
  populate?: Populate;
  /** What getOne (show and edit) populates; defaults to `populate`. */
  populateOne?: Populate;
  /** Fields the free-text filter `q` searches. */
  searchFields?: string[];
  /** The backend searches `q` without case or accents (`search=`); searchFields are then unused. */
  serverSearch?: boolean;
  /** Media fields: normalised on read, sent as ids on write. */
  mediaFields?: string[];
  /** Fields never sent on create or update, besides the system ones. */
  readOnlyFields?: string[];
  /** react-admin sort key → backend field, e.g. { priority: 'priorityRank' } to sort on a rank, not the label. */
  sortFields?: Record<string, string | string[]>;
  /** Attributes that are relations: getManyReference on them filters the related record's id. */
  relations?: string[];
  /** The backend streams every matching record at /api/{endpoint}/export (JSON lines): exports read it, not pages. */
  streamExport?: boolean;
  /** The backend counts a list's tabs in one call at /api/{endpoint}/counts: the tabs read it, not a list call each. */
  viewCounts?: boolean;
}

/**
 * Per-call selection in a query's `meta`: `populate` replaces the endpoint's (an empty array
 * populates nothing), `fields` selects scalar attributes (relations and media go through populate).
 */
export interface SelectionMeta {
  populate?: Populate;
  fields?: string[];
}

/** What an export asks for: the list's filters and sort, and the scalar fields its columns read. */
export interface ExportListParams {
  filter?: Record<string, unknown>;
  sort?: { field: string; order: string };
  fields?: string[];
  /** How many records the export holds, known before the first one comes (its progress). */
  onTotal?: (total: number) => void;
}

/** One resource's endpoint as an adapter works with it: its options, the HTTP client and the mapping every kind shares. */
export interface Endpoint {
  /** react-admin's resource name (the last resort of a record's id). */
  resource: string;
  config: EndpointOptions & { kind: EndpointKind };
  http: HttpClient;
  /** Parallel requests of updateMany and deleteMany. */
  concurrency: number;
  /** `/api/{endpoint}`, or `/api/{endpoint}/{id}` when given an id. */
  path(id?: Identifier): string;
  /** What a read populates and selects: the call's meta over the configured populate (selection.ts). */
  selection(meta: unknown, configured: Populate | undefined): SelectionOptions;
  /** A record as react-admin wants it (records.ts). */
  toRecord(raw: Raw | null | undefined, fallbackId?: Identifier): RaRecord;
  /** The body of a create or update (records.ts). */
  toPayload(data: Raw, previousData?: Raw): Promise<Raw>;
}

/**
 * What one kind of endpoint does for each call of the data provider. A kind leaves out the writes
 * its backend has no route for; the factory refuses them.
 */
export interface EndpointAdapter {
  /** The key a record is known by: documentId for Strapi's documents, the numeric id for users-permissions records. */
  idField: 'documentId' | 'id';
  /** The kind's fields that are never written, besides the system ones and the endpoint's own. */
  readOnlyFields?: string[];
  /** The kind's last touches to a create or update body, before its files are uploaded. */
  adjustPayload?(body: Raw): void;
  getList(e: Endpoint, params: GetListParams): Promise<{ data: RaRecord[]; total: number }>;
  getOne(e: Endpoint, params: GetOneParams): Promise<RaRecord>;
  /** Never called with an empty list of ids (the factory answers it). */
  getMany(e: Endpoint, params: GetManyParams): Promise<RaRecord[]>;
  create?(e: Endpoint, params: CreateParams): Promise<RaRecord>;
  update?(e: Endpoint, params: UpdateParams): Promise<RaRecord>;
  updateMany?(e: Endpoint, params: UpdateManyParams): Promise<Identifier[]>;
  delete(e: Endpoint, params: DeleteParams): Promise<RaRecord>;
  deleteMany(e: Endpoint, params: DeleteManyParams): Promise<Identifier[]>;
  /** Every record matching a list's filters, streamed by the backend; only where the endpoint has such a route. */
  exportList?(e: Endpoint, params: ExportListParams, onRows: (rows: RaRecord[]) => void | Promise<void>): Promise<number>;
  /** How many records each view (a tab's filter) holds under the list's filter; only where the endpoint has such a route. */
  countViews?(e: Endpoint, params: CountViewsParams): Promise<Record<string, number>>;
}

/** A list's filter (its search included) and its tabs' filters, by tab id. */
export interface CountViewsParams {
  filter?: Record<string, unknown>;
  views: Record<string, Record<string, unknown>>;
  signal?: AbortSignal;
}
