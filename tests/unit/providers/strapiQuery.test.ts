import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { buildFilters, collectionListQuery, sortParam, stringifyQuery, usersListQuery, withQuery } from '../../../src/providers/strapiQuery';

describe('buildFilters: react-admin filters to Strapi filters', () => {
  it('maps a plain value to $eq and an array to $in', () => {
    expect(buildFilters({ zone: 'Kawéni', priority: ['haute', 'critique'] })).toEqual({
      zone: { $eq: 'Kawéni' },
      priority: { $in: ['haute', 'critique'] },
    });
  });

  it.each([
    ['title_ne', '$ne', 'x'],
    ['latitude_lt', '$lt', 3],
    ['latitude_lte', '$lte', 3],
    ['latitude_gt', '$gt', 3],
    ['latitude_gte', '$gte', 3],
    ['zone_in', '$in', ['Cavani']],
    ['zone_nin', '$notIn', ['Cavani']],
    ['title_containsi', '$containsi', 'lamp'],
    ['title_ncontainsi', '$notContainsi', 'lamp'],
    ['title_ncontains', '$notContains', 'lamp'],
    ['title_startswithi', '$startsWithi', 'lamp'],
  ])('maps the suffix of %s to %s', (key, operator, value) => {
    const field = key.slice(0, key.lastIndexOf('_'));
    expect(buildFilters({ [key]: value })).toEqual({ [field]: { [operator]: value } });
  });

  it('maps _null to $null with a boolean', () => {
    expect(buildFilters({ assignedTo_null: 'true', service_null: false })).toEqual({
      assignedTo: { $null: true },
      service: { $null: false },
    });
  });

  it('keeps two operators on one field', () => {
    expect(buildFilters({ date_gte: '2026-01-01', date_lte: '2026-12-31' })).toEqual({
      date: { $gte: '2026-01-01', $lte: '2026-12-31' },
    });
  });

  it('turns q into an $or of $containsi over the search fields', () => {
    expect(buildFilters({ q: ' lampadaire ' }, { searchFields: ['title', 'description'] })).toEqual({
      $or: [{ title: { $containsi: 'lampadaire' } }, { description: { $containsi: 'lampadaire' } }],
    });
  });

  it('combines q with other filters under $and', () => {
    expect(buildFilters({ q: 'x', zone: 'Cavani' }, { searchFields: ['title'] })).toEqual({
      $and: [{ zone: { $eq: 'Cavani' } }, { $or: [{ title: { $containsi: 'x' } }] }],
    });
  });

  it('skips empty values and an empty q', () => {
    expect(buildFilters({ q: '  ', zone: '', tags: [], service: undefined }, { searchFields: ['title'] })).toEqual({});
  });

  it('maps id to documentId and dotted or nested keys to relation filters', () => {
    expect(buildFilters({ id: ['a', 'b'], 'role.name': 'Editor' }, { idField: 'documentId' })).toEqual({
      documentId: { $in: ['a', 'b'] },
      role: { name: { $eq: 'Editor' } },
    });
    expect(buildFilters({ role: { id: 3 } })).toEqual({ role: { id: { $eq: 3 } } });
  });
});

