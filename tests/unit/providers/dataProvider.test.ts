import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { BulkMutationError } from '../../../src/providers/bulkMutationError';
import { createStrapiDataProvider } from '../../../src/providers/dataProvider';
import { mockFetch, queryObject, queryPairs } from '../../support/mockFetch';

const resources = {
  signalements: {
    endpoint: 'reports',
    populate: ['photos'],
    searchFields: ['title', 'description', 'type', 'zone'],
    mediaFields: ['photos'],
    sortFields: { priority: 'priorityRank', report_status: 'statusRank' },
  },
  actualites: {
    endpoint: 'articles',
    populate: ['coverImage'],
    populateOne: ['coverImage', 'gallery'],
    mediaFields: ['coverImage', 'gallery'],
  },
  evenements: { endpoint: 'events', mediaFields: ['image'] },
  utilisateurs: { endpoint: 'users', kind: 'users' as const, populate: ['role'], searchFields: ['username', 'email'], relations: ['role'] },
  commentaires: { endpoint: 'comments', relations: ['report', 'author'] },
  settings: { endpoint: 'setting', kind: 'single' as const },
};

function setup() {
  const api = mockFetch();
  const provider = createStrapiDataProvider({ apiUrl: 'http://api.test', resources, getToken: () => 'jwt', fetch: api.fetch });
  return { api, provider };
}

const report = (documentId: string, extra: Record<string, unknown> = {}) => ({
  id: Number(documentId.replace(/\D/g, '')) || 1,
  documentId,
  title: `Report ${documentId}`,
  ...extra,
});

describe('getList', () => {
  it('asks for a page, a sort, the filters and the configured populate, and reads meta.pagination.total', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports', {
      body: { data: [report('r1'), report('r2')], meta: { pagination: { page: 2, pageSize: 2, pageCount: 5, total: 9 } } },
    });
    const result = await provider.getList('signalements', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { report_status: 'nouveau', priority: ['haute', 'critique'], q: 'lampe' },
    });
    expect(queryPairs(api.last())).toEqual([
      ['pagination[page]', '2'],
      ['pagination[pageSize]', '2'],
      ['sort[0]', 'createdAt:desc'],
      ['filters[$and][0][report_status][$eq]', 'nouveau'],
      ['filters[$and][0][priority][$in][0]', 'haute'],
      ['filters[$and][0][priority][$in][1]', 'critique'],
      ['filters[$and][1][$or][0][title][$containsi]', 'lampe'],
      ['filters[$and][1][$or][1][description][$containsi]', 'lampe'],
      ['filters[$and][1][$or][2][type][$containsi]', 'lampe'],
      ['filters[$and][1][$or][3][zone][$containsi]', 'lampe'],
      ['populate[0]', 'photos'],
    ]);
    expect(result.total).toBe(9);
    expect(result.data.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(api.last().headers.Authorization).toBe('Bearer jwt');
  });

  it('uses id = documentId and makes media URLs absolute', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports', {
      body: { data: [report('abc', { photos: [{ id: 7, url: '/uploads/p.jpg', mime: 'image/jpeg' }] })], meta: { pagination: { total: 1 } } },
    });
    const { data } = await provider.getList('signalements', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(data[0]).toMatchObject({ id: 'abc', documentId: 'abc', photos: [{ id: 7, url: 'http://api.test/uploads/p.jpg' }] });
  });

  it('reads users as a plain array with start/limit and /api/users/count', async () => {
    const { api, provider } = setup();
    api
      .on('GET', '/api/users', { body: [{ id: 4, username: 'awa', email: 'a@m.test', role: { id: 2, name: 'Editor' } }] })
      .on('GET', '/api/users/count', { body: 31 });
    const result = await provider.getList('utilisateurs', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'username', order: 'ASC' },
      filter: { q: 'awa' },
    });
    const list = api.calls.find((c) => c.path === '/api/users')!;
    const count = api.calls.find((c) => c.path === '/api/users/count')!;
    expect(queryObject(list)).toEqual({
      start: '10',
      limit: '10',
      'sort[0]': 'username:asc',
      'filters[$or][0][username][$containsi]': 'awa',
      'filters[$or][1][email][$containsi]': 'awa',
      'populate[0]': 'role',
    });
    expect(queryObject(count)).toEqual({
      'filters[$or][0][username][$containsi]': 'awa',
      'filters[$or][1][email][$containsi]': 'awa',
    });
    expect(result).toEqual({ data: [{ id: 4, username: 'awa', email: 'a@m.test', role: { id: 2, name: 'Editor' } }], total: 31 });
  });
});

