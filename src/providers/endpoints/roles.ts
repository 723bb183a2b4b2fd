import type { ListParams } from '../strapiQuery';
import { deleteEach, deleteOne, readOne, type RecordShape } from './calls';
import type { EndpointAdapter, Raw } from './types';

/** A role is answered as `{role}`; the list as `{roles}`. */
const role: RecordShape = {
  unwrap: (body) => (body as { role?: Raw } | null)?.role,
  wrap: (payload) => payload,
  at: (e, id) => e.path(id),
};

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

/**
 * users-permissions' roles: every role in one answer, paged here; numeric ids. The SPA lists them and
 * deletes a role added through the API; it creates and edits none (a role's rights come from the
 * backend's permissions table), so the adapter offers no other write.
 */
export const roles: EndpointAdapter = {
  idField: 'id',

  async getList(e, params) {
    const body = await e.http.request<{ roles: Raw[] }>(e.path(), { signal: params.signal });
    const { data, total } = pageInMemory(body?.roles ?? [], params as ListParams);
    return { data: data.map((r) => e.toRecord(r)), total };
  },

  getOne: (e, params) => readOne(e, role, params),

  async getMany(e, params) {
    const body = await e.http.request<{ roles: Raw[] }>(e.path(), { signal: params.signal });
    const wanted = new Set(params.ids.map(String));
    return (body?.roles ?? []).filter((r) => wanted.has(String(r.id))).map((r) => e.toRecord(r));
  },

  delete: (e, params) => deleteOne(e, role, params),
  deleteMany: (e, params) => deleteEach(e, role, params),
};
