import { describe, expect, it } from 'vitest';
import { formValuesOf } from '../../../src/generic/payload';
import type { ResourceConfig } from '../../../src/generic/types';

/** A relation chosen in a select: the edit form holds the related record's id, where the record read holds the record itself. */
const config = {
  fields: [
    { source: 'designation', label: 'Désignation', type: 'text' },
    { source: 'place', label: 'Lieu', type: 'relation', reference: 'poi' },
    { source: 'places', label: 'Lieux', type: 'relation', reference: 'poi' },
    { source: 'role', label: 'Rôle', type: 'relation', reference: 'roles', input: () => null },
  ],
} as unknown as ResourceConfig;

describe('the values an edit form starts from', () => {
  it('a populated relation becomes its documentId (or id), one or several; a relation with its own input is left to it', () => {
    const record = { id: 'r1', designation: 'Salle', place: { documentId: 'p1', name: 'Plage' }, places: [{ documentId: 'p2' }, { id: 7 }], role: { id: 3, name: 'Éditeur' } };
    expect(formValuesOf(config, record)).toEqual({ id: 'r1', designation: 'Salle', place: 'p1', places: ['p2', 7], role: { id: 3, name: 'Éditeur' } });
  });

  it('a record without a populated relation is the same object', () => {
    const record = { id: 'r2', designation: 'Salle', place: 'p1' };
    expect(formValuesOf(config, record)).toBe(record);
    expect(formValuesOf(config, undefined)).toBeUndefined();
  });
});