describe('getOne, getMany, getManyReference', () => {
  it('getOne reads /api/{endpoint}/{documentId} with the show populate', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/articles/d1', { body: { data: { id: 1, documentId: 'd1', title: 'A', coverImage: { id: 3, url: '/uploads/c.jpg', mime: 'image/jpeg' } } } });
    const { data } = await provider.getOne('actualites', { id: 'd1' });
    expect(api.last().query).toBe('populate[0]=coverImage&populate[1]=gallery');
    expect(data).toMatchObject({ id: 'd1', title: 'A', coverImage: { id: 3, url: 'http://api.test/uploads/c.jpg' } });
  });

  it('getMany filters documentId with $in', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports', { body: { data: [report('a'), report('b')], meta: { pagination: { total: 2 } } } });
    const { data } = await provider.getMany('signalements', { ids: ['a', 'b'] });
    expect(queryPairs(api.last())).toEqual([
      ['filters[documentId][$in][0]', 'a'],
      ['filters[documentId][$in][1]', 'b'],
      ['pagination[page]', '1'],
      ['pagination[pageSize]', '2'],
      ['populate[0]', 'photos'],
    ]);
    expect(data.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('getMany on users filters numeric ids', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/users', { body: [{ id: 1 }, { id: 2 }] });
    await provider.getMany('utilisateurs', { ids: [1, 2] });
    expect(queryObject(api.last())).toMatchObject({ 'filters[id][$in][0]': '1', 'filters[id][$in][1]': '2', start: '0', limit: '2' });
  });

  it('getManyReference adds the target filter', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports', { body: { data: [], meta: { pagination: { total: 0 } } } });
    await provider.getManyReference('signalements', {
      target: 'zone',
      id: 'Cavani',
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(queryObject(api.last())['filters[zone][$eq]']).toBe('Cavani');
  });
});

describe('per-call populate and fields (meta)', () => {
  const emptyPage = { body: { data: [], meta: { pagination: { total: 0 } } } };
  const listParams = { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };

  it('getList: meta.fields selects the scalar attributes and meta.populate replaces the configured populate', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports', emptyPage);
    await provider.getList('signalements', { ...listParams, meta: { fields: ['title', 'report_status', 'createdAt'], populate: [] } });
    expect(queryPairs(api.last())).toEqual([
      ['pagination[page]', '1'],
      ['pagination[pageSize]', '10'],
      ['sort[0]', 'createdAt:desc'],
      ['fields[0]', 'title'],
      ['fields[1]', 'report_status'],
      ['fields[2]', 'createdAt'],
    ]);
    await provider.getList('signalements', { ...listParams, meta: { populate: { photos: { fields: ['url', 'mime'] } } } });
    expect(queryObject(api.last())).toMatchObject({ 'populate[photos][fields][0]': 'url', 'populate[photos][fields][1]': 'mime' });
    expect(api.last().query).not.toContain('fields[0]=');
  });

  it('keeps media, relations, dotted paths and id out of fields (Strapi refuses them there; it always answers id and documentId)', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports', emptyPage);
    await provider.getList('signalements', { ...listParams, meta: { fields: ['id', 'title', 'photos', 'assignee.name'] } });
    const query = queryObject(api.last());
    expect(Object.entries(query).filter(([key]) => key.startsWith('fields'))).toEqual([['fields[0]', 'title']]);
    expect(query['populate[0]']).toBe('photos');
  });

  it('never asks for fields or populate with * (no meta: the configured populate and every field)', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports', emptyPage);
    await provider.getList('signalements', { ...listParams, meta: { fields: [] } });
    expect(api.last().query).not.toMatch(/fields|\*/);
    expect(queryObject(api.last())['populate[0]']).toBe('photos');
  });

  it('getOne: meta wins over populateOne; an empty populate asks for nothing', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/articles/d1', { body: { data: { id: 1, documentId: 'd1', title: 'A' } } });
    await provider.getOne('actualites', { id: 'd1', meta: { fields: ['title', 'summary'], populate: ['coverImage'] } });
    expect(queryObject(api.last())).toEqual({ 'fields[0]': 'title', 'fields[1]': 'summary', 'populate[0]': 'coverImage' });
    await provider.getOne('actualites', { id: 'd1', meta: { populate: [] } });
    expect(api.last().url).toBe('http://api.test/api/articles/d1');
    await provider.getOne('actualites', { id: 'd1' });
    expect(api.last().query).toBe('populate[0]=coverImage&populate[1]=gallery');
  });

  it('getMany honours meta too', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports', emptyPage);
    await provider.getMany('signalements', { ids: ['a'], meta: { fields: ['title'], populate: [] } });
    expect(queryObject(api.last())).toEqual({
      'filters[documentId][$in][0]': 'a',
      'pagination[page]': '1',
      'pagination[pageSize]': '1',
      'fields[0]': 'title',
    });
  });

  it('users: getList and getOne select fields and populate per call; the count keeps only the filters', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/users', { body: [] }).on('GET', '/api/users/count', { body: 0 }).on('GET', '/api/users/4', { body: { id: 4, username: 'awa' } });
    await provider.getList('utilisateurs', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'username', order: 'ASC' },
      filter: { status: 'actif' },
      meta: { fields: ['username', 'email', 'role'], populate: [] },
    });
    expect(queryObject(api.calls.find((c) => c.path === '/api/users')!)).toEqual({
      start: '0',
      limit: '5',
      'sort[0]': 'username:asc',
      'filters[status][$eq]': 'actif',
      'fields[0]': 'username',
      'fields[1]': 'email',
    });
    expect(queryObject(api.calls.find((c) => c.path === '/api/users/count')!)).toEqual({ 'filters[status][$eq]': 'actif' });
    await provider.getOne('utilisateurs', { id: 4, meta: { fields: ['username'], populate: { role: { fields: ['name'] } } } });
    expect(queryObject(api.last())).toEqual({ 'fields[0]': 'username', 'populate[role][fields][0]': 'name' });
  });
});

