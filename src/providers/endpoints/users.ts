import type { RaRecord } from 'ra-core';
import { usersListQuery, withQuery, withSelection, type ListParams } from '../strapiQuery';
import { inChunks } from './bulk';
import { createOne, deleteEach, deleteOne, readOne, updateEach, updateOne, type RecordShape } from './calls';
import type { EndpointAdapter, Raw } from './types';

/** users-permissions sends and answers a user's fields as they are, no `{data}`. */
const plain: RecordShape = {
  unwrap: (body) => body as Raw | undefined,
  wrap: (payload) => payload,
  at: (e, id) => e.path(id),
};

/**
 * users-permissions' users: a plain array paged with start/limit and a separate count, numeric
 * ids, flat bodies with the role as its id.
 */
export const users: EndpointAdapter = {
  idField: 'id',
  readOnlyFields: ['provider', 'resetPasswordToken', 'confirmationToken', 'lastAccess'],

  adjustPayload(body) {
    // An empty password in the form keeps the current one.
    if (body.password === '' || body.password === null) delete body.password;
    const role = body.role;
    if (role && typeof role === 'object' && 'id' in (role as Raw)) body.role = (role as Raw).id;
  },

  async getList(e, params) {
    const query = usersListQuery(params as ListParams, { ...e.config, ...e.selection(params.meta, e.config.populate) });
    const countQuery = { ...(query.filters ? { filters: query.filters } : {}), ...(query.search ? { search: query.search } : {}) };
    const [rows, total] = await Promise.all([
      e.http.request<Raw[]>(withQuery(e.path(), query), { signal: params.signal }),
      e.http.request<number>(withQuery(`${e.path()}/count`, countQuery), { signal: params.signal }),
    ]);
    return { data: (rows ?? []).map((r) => e.toRecord(r)), total: Number(total) || 0 };
  },

  getOne: (e, params) => readOne(e, plain, params),

  getMany(e, params) {
    const selection = e.selection(params.meta, e.config.populate);
    return inChunks(params.ids, async (ids) => {
      const query = withSelection({ filters: { id: { $in: ids } }, start: 0, limit: ids.length }, selection);
      const rows = await e.http.request<Raw[]>(withQuery(e.path(), query), { signal: params.signal });
      return (rows ?? []).map((r): RaRecord => e.toRecord(r));
    });
  },

  create: (e, params) => createOne(e, plain, params),
  update: (e, params) => updateOne(e, plain, params),
  updateMany: (e, params) => updateEach(e, plain, params),
  delete: (e, params) => deleteOne(e, plain, params),
  deleteMany: (e, params) => deleteEach(e, plain, params),
};
