import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'ra-core';
import { BulkMutationError } from './bulkMutationError';
import { createHttpClient, type FetchLike, type HttpClient } from './http';
import { normaliseMediaField, isMediaObject } from './media';
import {
  collectionListQuery,
  usersListQuery,
  withQuery,
  withSelection,
  type ListParams,
  type Populate,
  type SelectionOptions,
} from './strapiQuery';
import { uploadFileFields } from './upload';

type Raw = Record<string, unknown>;

/**
 * The Strapi 5 data provider. It knows nothing of the resources: App.tsx hands it, per react-admin
 * resource name, the backend endpoint and what the views need (populate, search fields, media
 * fields). Records use id = documentId; the users endpoint keeps its numeric ids and own shape.
 */

import type { EndpointKind } from '@mamoudzou/domain/resources';
export type { EndpointKind };

/** Sorts and pages rows in memory (the roles endpoint answers every role at once). */
function pageInMemory(rows: Raw[], params: ListParams): { data: Raw[]; total: number } {
  const { field = 'id', order = 'ASC' } = params.sort ?? {};
  const sorted = [...rows].sort((a, b) => {
    const x = a[field] as string | number;
    const y = b[field] as string | number;
    const cmp = x === y ? 0 : x > y ? 1 : -1;
    return order === 'DESC' ? -cmp : cmp;
  });
  const q = String(params.filter?.q ?? '').toLowerCase();
  const filtered = q ? sorted.filter((r) => JSON.stringify(r).toLowerCase().includes(q)) : sorted;
  const { page = 1, perPage = filtered.length || 1 } = params.pagination ?? {};
  return { data: filtered.slice((page - 1) * perPage, page * perPage), total: filtered.length };
}

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
  /** Failure message prefix per media field ("Cover image upload failed"). */
  uploadFailurePrefixes?: Record<string, string>;
  /** Fields never sent on create or update, besides the system ones. */
  readOnlyFields?: string[];
  /** react-admin sort key → backend field, e.g. { priority: 'priorityRank' } to sort on a rank, not the label. */
  sortFields?: Record<string, string | string[]>;
  /** Attributes that are relations: getManyReference on them filters the related record's id. */
  relations?: string[];
  /** The backend streams every matching record at /api/{endpoint}/export (JSON lines): exports read it, not pages. */
  streamExport?: boolean;
}

/** What an export asks for: the list's filters and sort, and the scalar fields its columns read. */
export interface ExportListParams {
  filter?: Record<string, unknown>;
  sort?: { field: string; order: string };
  fields?: string[];
}

/**
 * Per-call selection in a query's `meta`: `populate` replaces the endpoint's (an empty array
 * populates nothing), `fields` selects scalar attributes (relations and media go through populate).
 */
export interface SelectionMeta {
  populate?: Populate;
  fields?: string[];
}

export interface StrapiDataProviderOptions {
  apiUrl: string;
  resources?: Record<string, EndpointOptions>;
  getToken?: () => string | null;
  refreshToken?: () => Promise<string | null>;
  fetch?: FetchLike;
  /** Parallel requests of updateMany and deleteMany. */
  concurrency?: number;
}