describe('sort field mapping', () => {
  it('sorts priorities and statuses on the backend ranks the endpoint maps them to, other fields as they are', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports', { body: { data: [], meta: { pagination: { total: 0 } } } });
    const sortOn = async (field: string, order: 'ASC' | 'DESC') => {
      await provider.getList('signalements', { pagination: { page: 1, perPage: 10 }, sort: { field, order }, filter: {} });
      return queryObject(api.last())['sort[0]'];
    };
    expect(await sortOn('priority', 'DESC')).toBe('priorityRank:desc');
    expect(await sortOn('report_status', 'ASC')).toBe('statusRank:asc');
    expect(await sortOn('title', 'ASC')).toBe('title:asc');
  });
});

describe('getManyReference on a relation', () => {
  const page = { body: { data: [], meta: { pagination: { total: 0 } } } };

  it('filters the related record by documentId, with paging, sort and extra filters as getList', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/comments', page);
    await provider.getManyReference('commentaires', {
      target: 'report',
      id: 'r1',
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { visible: true },
    });
    expect(queryPairs(api.last())).toEqual([
      ['pagination[page]', '2'],
      ['pagination[pageSize]', '5'],
      ['sort[0]', 'createdAt:desc'],
      ['filters[visible][$eq]', 'true'],
      ['filters[report][documentId][$eq]', 'r1'],
    ]);
  });

  it('a users-permissions record keeps its numeric id: the users kind, or a numeric id', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/users', { body: [] }).on('GET', '/api/users/count', { body: 0 }).on('GET', '/api/comments', page);
    await provider.getManyReference('utilisateurs', { target: 'role', id: 3, pagination: { page: 1, perPage: 10 }, sort: { field: 'username', order: 'ASC' }, filter: {} });
    expect(queryObject(api.calls.find((c) => c.path === '/api/users')!)).toMatchObject({ 'filters[role][id][$eq]': '3', start: '0', limit: '10' });
    await provider.getManyReference('commentaires', { target: 'author', id: 7, pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(queryObject(api.last())['filters[author][id][$eq]']).toBe('7');
  });

  it('a target that is not a declared relation keeps the plain equality', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/comments', page);
    await provider.getManyReference('commentaires', { target: 'zone', id: 'Cavani', pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(queryObject(api.last())['filters[zone][$eq]']).toBe('Cavani');
  });
});

describe('create, update, delete', () => {
  it('create wraps the body in {data} and strips read-only fields', async () => {
    const { api, provider } = setup();
    api.on('POST', '/api/reports', (call) => ({ body: { data: { id: 9, documentId: 'new', ...(call.body as { data: object }).data } } }));
    const { data } = await provider.create('signalements', {
      data: { id: 'x', documentId: 'x', createdAt: 'c', updatedAt: 'u', publishedAt: 'p', title: 'Lampadaire', priority: 'haute' },
    });
    expect(api.last().body).toEqual({ data: { title: 'Lampadaire', priority: 'haute' } });
    expect(data).toMatchObject({ id: 'new', title: 'Lampadaire' });
  });

  it('update sends only what changed, in {data}', async () => {
    const { api, provider } = setup();
    api.on('PUT', '/api/reports/r1', { body: { data: report('r1', { report_status: 'resolu' }) } });
    const previousData = { id: 'r1', documentId: 'r1', title: 'T', report_status: 'nouveau', tags: ['a'] };
    const { data } = await provider.update('signalements', {
      id: 'r1',
      data: { ...previousData, report_status: 'resolu' },
      previousData,
    });
    expect(api.last().method).toBe('PUT');
    expect(api.last().body).toEqual({ data: { report_status: 'resolu' } });
    expect(data).toMatchObject({ id: 'r1', report_status: 'resolu' });
  });

  it('update sends populated relations back as documentIds and media as ids', async () => {
    const { api, provider } = setup();
    api.on('PUT', '/api/articles/d1', { body: { data: { documentId: 'd1' } } });
    await provider.update('actualites', {
      id: 'd1',
      data: { author: { documentId: 'u1', name: 'X' }, gallery: [{ id: 5, url: 'http://api.test/u/g.jpg' }], coverImage: null },
      previousData: { id: 'd1' },
    });
    expect(api.last().body).toEqual({ data: { author: 'u1', gallery: [5], coverImage: null } });
  });

  it('updateMany sends {data} for each id with bounded concurrency', async () => {
    const { api, provider } = setup();
    let inFlight = 0;
    let peak = 0;
    const slowFetch = async (input: string, init?: RequestInit) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return api.fetch(input, init);
    };
    api.on('PUT', /^\/api\/reports\//, { body: { data: {} } });
    const limited = createStrapiDataProvider({ apiUrl: 'http://api.test', resources, fetch: slowFetch, concurrency: 3 });
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const result = await limited.updateMany('signalements', { ids, data: { report_status: 'en_cours', id: 'z' } });
    expect(result.data).toEqual(ids);
    expect(api.calls.map((c) => c.path).sort()).toEqual(ids.map((id) => `/api/reports/${id}`));
    expect(api.calls.every((c) => JSON.stringify(c.body) === '{"data":{"report_status":"en_cours"}}')).toBe(true);
    expect(peak).toBeLessThanOrEqual(3);
    void provider;
  });

  it('delete returns previousData when the backend answers 204 with no body', async () => {
    const { api, provider } = setup();
    api.on('DELETE', '/api/reports/r1', { status: 204 });
    const previousData = { id: 'r1', title: 'T' };
    expect(await provider.delete('signalements', { id: 'r1', previousData })).toEqual({ data: previousData });
  });

  it('deleteMany deletes each id and answers the ids; a failure rejects', async () => {
    const { api, provider } = setup();
    api.on('DELETE', /^\/api\/reports\//, { status: 204 });
    expect(await provider.deleteMany('signalements', { ids: ['a', 'b'] })).toEqual({ data: ['a', 'b'] });
    api.on('DELETE', '/api/reports/c', { status: 403, statusText: 'Forbidden', body: { error: { message: 'Forbidden' } } });
    await expect(provider.deleteMany('signalements', { ids: ['c', 'd'] })).rejects.toThrow('Strapi 403: Forbidden');
  });

  it('users: create and update send the flat body, with role as its id', async () => {
    const { api, provider } = setup();
    api.on('PUT', '/api/users/4', { body: { id: 4, username: 'awa', role: { id: 3, name: 'Operator' } } });
    api.on('POST', '/api/users', { body: { id: 5, username: 'new' } });
    await provider.update('utilisateurs', {
      id: 4,
      data: { id: 4, username: 'awa', role: { id: 3, name: 'Operator' }, password: '' },
      previousData: { id: 4, username: 'awa', role: { id: 2, name: 'Editor' } },
    });
    expect(api.last().body).toEqual({ role: 3 });
    const { data } = await provider.create('utilisateurs', { data: { username: 'new', email: 'n@m.test', password: 'Secret123!', role: 2 } });
    expect(api.last().body).toEqual({ username: 'new', email: 'n@m.test', password: 'Secret123!', role: 2 });
    expect(data.id).toBe(5);
  });
});

describe('partial failures of updateMany and deleteMany', () => {
  it('updateMany attempts every id and rejects with a BulkMutationError naming which ids failed and which went through', async () => {
    const { api, provider } = setup();
    api
      .on('PUT', /^\/api\/reports\//, { body: { data: {} } })
      .on('PUT', '/api/reports/b', { status: 403, statusText: 'Forbidden', body: { error: { status: 403, message: 'Forbidden' } } })
      .on('PUT', '/api/reports/d', { status: 500, statusText: 'Internal Server Error', body: { error: { status: 500, message: 'Internal Server Error' } } });
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const error = await provider.updateMany('signalements', { ids, data: { report_status: 'resolu' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkMutationError);
    expect(error).toBeInstanceOf(HttpError);
    const bulk = error as BulkMutationError;
    expect(bulk.succeeded).toEqual(['a', 'c', 'e']);
    expect(bulk.failed.map((f) => f.id)).toEqual(['b', 'd']);
    expect(bulk.failed.map((f) => (f.error as HttpError).status)).toEqual([403, 500]);
    expect(bulk.status).toBe(403);
    expect(bulk.body).toEqual({ error: { status: 403, message: 'Forbidden' } });
    expect(bulk.message).toBe('Strapi 403: Forbidden (2/5 failed)');
    expect(bulk.name).toBe('BulkMutationError');
    expect(api.calls.map((c) => c.path).sort()).toEqual(ids.map((id) => `/api/reports/${id}`));
  });

  it('deleteMany does the same, and resolves the ids when every delete went through', async () => {
    const { api, provider } = setup();
    api.on('DELETE', /^\/api\/reports\//, { status: 204 }).on('DELETE', '/api/reports/a', { status: 404, statusText: 'Not Found', body: { error: { status: 404, message: 'Not Found' } } });
    const error = (await provider.deleteMany('signalements', { ids: ['a', 'b', 'c'] }).catch((e: unknown) => e)) as BulkMutationError;
    expect(error).toBeInstanceOf(BulkMutationError);
    expect(error).toMatchObject({ status: 404, succeeded: ['b', 'c'], failed: [{ id: 'a' }] });
    expect(api.calls).toHaveLength(3);
    expect(await provider.deleteMany('signalements', { ids: ['b', 'c'] })).toEqual({ data: ['b', 'c'] });
  });

  it('a network failure has no status: the BulkMutationError carries the thrown error as is', async () => {
    const failing = async () => {
      throw new TypeError('Failed to fetch');
    };
    const provider = createStrapiDataProvider({ apiUrl: 'http://api.test', resources, fetch: failing });
    const error = (await provider.deleteMany('signalements', { ids: ['a'] }).catch((e: unknown) => e)) as BulkMutationError;
    expect(error.status).toBe(0);
    expect(error.failed[0].error).toBeInstanceOf(TypeError);
    expect(error.succeeded).toEqual([]);
  });
});

describe('single type (settings)', () => {
  it('getOne reads /api/setting and update PUTs {data}', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/setting', { body: { data: { id: 1, documentId: 's', siteName: 'Mamoudzou' } } });
    api.on('PUT', '/api/setting', (call) => ({ body: { data: { id: 1, documentId: 's', ...(call.body as { data: object }).data } } }));
    const { data } = await provider.getOne('settings', { id: 'settings' });
    expect(api.last().path).toBe('/api/setting');
    expect(data.siteName).toBe('Mamoudzou');
    const updated = await provider.update('settings', { id: 'settings', data: { ...data, siteName: 'Mamoudzou Ville' }, previousData: data });
    expect(api.last()).toMatchObject({ method: 'PUT', path: '/api/setting', body: { data: { siteName: 'Mamoudzou Ville' } } });
    expect(updated.data.siteName).toBe('Mamoudzou Ville');
  });
});

describe('uploads', () => {
  it('uploads File values first (multipart field files, no JSON content type) and sends their ids', async () => {
    const { api, provider } = setup();
    let uploadCount = 10;
    api.on('POST', '/api/upload', (call) => {
      const form = call.rawBody as FormData;
      return { body: form.getAll('files').map(() => ({ id: uploadCount++, url: '/uploads/f.jpg' })) };
    });
    api.on('POST', '/api/articles', (call) => ({ body: { data: { documentId: 'n', ...(call.body as { data: object }).data } } }));
    const cover = new File(['c'], 'cover.jpg', { type: 'image/jpeg' });
    const g1 = new File(['1'], 'g1.jpg', { type: 'image/jpeg' });
    const g2 = new File(['2'], 'g2.jpg', { type: 'image/jpeg' });
    await provider.create('actualites', {
      data: { title: 'A', coverImage: { rawFile: cover, src: 'blob:x', title: 'cover.jpg' }, gallery: [{ id: 2, url: '/u/old.jpg' }, g1, { rawFile: g2 }] },
    });
    const uploads = api.calls.filter((c) => c.path === '/api/upload');
    expect(uploads).toHaveLength(2);
    expect(uploads[0].headers['Content-Type']).toBeUndefined();
    expect(uploads[0].headers.Authorization).toBe('Bearer jwt');
    expect((uploads[0].rawBody as FormData).getAll('files').map((f) => (f as File).name)).toEqual(['cover.jpg']);
    expect((uploads[1].rawBody as FormData).getAll('files').map((f) => (f as File).name)).toEqual(['g1.jpg', 'g2.jpg']);
    expect(api.last().body).toEqual({ data: { title: 'A', coverImage: 10, gallery: [2, 11, 12] } });
  });

  it('a failed upload raises "Upload failed: {status} {statusText}", with the code the screens say it by, whatever the field', async () => {
    const { api, provider } = setup();
    api.on('POST', '/api/upload', { status: 413, statusText: 'Payload Too Large', body: { error: { message: 'too big' } } });
    const file = new File(['x'], 'x.jpg', { type: 'image/jpeg' });
    for (const [resource, data] of [['signalements', { photos: [file] }], ['evenements', { image: file }], ['actualites', { coverImage: file }], ['actualites', { gallery: [file] }]] as const) {
      await expect(provider.create(resource, { data })).rejects.toMatchObject({ message: 'Upload failed: 413 Payload Too Large', status: 413, code: 'upload_failed' });
    }
    expect(api.calls.filter((c) => c.path !== '/api/upload')).toHaveLength(0);
  });
});

describe('errors and abort', () => {
  it('rejects with the Strapi message', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports/zz', { status: 404, statusText: 'Not Found', body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found' } } });
    await expect(provider.getOne('signalements', { id: 'zz' })).rejects.toMatchObject({ message: 'Strapi 404: Not Found', status: 404 });
  });

  it('passes the AbortSignal to fetch', async () => {
    const { api, provider } = setup();
    api.on('GET', '/api/reports', { body: { data: [], meta: { pagination: { total: 0 } } } });
    const controller = new AbortController();
    await provider.getList('signalements', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {}, signal: controller.signal });
    expect(api.last().signal).toBe(controller.signal);
    controller.abort();
    await expect(
      provider.getList('signalements', { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: {}, signal: controller.signal }),
    ).rejects.toThrow(/abort/i);
    expect(provider.supportAbortSignal).toBe(true);
  });
});

