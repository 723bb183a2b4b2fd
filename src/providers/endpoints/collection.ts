import type { RaRecord } from 'ra-core';
import { buildFilters, collectionListQuery, searchParam, withQuery, withSelection, type ListParams } from '../strapiQuery';
import { inChunks } from './bulk';
import { createOne, deleteEach, deleteOne, documents, readOne, updateEach, updateOne } from './calls';
import type { EndpointAdapter, Raw } from './types';

/** A Strapi collection type: pages of `{data, meta.pagination}`, records addressed by documentId. */
export const collection: EndpointAdapter = {
  idField: 'documentId',

  async getList(e, params) {
    const query = collectionListQuery(params as ListParams, { ...e.config, ...e.selection(params.meta, e.config.populate) });
    const body = await e.http.request<{ data: Raw[]; meta?: { pagination?: { total?: number } } }>(withQuery(e.path(), query), { signal: params.signal });
    const rows = body?.data ?? [];
    return { data: rows.map((r) => e.toRecord(r)), total: body?.meta?.pagination?.total ?? rows.length };
  },

  getOne: (e, params) => readOne(e, documents, params),

  getMany(e, params) {
    const selection = e.selection(params.meta, e.config.populate);
    return inChunks(params.ids, async (ids) => {
      const query = withSelection({ filters: { documentId: { $in: ids } }, pagination: { page: 1, pageSize: ids.length } }, selection);
      const body = await e.http.request<{ data: Raw[] }>(withQuery(e.path(), query), { signal: params.signal });
      return (body?.data ?? []).map((r): RaRecord => e.toRecord(r));
    });
  },

  create: (e, params) => createOne(e, documents, params),
  update: (e, params) => updateOne(e, documents, params),
  updateMany: (e, params) => updateEach(e, documents, params),
  delete: (e, params) => deleteOne(e, documents, params),
  deleteMany: (e, params) => deleteEach(e, documents, params),

  /** Each tab's count under the list's filters and search, from the backend's one counting route. */
  async countViews(e, params) {
    const options = { searchFields: e.config.searchFields, serverSearch: e.config.serverSearch, idField: 'documentId' };
    const filters = buildFilters(params.filter, options);
    // A view without a filter (« Tous ») is sent empty: views[all]=
    const views = Object.fromEntries(Object.entries(params.views).map(([id, filter]) => [id, Object.keys(filter).length ? buildFilters(filter, options) : '']));
    const query = { ...(Object.keys(filters).length ? { filters } : {}), ...searchParam(params.filter, options), views };
    const body = await e.http.request<{ data: Record<string, number> }>(withQuery(`${e.path()}/counts`, query), { signal: params.signal });
    return body.data;
  },

  /** Every record matching the list's filters and search, from the backend's JSON-lines export route. */
  exportList(e, params, onRows) {
    const query = collectionListQuery({ filter: params.filter, sort: params.sort }, { ...e.config, ...e.selection({ fields: params.fields }, undefined) });
    delete query.pagination;
    return e.http.lines<Raw>(withQuery(`${e.path()}/export`, query), (rows) => onRows(rows.map((r) => e.toRecord(r))), { onTotal: params.onTotal });
  },
};