export const SYSTEM_READ_ONLY_FIELDS = [
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
const USERS_READ_ONLY_FIELDS = ['provider', 'resetPasswordToken', 'confirmationToken', 'lastAccess'];

/** Runs `task` over `items` with at most `limit` at once and answers every outcome, in order (none is dropped). */
export async function settleWithConcurrency<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let cursor = 0;
  const worker = async () => {
    while (cursor < items.length) {
      const index = cursor++;
      try {
        results[index] = { status: 'fulfilled', value: await task(items[index]) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** One request per id; when some fail, a BulkMutationError saying which ids did and did not go through. */
async function runBulk(ids: Identifier[], limit: number, task: (id: Identifier) => Promise<unknown>): Promise<{ data: Identifier[] }> {
  const outcomes = await settleWithConcurrency(ids, limit, task);
  const succeeded: Identifier[] = [];
  const failed: { id: Identifier; error: unknown }[] = [];
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') succeeded.push(ids[index]);
    else failed.push({ id: ids[index], error: outcome.reason });
  });
  if (failed.length) throw new BulkMutationError(succeeded, failed);
  return { data: ids };
}

function isJsonEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function createStrapiDataProvider(options: StrapiDataProviderOptions): DataProvider {
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const http: HttpClient = createHttpClient({
    apiUrl: options.apiUrl,
    getToken: options.getToken,
    refreshToken: options.refreshToken,
    fetch: fetchFn,
  });
  const concurrency = options.concurrency ?? 4;

  const endpointOf = (resource: string): Required<Pick<EndpointOptions, 'endpoint' | 'kind'>> & EndpointOptions => {
    const config = options.resources?.[resource];
    return { kind: 'collection', ...config, endpoint: config?.endpoint ?? resource };
  };

  /** A record as react-admin wants it: id = documentId (users keep their numeric id), media normalised. */
  const toRecord = (resource: string, raw: Raw | null | undefined, fallbackId?: Identifier): RaRecord => {
    const config = endpointOf(resource);
    const source = (raw ?? {}) as Raw;
    const record: Raw = { ...source };
    for (const [key, value] of Object.entries(record)) {
      const declared = config.mediaFields?.includes(key);
      if (declared || isMediaObject(value) || (Array.isArray(value) && value.length > 0 && value.every(isMediaObject))) {
        record[key] = normaliseMediaField(value, http.apiUrl);
      }
    }
    const id =
      config.kind === 'users' || config.kind === 'roles'
        ? (source.id as Identifier)
        : ((source.documentId as Identifier | undefined) ?? (source.id as Identifier | undefined) ?? fallbackId);
    return { ...record, id: id ?? fallbackId ?? resource } as RaRecord;
  };

  /** The body of a create or update: read-only fields stripped, relations as ids, files uploaded. */
  const toPayload = async (
    resource: string,
    data: Raw,
    previousData: Raw | undefined,
    signal?: AbortSignal,
  ): Promise<Raw> => {
    const config = endpointOf(resource);
    const readOnly = new Set([
      ...SYSTEM_READ_ONLY_FIELDS,
      ...(config.kind === 'users' ? USERS_READ_ONLY_FIELDS : []),
      ...(config.readOnlyFields ?? []),
    ]);
    let body: Raw = {};
    for (const [key, value] of Object.entries(data ?? {})) {
      if (readOnly.has(key)) continue;
      if (previousData && key in previousData && isJsonEqual(value, previousData[key])) continue; // unchanged
      body[key] = value;
    }
    if (config.kind === 'users') {
      if (body.password === '' || body.password === null) delete body.password;
      const role = body.role;
      if (role && typeof role === 'object' && 'id' in (role as Raw)) body.role = (role as Raw).id;
    }
    body = await uploadFileFields(body, {
      apiUrl: http.apiUrl,
      fetch: fetchFn,
      token: options.getToken?.() ?? null,
      mediaFields: config.mediaFields,
      failurePrefixes: config.uploadFailurePrefixes,
      signal,
    });
    // Relations given as populated objects go back as their documentId.
    for (const [key, value] of Object.entries(body)) {
      if (config.mediaFields?.includes(key)) continue;
      const asRef = (v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) && 'documentId' in (v as Raw) ? (v as Raw).documentId : v;
      if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === 'object' && 'documentId' in v)) {
        body[key] = value.map(asRef);
      } else {
        body[key] = asRef(value);
      }
    }
    return body;
  };

  const path = (config: EndpointOptions, id?: Identifier) =>
    `/api/${config.endpoint}${id !== undefined && config.kind !== 'single' ? `/${encodeURIComponent(String(id))}` : ''}`;

  /**
   * What a read populates and selects: the call's meta wins over the endpoint's configuration.
   * Declared media and relations, dotted paths and `id` are left out of `fields`: Strapi answers
   * id and documentId anyway and refuses non-scalar keys there.
   */
  const selectionOf = (config: EndpointOptions, meta: unknown, configured: Populate | undefined): SelectionOptions => {
    const { populate, fields } = (meta ?? {}) as SelectionMeta;
    const notScalar = new Set(['id', ...(config.mediaFields ?? []), ...(config.relations ?? [])]);
    return {
      populate: populate !== undefined ? populate : configured,
      fields: Array.isArray(fields) ? fields.filter((f) => !notScalar.has(f) && !f.includes('.')) : undefined,
      sortFields: config.sortFields,
    };
  };

  const getList: DataProvider['getList'] = async (resource, params) => {
    const config = endpointOf(resource);
    if (config.kind === 'single') {
      const { data } = await getOne(resource, { id: resource, signal: params.signal });
      return { data: [data], total: 1 };
    }
    if (config.kind === 'roles') {
      const body = await http.request<{ roles: Raw[] }>(path(config), { signal: params.signal });
      const { data, total } = pageInMemory(body?.roles ?? [], params as ListParams);
      return { data: data.map((r) => toRecord(resource, r)), total };
    }
    const selection = selectionOf(config, params.meta, config.populate);
    if (config.kind === 'users') {
      const query = usersListQuery(params as ListParams, { ...config, ...selection });
      const countQuery = { ...(query.filters ? { filters: query.filters } : {}), ...(query.search ? { search: query.search } : {}) };
      const [rows, total] = await Promise.all([
        http.request<Raw[]>(withQuery(path(config), query), { signal: params.signal }),
        http.request<number>(withQuery(`/api/${config.endpoint}/count`, countQuery), { signal: params.signal }),
      ]);
      return { data: (rows ?? []).map((r) => toRecord(resource, r)), total: Number(total) || 0 };
    }
    const query = collectionListQuery(params as ListParams, { ...config, ...selection });
    const body = await http.request<{ data: Raw[]; meta?: { pagination?: { total?: number } } }>(
      withQuery(path(config), query),
      { signal: params.signal },
    );
    const rows = body?.data ?? [];
    return {
      data: rows.map((r) => toRecord(resource, r)),
      total: body?.meta?.pagination?.total ?? rows.length,
    };
  };

  const getOne: DataProvider['getOne'] = async (resource, params) => {
    const config = endpointOf(resource);
    const query = withSelection({}, selectionOf(config, params.meta, config.populateOne ?? config.populate));
    const body = await http.request<Raw>(withQuery(path(config, params.id), query), { signal: params.signal });
    const raw = config.kind === 'users' ? body : config.kind === 'roles' ? (body?.role as Raw) : (body?.data as Raw);
    // users-permissions answers an empty 200 for a user that does not exist.
    if (!raw || (typeof raw === 'object' && Object.keys(raw).length === 0)) throw new HttpError('Strapi 404: Not Found', 404, body);
    return { data: toRecord(resource, raw, params.id) as never };
  };

  const getMany: DataProvider['getMany'] = async (resource, params) => {
    const config = endpointOf(resource);
    if (!params.ids.length) return { data: [] };
    if (config.kind === 'single') return { data: [(await getOne(resource, { id: params.ids[0] })).data] };
    if (config.kind === 'roles') {
      const body = await http.request<{ roles: Raw[] }>(path(config), { signal: params.signal });
      const wanted = new Set(params.ids.map(String));
      return { data: (body?.roles ?? []).filter((r) => wanted.has(String(r.id))).map((r) => toRecord(resource, r)) as never[] };
    }
    const idField = config.kind === 'users' ? 'id' : 'documentId';
    const selection = selectionOf(config, params.meta, config.populate);
    const chunks: Identifier[][] = [];
    for (let i = 0; i < params.ids.length; i += 100) chunks.push(params.ids.slice(i, i + 100));
    const pages = await Promise.all(
      chunks.map(async (ids) => {
        const filters = { [idField]: { $in: ids } };
        if (config.kind === 'users') {
          const query = withSelection({ filters, start: 0, limit: ids.length }, selection);
          const rows = await http.request<Raw[]>(withQuery(path(config), query), { signal: params.signal });
          return (rows ?? []).map((r) => toRecord(resource, r));
        }
        const query = withSelection({ filters, pagination: { page: 1, pageSize: ids.length } }, selection);
        const body = await http.request<{ data: Raw[] }>(withQuery(path(config), query), { signal: params.signal });
        return (body?.data ?? []).map((r) => toRecord(resource, r));
      }),
    );
    return { data: pages.flat() as never[] };
  };

  /**
   * The records whose `target` is `id`. On a declared relation the related record's key is matched:
   * documentId, or the numeric id for users-permissions records (the users kind, or a numeric id,
   * which a documentId never is).
   */
  const getManyReference: DataProvider['getManyReference'] = (resource, params) => {
    const config = endpointOf(resource);
    const isRelation = config.relations?.includes(params.target);
    const key = config.kind === 'users' || typeof params.id === 'number' ? 'id' : 'documentId';
    return getList(resource, {
      pagination: params.pagination,
      sort: params.sort,
      filter: { ...params.filter, [params.target]: isRelation ? { [key]: params.id } : params.id },
      meta: params.meta,
      signal: params.signal,
    });
  };

  const create: DataProvider['create'] = async (resource, params) => {
    const config = endpointOf(resource);
    const payload = await toPayload(resource, params.data as Raw, undefined);
    if (config.kind === 'users') {
      const user = await http.request<Raw>(path(config), { method: 'POST', body: payload });
      return { data: toRecord(resource, user) as never };
    }
    const body = await http.request<{ data: Raw }>(path(config), {
      method: config.kind === 'single' ? 'PUT' : 'POST',
      body: { data: payload },
    });
    return { data: toRecord(resource, body?.data, resource) as never };
  };

  const update: DataProvider['update'] = async (resource, params) => {
    const config = endpointOf(resource);
    const payload = await toPayload(resource, params.data as Raw, params.previousData as Raw | undefined);
    if (config.kind === 'users') {
      const user = await http.request<Raw>(path(config, params.id), { method: 'PUT', body: payload });
      return { data: toRecord(resource, user) as never };
    }
    const body = await http.request<{ data: Raw }>(path(config, params.id), { method: 'PUT', body: { data: payload } });
    return { data: toRecord(resource, body?.data, params.id) as never };
  };

  const updateMany: DataProvider['updateMany'] = async (resource, params) => {
    const config = endpointOf(resource);
    const payload = await toPayload(resource, params.data as Raw, undefined);
    return runBulk(params.ids, concurrency, (id) =>
      http.request(path(config, id), {
        method: 'PUT',
        body: config.kind === 'users' ? payload : { data: payload },
      }),
    );
  };

  const remove: DataProvider['delete'] = async (resource, params) => {
    const config = endpointOf(resource);
    const body = await http.request<Raw | { data: Raw } | null>(path(config, params.id), { method: 'DELETE' });
    const raw = config.kind === 'users' ? (body as Raw | null) : ((body as { data?: Raw } | null)?.data ?? null);
    const data = raw ? toRecord(resource, raw, params.id) : (params.previousData ?? { id: params.id });
    return { data: data as never };
  };

  const deleteMany: DataProvider['deleteMany'] = async (resource, params) => {
    const config = endpointOf(resource);
    return runBulk(params.ids, concurrency, (id) => http.request(path(config, id), { method: 'DELETE' }));
  };

  return {
    getList,
    getOne,
    getMany,
    getManyReference,
    create,
    update,
    updateMany,
    delete: remove,
    deleteMany,
    supportAbortSignal: true,
    /**
     * Every record matching the list's filters and search, streamed by the backend's export route,
     * handed to `onRows` a batch at a time; false when the resource has no such route (page through getList).
     */
    exportList: async (resource: string, params: ExportListParams, onRows: (rows: Record<string, unknown>[]) => void): Promise<number | false> => {
      const config = endpointOf(resource);
      if (!config.streamExport) return false;
      const query = collectionListQuery({ filter: params.filter, sort: params.sort }, { ...config, ...selectionOf(config, { fields: params.fields }, undefined) });
      delete query.pagination;
      return http.lines<Raw>(withQuery(`${path(config)}/export`, query), (rows) => onRows(rows.map((r) => toRecord(resource, r))));
    },
    /** GET an arbitrary backend path (aggregates such as /api/reports/stats). */
    get: <T = unknown>(apiPath: string, query: Raw = {}, signal?: AbortSignal) =>
      http.request<T>(withQuery(apiPath, query), { signal }),
    /** Any other call of a backend route (POST /api/notifications/read-all...). */
    send: <T = unknown>(method: string, apiPath: string, body?: unknown) => http.request<T>(apiPath, { method, body }),
    /** GET a file the backend serves to the logged-in user only (a backup), as a Blob. */
    download: (apiPath: string) => http.request<Blob>(apiPath, { blob: true }),
    /**
     * POST /api/{endpoint}/import: one batch of a CSV import, created all or nothing by the backend;
     * a refused batch fails with the rows at fault in the error's body (error.details.rows).
     */
    importMany: async (resource: string, rows: Raw[]): Promise<{ created: number; ids: string[] }> => {
      const body = await http.request<{ data: { created: number; ids: string[] } }>(`${path(endpointOf(resource))}/import`, { method: 'POST', body: { data: rows } });
      return body.data;
    },
  };
}