describe('roles (users-permissions)', () => {
  it('lists /api/users-permissions/roles from its {roles} answer, sorted and paged in memory', async () => {
    const api = mockFetch().on('GET', '/api/users-permissions/roles', {
      body: { roles: [{ id: 3, name: 'Editor' }, { id: 1, name: 'Administrator' }, { id: 5, name: 'Author' }] },
    });
    const provider = createStrapiDataProvider({
      apiUrl: 'http://api.test',
      resources: { roles: { endpoint: 'users-permissions/roles', kind: 'roles' } },
      fetch: api.fetch,
    });
    const list = await provider.getList('roles', { pagination: { page: 1, perPage: 2 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(list).toEqual({ data: [{ id: 1, name: 'Administrator' }, { id: 5, name: 'Author' }], total: 3 });
    const many = await provider.getMany('roles', { ids: [3] });
    expect(many.data).toEqual([{ id: 3, name: 'Editor' }]);
  });

  it('deletes a role (its {ok} answer gives way to the record react-admin had) and refuses the writes it has no route for, without a request', async () => {
    const api = mockFetch().on('DELETE', '/api/users-permissions/roles/7', { body: { ok: true } });
    const provider = createStrapiDataProvider({
      apiUrl: 'http://api.test',
      resources: { roles: { endpoint: 'users-permissions/roles', kind: 'roles' } },
      fetch: api.fetch,
    });
    expect(await provider.delete('roles', { id: 7, previousData: { id: 7, name: 'Temp' } })).toEqual({ data: { id: 7, name: 'Temp' } });
    await expect(provider.create('roles', { data: { name: 'X' } })).rejects.toThrow('create is not offered by the roles endpoint /api/users-permissions/roles');
    await expect(provider.update('roles', { id: 7, data: { name: 'X' }, previousData: { id: 7 } })).rejects.toThrow(/not offered/);
    expect(api.calls).toHaveLength(1);
  });
});

describe('getOne of a missing user', () => {
  it('turns the empty answer of users-permissions into a 404', async () => {
    const api = mockFetch().on('GET', '/api/users/99', { body: null });
    const provider = createStrapiDataProvider({ apiUrl: 'http://api.test', resources, fetch: api.fetch });
    await expect(provider.getOne('utilisateurs', { id: 99 })).rejects.toMatchObject({ status: 404, message: 'Strapi 404: Not Found' });
  });
});
