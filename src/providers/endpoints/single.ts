import { createOne, deleteEach, deleteOne, documents, readOne, updateEach, updateOne, type RecordShape } from './calls';
import type { EndpointAdapter } from './types';

/** A single type's one document lives at the endpoint itself, whatever id react-admin gives. */
const theDocument: RecordShape = { ...documents, at: (e) => e.path() };

/** A Strapi single type (the settings): one document, read as a list of one; "creating" it writes it. */
export const single: EndpointAdapter = {
  idField: 'documentId',

  async getList(e, params) {
    const data = await single.getOne(e, { id: e.resource, signal: params.signal });
    return { data: [data], total: 1 };
  },

  getOne: (e, params) => readOne(e, theDocument, params),

  async getMany(e, params) {
    return [await single.getOne(e, { id: params.ids[0] })];
  },

  create: (e, params) => createOne(e, theDocument, params, 'PUT'),
  update: (e, params) => updateOne(e, theDocument, params),
  updateMany: (e, params) => updateEach(e, theDocument, params),
  delete: (e, params) => deleteOne(e, theDocument, params),
  deleteMany: (e, params) => deleteEach(e, theDocument, params),
};
