import { describe, expect, it } from 'vitest';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { defineAttributes } from '../../../domain/attributes';
import { withAttributes } from '../../../domain/resources';
import { defineResource } from '../../../src/generic/defineResource';
import { defineEntry } from '../../../src/generic/resourceEntry';

/**
 * A field's name is typed wherever a list of fields appears: each misspelt name below fails
 * `npx tsc -p . --noEmit` (its `@ts-expect-error` would itself fail the type check if the error went away),
 * and stops the app in development and the tests when the table or the configuration is made (a phone's start does not check),
 * for the code the type check does not see.
 */

const entry = defineEntry('poi', { icon: PlaceIcon, menu: false, views: { list: true } });
const screen = { labels: { name: 'Nom', category: 'Catégorie', status: 'Statut' }, fields: { name: {}, category: {}, status: {} } };
const list = { columns: ['name' as const], sort: { field: 'name' as const, order: 'ASC' as const } };

const MISSPELT: Record<string, () => unknown> = {
  'a column': () =>
    defineResource(entry, {
      ...screen,
      list: {
        // @ts-expect-error a misspelt column
        columns: ['nmae'],
        sort: { field: 'name', order: 'ASC' },
      },
    }),
  'an export column': () =>
    defineResource(entry, {
      ...screen,
      list,
      // @ts-expect-error a misspelt export column
      exportColumns: [{ key: 'nom', source: 'nmae' }],
    }),
  'a field of a form section': () =>
    defineResource(entry, {
      ...screen,
      list,
      form: {
        // @ts-expect-error a misspelt field of a form's section
        sections: [{ title: 'Informations', fields: ['name', 'categroy'] }],
      },
    }),
  'a filter': () =>
    defineResource(entry, {
      ...screen,
      list,
      // @ts-expect-error a misspelt filter
      filters: [{ source: 'q' }, { source: 'stauts' }],
    }),
  'a search field': () =>
    withAttributes({
      key: 'room',
      attributes: defineAttributes({ name: { type: 'string', required: true } }),
      // @ts-expect-error a misspelt search field
      searchFields: ['nmae'],
    }),
};

describe('a misspelt field', () => {
  it.each(Object.keys(MISSPELT))('in %s is a type error, and stops the app at once', (where) => {
    expect(MISSPELT[where]).toThrow(/champ inconnu/i);
  });

  it('refined by a definition is neither an attribute nor a field of its own (it has no type): it stops the app too', () => {
    expect(() => defineResource(entry, { ...screen, list, labels: { nmae: 'Nom' } as never, fields: { nmae: {} } as never })).toThrow('Champ inconnu de domain/attributes : poi.nmae');
  });

  it('spelt right, makes the configuration', () => {
    expect(defineResource(entry, { ...screen, list, filters: [{ source: 'q' }, { source: 'status' }], form: { sections: [{ title: 'Informations', fields: ['name'] }] } }).list.columns).toEqual(['name']);
  });
});
