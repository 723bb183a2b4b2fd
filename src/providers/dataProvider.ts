import type { DataProvider, Identifier } from 'ra-core';
import { browserFetch } from './browserFetch';
import { createHttpClient, type FetchLike, type HttpClient } from './http';
import { collection } from './endpoints/collection';
import { toPayload, toRecord } from './endpoints/records';
import { roles } from './endpoints/roles';
import { selectionOf } from './endpoints/selection';
import { single } from './endpoints/single';
import type { CountViewsParams, Endpoint, EndpointAdapter, EndpointKind, EndpointOptions, ExportListParams, Raw } from './endpoints/types';
import { users } from './endpoints/users';
import { withQuery } from './strapiQuery';
import { uploadFileFields } from './upload';

export type { CountViewsParams, EndpointKind, EndpointOptions } from './endpoints/types';

/**
 * The Strapi 5 data provider. It knows nothing of the resources: App.tsx hands it, per react-admin
 * resource name, the backend endpoint and what the views need (populate, search fields, media
 * fields). Each call goes to the adapter of the endpoint's kind (endpoints/): records use
 * id = documentId; the users endpoint keeps its numeric ids and own shape.
 */

const ADAPTERS: Record<EndpointKind, EndpointAdapter> = { collection, single, users, roles };

export interface StrapiDataProviderOptions {
  apiUrl: string;
  resources?: Record<string, EndpointOptions>;
  getToken?: () => string | null;
  refreshToken?: () => Promise<string | null>;
  fetch?: FetchLike;
  /** Parallel requests of updateMany and deleteMany. */
  concurrency?: number;
}