describe('stringifyQuery (as qs writes it for Strapi)', () => {
  it('writes bracket notation with indexes, keys readable and values encoded', () => {
    const query = stringifyQuery({ filters: { title: { $containsi: 'é & ?' } }, sort: ['createdAt:desc'] });
    expect(query).toBe('filters[title][$containsi]=%C3%A9%20%26%20%3F&sort[0]=createdAt%3Adesc');
    expect(decodeURIComponent(query)).toBe('filters[title][$containsi]=é & ?&sort[0]=createdAt:desc');
  });

  it('indexes arrays of objects, writes Dates as ISO strings and null as empty, leaves undefined out', () => {
    const query = stringifyQuery({
      filters: { $and: [{ zone: { $in: ['Kawéni', 'Cavani'] } }, { createdAt: { $gte: new Date(Date.UTC(2025, 0, 31)) } }] },
      assignedTo: null,
      service: undefined,
    });
    expect(decodeURIComponent(query).split('&')).toEqual([
      'filters[$and][0][zone][$in][0]=Kawéni',
      'filters[$and][0][zone][$in][1]=Cavani',
      'filters[$and][1][createdAt][$gte]=2025-01-31T00:00:00.000Z',
      'assignedTo=',
    ]);
  });

  it('writes exactly what qs writes with the options Strapi documents', () => {
    const samples: Record<string, unknown>[] = [
      { filters: { $or: [{ title: { $containsi: "l'éclairage (rue) *!~-_." } }, { id: { $eq: 12 } }] }, pagination: { page: 3, pageSize: 25, withCount: true } },
      { sort: ['priorityRank:desc', 'createdAt:desc'], fields: ['title', 'zone'], populate: { photos: { fields: ['url'] }, author: true } },
      { filters: { date: { $gte: new Date(Date.UTC(2026, 10, 23, 4)) }, tags: { $in: [] } }, search: 'é/è?#&=+%', empty: {}, nothing: null, gone: undefined },
      { weeks: ['2026-09-28T20:00:00.000Z', '2026-10-05T20:00:00.000Z'], flag: false, zero: 0, emoji: '🚧 travaux' },
    ];
    for (const params of samples) expect(stringifyQuery(params)).toBe(qs.stringify(params, { encodeValuesOnly: true, arrayFormat: 'indices' }));
  });

  it('withQuery leaves a path alone when there is nothing to ask', () => {
    expect(withQuery('/api/reports', {})).toBe('/api/reports');
    expect(withQuery('/api/reports', { populate: ['photos'] })).toBe('/api/reports?populate[0]=photos');
  });
});

describe('collectionListQuery and usersListQuery', () => {
  it('pages with pagination[page]/[pageSize], sorts with sort[0], populates what the config lists', () => {
    expect(
      collectionListQuery(
        { pagination: { page: 2, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} },
        { populate: ['photos'] },
      ),
    ).toEqual({ pagination: { page: 2, pageSize: 25 }, sort: ['createdAt:desc'], populate: ['photos'] });
  });

  it('never populates with * when the config lists nothing', () => {
    const query = collectionListQuery({ pagination: { page: 1, perPage: 10 } }, {});
    expect(query).not.toHaveProperty('populate');
  });

  it('pages users with start and limit', () => {
    expect(
      usersListQuery(
        { pagination: { page: 3, perPage: 20 }, sort: { field: 'username', order: 'ASC' }, filter: { status: 'actif' } },
        { populate: ['role'] },
      ),
    ).toEqual({ start: 40, limit: 20, sort: ['username:asc'], filters: { status: { $eq: 'actif' } }, populate: ['role'] });
  });

  it('leaves the search to a backend that searches itself: q goes as search=, not as filters', () => {
    const filter = { q: '  Kawéni ', zone: 'Cavani' };
    expect(collectionListQuery({ pagination: { page: 1, perPage: 25 }, filter }, { serverSearch: true, searchFields: ['title'] })).toEqual({
      pagination: { page: 1, pageSize: 25 },
      filters: { zone: { $eq: 'Cavani' } },
      search: 'Kawéni',
    });
    expect(usersListQuery({ pagination: { page: 1, perPage: 10 }, filter: { q: 'awa' } }, { serverSearch: true })).toEqual({ start: 0, limit: 10, search: 'awa' });
    expect(collectionListQuery({ pagination: { page: 1, perPage: 25 }, filter: { q: '   ' } }, { serverSearch: true })).not.toHaveProperty('search');
  });

  it('sorts a key mapped to several fields on each in turn: the directory, featured first then by name', () => {
    const sortFields = { featured: ['featured', 'name:asc'], priority: 'priorityRank' };
    expect(sortParam({ field: 'featured', order: 'DESC' }, 'documentId', sortFields)).toEqual(['featured:desc', 'name:asc']);
    expect(sortParam({ field: 'featured', order: 'ASC' }, 'documentId', sortFields)).toEqual(['featured:asc', 'name:asc']);
    expect(sortParam({ field: 'priority', order: 'DESC' }, 'documentId', sortFields)).toEqual(['priorityRank:desc']);
    expect(sortParam({ field: 'id', order: 'ASC' }, 'documentId', sortFields)).toEqual(['documentId:asc']);
  });
});
