import { HttpError, type CreateParams, type DeleteManyParams, type DeleteParams, type GetOneParams, type Identifier, type RaRecord, type UpdateManyParams, type UpdateParams } from 'ra-core';
import { withQuery, withSelection } from '../strapiQuery';
import { runBulk } from './bulk';
import type { Endpoint, Raw } from './types';

/**
 * The record calls every kind makes the same way but for the shape of its bodies and answers and
 * the place of its record: Strapi's documents send and answer `{data}`, users-permissions' users
 * the fields themselves, its roles answer `{role}`; a single type's one record is at the endpoint itself.
 */
export interface RecordShape {
  /** The record in an answer (undefined or empty: there is none). */
  unwrap(body: unknown): Raw | undefined;
  /** The body of a create or update. */
  wrap(payload: Raw): unknown;
  /** The path of the record `id`. */
  at(e: Endpoint, id?: Identifier): string;
}

/** Strapi's documents in a collection: `{data}` both ways, each record at /api/{endpoint}/{documentId}. */
export const documents: RecordShape = {
  unwrap: (body) => (body as { data?: Raw } | null)?.data,
  wrap: (payload) => ({ data: payload }),
  at: (e, id) => e.path(id),
};

/** GET of one record with the call's selection; users-permissions answers an empty 200 for a user that does not exist: a 404. */
export async function readOne(e: Endpoint, shape: RecordShape, params: GetOneParams): Promise<RaRecord> {
  const query = withSelection({}, e.selection(params.meta, e.config.populateOne ?? e.config.populate));
  const body = await e.http.request<Raw>(withQuery(shape.at(e, params.id), query), { signal: params.signal });
  const raw = shape.unwrap(body);
  if (!raw || (typeof raw === 'object' && Object.keys(raw).length === 0)) throw new HttpError('Strapi 404: Not Found', 404, body);
  return e.toRecord(raw, params.id);
}

/** A new record: POST to the endpoint, or PUT for a single type (its one record always exists). */
export async function createOne(e: Endpoint, shape: RecordShape, params: CreateParams, method: 'POST' | 'PUT' = 'POST'): Promise<RaRecord> {
  const payload = await e.toPayload(params.data as Raw);
  const body = await e.http.request(shape.at(e), { method, body: shape.wrap(payload) });
  return e.toRecord(shape.unwrap(body), e.resource);
}

/** PUT of what changed since previousData. */
export async function updateOne(e: Endpoint, shape: RecordShape, params: UpdateParams): Promise<RaRecord> {
  const payload = await e.toPayload(params.data as Raw, params.previousData as Raw | undefined);
  // A queued write's keys (src/offline) ride in the call's meta.
  const headers = (params.meta as { headers?: Record<string, string> } | undefined)?.headers;
  const body = await e.http.request(shape.at(e, params.id), { method: 'PUT', body: shape.wrap(payload), headers });
  return e.toRecord(shape.unwrap(body), params.id);
}

/** The same change PUT to each record. */
export async function updateEach(e: Endpoint, shape: RecordShape, params: UpdateManyParams): Promise<Identifier[]> {
  const payload = await e.toPayload(params.data as Raw);
  return runBulk(params.ids, e.concurrency, (id) => e.http.request(shape.at(e, id), { method: 'PUT', body: shape.wrap(payload) }));
}

/** DELETE; the record the backend answers, else the one react-admin had (a 204 answers nothing). */
export async function deleteOne(e: Endpoint, shape: RecordShape, params: DeleteParams): Promise<RaRecord> {
  const body = await e.http.request(shape.at(e, params.id), { method: 'DELETE' });
  const raw = shape.unwrap(body);
  return raw ? e.toRecord(raw, params.id) : ((params.previousData ?? { id: params.id }) as RaRecord);
}

export function deleteEach(e: Endpoint, shape: RecordShape, params: DeleteManyParams): Promise<Identifier[]> {
  return runBulk(params.ids, e.concurrency, (id) => e.http.request(shape.at(e, id), { method: 'DELETE' }));
}