export function createStrapiDataProvider(options: StrapiDataProviderOptions): DataProvider {
  const fetchFn: FetchLike = options.fetch ?? browserFetch;
  const http: HttpClient = createHttpClient({
    apiUrl: options.apiUrl,
    getToken: options.getToken,
    refreshToken: options.refreshToken,
    fetch: fetchFn,
  });
  const concurrency = options.concurrency ?? 4;

  /** A resource's endpoint and the adapter of its kind (a resource not handed over is a collection at /api/{resource}). */
  const endpoints = new Map<string, { e: Endpoint; adapter: EndpointAdapter }>();
  const endpointOf = (resource: string) => {
    const known = endpoints.get(resource);
    if (known) return known;
    const given = options.resources?.[resource];
    const config = { ...given, kind: given?.kind ?? 'collection', endpoint: given?.endpoint ?? resource };
    const adapter = ADAPTERS[config.kind];
    const e: Endpoint = {
      resource,
      config,
      http,
      concurrency,
      path: (id?: Identifier) => `/api/${config.endpoint}${id !== undefined ? `/${encodeURIComponent(String(id))}` : ''}`,
      selection: (meta, configured) => selectionOf(config, meta, configured),
      toRecord: (raw, fallbackId) => toRecord(raw, resource, { idField: adapter.idField, mediaFields: config.mediaFields, apiUrl: http.apiUrl }, fallbackId),
      toPayload: (data, previousData) =>
        toPayload(data, previousData, {
          readOnlyFields: [...(adapter.readOnlyFields ?? []), ...(config.readOnlyFields ?? [])],
          mediaFields: config.mediaFields,
          adjust: adapter.adjustPayload,
          uploadFiles: (body) =>
            uploadFileFields(body, {
              apiUrl: http.apiUrl,
              fetch: fetchFn,
              token: options.getToken?.() ?? null,
              mediaFields: config.mediaFields,
            }),
        }),
    };
    endpoints.set(resource, { e, adapter });
    return { e, adapter };
  };

  /** A write the endpoint's kind has no route for. */
  const refused = (e: Endpoint, call: string) =>
    Promise.reject(new Error(`${call} is not offered by the ${e.config.kind} endpoint /api/${e.config.endpoint}`));

  const getList: DataProvider['getList'] = async (resource, params) => {
    const { e, adapter } = endpointOf(resource);
    return (await adapter.getList(e, params)) as never;
  };

  return {
    getList,
    getOne: async (resource, params) => {
      const { e, adapter } = endpointOf(resource);
      return { data: (await adapter.getOne(e, params)) as never };
    },
    getMany: async (resource, params) => {
      const { e, adapter } = endpointOf(resource);
      return { data: params.ids.length ? ((await adapter.getMany(e, params)) as never[]) : [] };
    },
    /**
     * The records whose `target` is `id`. On a declared relation the related record's key is matched:
     * documentId, or the numeric id for users-permissions records (an endpoint keyed by id, or a
     * numeric id, which a documentId never is).
     */
    getManyReference: (resource, params) => {
      const { e, adapter } = endpointOf(resource);
      const isRelation = e.config.relations?.includes(params.target);
      const key = adapter.idField === 'id' || typeof params.id === 'number' ? 'id' : 'documentId';
      return getList(resource, {
        pagination: params.pagination,
        sort: params.sort,
        filter: { ...params.filter, [params.target]: isRelation ? { [key]: params.id } : params.id },
        meta: params.meta,
        signal: params.signal,
      });
    },
    create: async (resource, params) => {
      const { e, adapter } = endpointOf(resource);
      return adapter.create ? { data: (await adapter.create(e, params)) as never } : refused(e, 'create');
    },
    update: async (resource, params) => {
      const { e, adapter } = endpointOf(resource);
      return adapter.update ? { data: (await adapter.update(e, params)) as never } : refused(e, 'update');
    },
    updateMany: async (resource, params) => {
      const { e, adapter } = endpointOf(resource);
      return adapter.updateMany ? { data: await adapter.updateMany(e, params) } : refused(e, 'updateMany');
    },
    delete: async (resource, params) => {
      const { e, adapter } = endpointOf(resource);
      return { data: (await adapter.delete(e, params)) as never };
    },
    deleteMany: async (resource, params) => {
      const { e, adapter } = endpointOf(resource);
      return { data: await adapter.deleteMany(e, params) };
    },
    supportAbortSignal: true,
    /**
     * Every record matching the list's filters and search, streamed by the backend's export route,
     * handed to `onRows` a batch at a time (the next read once `onRows` is done); false when the resource has no
     * such route (page through getList).
     */
    exportList: async (resource: string, params: ExportListParams, onRows: (rows: Record<string, unknown>[]) => void | Promise<void>): Promise<number | false> => {
      const { e, adapter } = endpointOf(resource);
      if (!e.config.streamExport || !adapter.exportList) return false;
      return adapter.exportList(e, params, onRows);
    },
    /**
     * How many records each of a list's tabs holds under its filters, in one call; false when the resource has
     * no such route (count each tab with a one-row getList).
     */
    countViews: async (resource: string, params: CountViewsParams): Promise<Record<string, number> | false> => {
      const { e, adapter } = endpointOf(resource);
      if (!e.config.viewCounts || !adapter.countViews) return false;
      return adapter.countViews(e, params);
    },
    /** GET an arbitrary backend path (aggregates such as /api/reports/stats). */
    get: <T = unknown>(apiPath: string, query: Raw = {}, signal?: AbortSignal) =>
      http.request<T>(withQuery(apiPath, query), { signal }),
    /** Any other call of a backend route (POST /api/notifications/read-all...). */
    send: <T = unknown>(method: string, apiPath: string, body?: unknown, headers?: Record<string, string>) => http.request<T>(apiPath, { method, body, headers }),
    /** GET a file the backend serves to the logged-in user only (a backup), as a Blob. */
    download: (apiPath: string) => http.request<Blob>(apiPath, { blob: true }),
    /**
     * POST /api/{endpoint}/import: one batch of a CSV import, created all or nothing by the backend;
     * a refused batch fails with the rows at fault in the error's body (error.details.rows).
     */
    importMany: async (resource: string, rows: Raw[]): Promise<{ created: number; ids: string[] }> => {
      const body = await http.request<{ data: { created: number; ids: string[] } }>(`${endpointOf(resource).e.path()}/import`, { method: 'POST', body: { data: rows } });
      return body.data;
    },
  };
}
