import { describe, expect, it } from 'vitest';
import type { RaRecord } from 'ra-core';
import { loggedInAs, PNG_1PX, providersFor, reportData, unique } from './setup';

/**
 * The SPA's data provider against the real Strapi backend (demo data seeded): every method,
 * filters and paging, uploads, errors, the settings single type and the users endpoints.
 */

const list = (resource: string, dp: Awaited<ReturnType<typeof loggedInAs>>['dataProvider'], params: Record<string, unknown> = {}) =>
  dp.getList(resource, {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: {},
    ...params,
  }) as Promise<{ data: RaRecord[]; total: number }>;

describe('lists: paging, sort, filters', () => {
  it('pages reports on the server with the total from meta.pagination', async () => {
    const { dataProvider } = await loggedInAs('editor');
    const first = await list('signalements', dataProvider, { pagination: { page: 1, perPage: 7 } });
    const second = await list('signalements', dataProvider, { pagination: { page: 2, perPage: 7 } });
    expect(first.total).toBeGreaterThanOrEqual(60);
    expect(first.data).toHaveLength(7);
    expect(second.data).toHaveLength(7);
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(14);
    expect(typeof first.data[0].id).toBe('string'); // documentId
    const dates = first.data.map((r) => r.createdAt as string);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters with plain values, arrays, suffix operators and q', async () => {
    const { dataProvider } = await loggedInAs('editor');
    const byStatus = await list('signalements', dataProvider, { filter: { report_status: 'nouveau' }, pagination: { page: 1, perPage: 100 } });
    expect(byStatus.total).toBeGreaterThan(0);
    expect(byStatus.data.every((r) => r.report_status === 'nouveau')).toBe(true);

    const byPriorities = await list('signalements', dataProvider, { filter: { priority: ['haute', 'critique'] }, pagination: { page: 1, perPage: 100 } });
    expect(byPriorities.data.every((r) => ['haute', 'critique'].includes(r.priority as string))).toBe(true);

    const notKaweni = await list('signalements', dataProvider, { filter: { zone_ne: 'Kawéni' }, pagination: { page: 1, perPage: 100 } });
    expect(notKaweni.data.some((r) => r.zone === 'Kawéni')).toBe(false);

    const notIn = await list('signalements', dataProvider, { filter: { zone_nin: ['Kawéni', 'Cavani'] }, pagination: { page: 1, perPage: 100 } });
    expect(notIn.data.some((r) => ['Kawéni', 'Cavani'].includes(r.zone as string))).toBe(false);

    const all = await list('signalements', dataProvider, { pagination: { page: 1, perPage: 1 } });
    const split = await Promise.all([
      list('signalements', dataProvider, { filter: { latitude_lt: -12.78 }, pagination: { page: 1, perPage: 1 } }),
      list('signalements', dataProvider, { filter: { latitude_gte: -12.78 }, pagination: { page: 1, perPage: 1 } }),
      list('signalements', dataProvider, { filter: { latitude_null: true }, pagination: { page: 1, perPage: 1 } }),
    ]);
    expect(split.reduce((sum, r) => sum + r.total, 0)).toBe(all.total);

    // Case-insensitive contains, directly and through q over the search fields.
    const some = byStatus.data[0];
    const word = String(some.title).split(' ')[0];
    const contains = await list('signalements', dataProvider, { filter: { title_containsi: word.toUpperCase() } });
    expect(contains.data.some((r) => r.id === some.id) || contains.total >= 10).toBe(true);
    const q = await list('signalements', dataProvider, { filter: { q: word.toLowerCase() }, pagination: { page: 1, perPage: 100 } });
    expect(q.total).toBeGreaterThanOrEqual(contains.total);
    const ncontains = await list('signalements', dataProvider, { filter: { title_ncontainsi: word }, pagination: { page: 1, perPage: 1 } });
    expect(ncontains.total + contains.total).toBe(all.total);
    const starts = await list('signalements', dataProvider, { filter: { title_startswithi: word.toLowerCase() }, pagination: { page: 1, perPage: 100 } });
    expect(starts.data.every((r) => String(r.title).toLowerCase().startsWith(word.toLowerCase()))).toBe(true);
  });

  it('getMany and getManyReference', async () => {
    const { dataProvider } = await loggedInAs('operator');
    const page = await list('signalements', dataProvider, { pagination: { page: 1, perPage: 3 } });
    const ids = page.data.map((r) => r.id);
    const many = await dataProvider.getMany('signalements', { ids });
    expect(many.data.map((r) => r.id).sort()).toEqual([...ids].sort());
    const zone = page.data[0].zone as string;
    const reference = await dataProvider.getManyReference('signalements', {
      target: 'zone',
      id: zone,
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(reference.data.every((r) => r.zone === zone)).toBe(true);
  });

  it('normalises media URLs to the backend address', async () => {
    const { dataProvider, apiUrl } = await loggedInAs('author');
    const slug = `couverture-${unique()}`;
    const cover = new File([PNG_1PX], 'couverture.png', { type: 'image/png' });
    const { data: article } = await dataProvider.create('actualites', {
      data: { title: 'Marché de nuit', slug, summary: 'Produits locaux sur le front de mer', date: new Date().toISOString(), coverImage: { rawFile: cover } },
    });
    try {
      const page = await list('actualites', dataProvider, { filter: { slug } });
      expect(page.data.map((r) => r.id)).toEqual([article.id]);
      // Strapi answers /uploads/...: the list's record carries the address the browser can load.
      const url = (page.data[0].coverImage as { url: string }).url;
      expect(url.startsWith(`${apiUrl}/uploads/`)).toBe(true);
      expect((await fetch(url)).headers.get('content-type')).toBe('image/png');
    } finally {
      await dataProvider.delete('actualites', { id: article.id, previousData: article });
    }
  });
});

describe('create, update, delete', () => {
  it('does the whole life of a report, the upload included', async () => {
    const { dataProvider, apiUrl } = await loggedInAs('operator');
    const photo = new File([PNG_1PX], 'nid-de-poule.png', { type: 'image/png' });
    const created = await dataProvider.create('signalements', { data: { ...reportData(), photos: [{ rawFile: photo }] } });
    expect(typeof created.data.id).toBe('string');
    expect(created.data.report_status).toBe('nouveau');

    const one = await dataProvider.getOne('signalements', { id: created.data.id });
    const photos = one.data.photos as { id: number; url: string }[];
    expect(photos).toHaveLength(1);
    expect(photos[0].url.startsWith(`${apiUrl}/uploads/`)).toBe(true);
    const image = await fetch(photos[0].url);
    expect(image.headers.get('content-type')).toBe('image/png');

    const updated = await dataProvider.update('signalements', {
      id: one.data.id,
      data: { ...one.data, report_status: 'en_cours', assignedTo: 'Équipe voirie' },
      previousData: one.data,
    });
    expect(updated.data).toMatchObject({ id: one.data.id, report_status: 'en_cours', assignedTo: 'Équipe voirie' });
    // The photo stayed linked (unchanged fields are not sent).
    expect(((await dataProvider.getOne('signalements', { id: one.data.id })).data.photos as unknown[]).length).toBe(1);
  });

  it('creates, updates and deletes an article; delete answers previousData; a deleted record is a 404', async () => {
    const { dataProvider } = await loggedInAs('author');
    const slug = `contrat-${unique()}`;
    const cover = new File([PNG_1PX], 'couverture.png', { type: 'image/png' });
    const { data: article } = await dataProvider.create('actualites', {
      data: { title: 'Fête de la musique', slug, summary: 'Concerts place de la mairie', date: new Date().toISOString(), coverImage: { rawFile: cover } },
    });
    expect(article).toMatchObject({ title: 'Fête de la musique', slug });
    const full = (await dataProvider.getOne('actualites', { id: article.id })).data;
    expect((full.coverImage as { url: string }).url).toMatch(/\.png$/);
    const { data: edited } = await dataProvider.update('actualites', { id: article.id, data: { ...full, summary: 'Concerts toute la soirée' }, previousData: full });
    expect(edited.summary).toBe('Concerts toute la soirée');
    const deleted = await dataProvider.delete('actualites', { id: article.id, previousData: edited });
    expect(deleted.data).toEqual(edited);
    await expect(dataProvider.getOne('actualites', { id: article.id })).rejects.toMatchObject({ status: 404, message: expect.stringMatching(/^Strapi 404: /) });
  });

  it('updateMany and deleteMany', async () => {
    const { dataProvider } = await loggedInAs('editor');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(String((await dataProvider.create('signalements', { data: reportData() })).data.id));
    expect(await dataProvider.updateMany('signalements', { ids, data: { report_status: 'resolu' } })).toEqual({ data: ids });
    const many = await dataProvider.getMany('signalements', { ids });
    expect(many.data.every((r) => r.report_status === 'resolu')).toBe(true);
    expect(await dataProvider.deleteMany('signalements', { ids })).toEqual({ data: ids });
    expect((await dataProvider.getMany('signalements', { ids })).data).toHaveLength(0);
  });
});

describe('errors', () => {
  it('a refused write raises "Strapi 403: ..." with the status', async () => {
    const { dataProvider } = await loggedInAs('author');
    await expect(dataProvider.create('signalements', { data: reportData() })).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(/^Strapi 403: /),
    });
  });

  it('a logged-out read of the audit log is refused', async () => {
    const { dataProvider } = providersFor();
    await expect(list('audit', dataProvider)).rejects.toMatchObject({ status: expect.any(Number), message: expect.stringMatching(/^Strapi (401|403): /) });
  });

  it('an invalid body raises "Strapi 400: {validation message}"', async () => {
    const { dataProvider } = await loggedInAs('editor');
    await expect(dataProvider.create('signalements', { data: { title: 'Sans zone' } })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Strapi 400: .+/),
    });
  });

  it('a rejected upload raises "Upload failed: {status} {statusText}"', async () => {
    const { dataProvider } = await loggedInAs('editor');
    const notAnImage = new File(['#!/bin/sh'], 'script.sh', { type: 'application/x-sh' });
    await expect(dataProvider.create('signalements', { data: { ...reportData(), photos: [notAnImage] } })).rejects.toThrow(/^Upload failed: 4\d\d /);
  });
});

describe('the settings single type', () => {
  it('reads /api/setting and an administrator updates it', async () => {
    const { dataProvider } = await loggedInAs('admin');
    const { data: before } = await dataProvider.getOne('settings', { id: 'settings' });
    expect(before.siteName).toBeTruthy();
    const { data: after } = await dataProvider.update('settings', { id: 'settings', data: { ...before, contactPhone: '+262 269 00 00 00' }, previousData: before });
    expect(after.contactPhone).toBe('+262 269 00 00 00');
    await dataProvider.update('settings', { id: 'settings', data: { ...after, contactPhone: before.contactPhone }, previousData: after });
  });

  it('an Author may read but not change it', async () => {
    const { dataProvider } = await loggedInAs('author');
    const { data } = await dataProvider.getOne('settings', { id: 'settings' });
    await expect(dataProvider.update('settings', { id: 'settings', data: { ...data, siteName: 'X' }, previousData: data })).rejects.toMatchObject({ status: 403 });
  });
});

describe('users and roles', () => {
  it('lists users as a plain array with start/limit, the total from /users/count, roles populated', async () => {
    const { dataProvider } = await loggedInAs('admin');
    const page = await dataProvider.getList('utilisateurs', { pagination: { page: 1, perPage: 2 }, sort: { field: 'username', order: 'ASC' }, filter: {} });
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.data).toHaveLength(2);
    expect(typeof page.data[0].id).toBe('number');
    const found = await dataProvider.getList('utilisateurs', { pagination: { page: 1, perPage: 10 }, sort: { field: 'username', order: 'ASC' }, filter: { q: 'editeur@' } });
    expect(found.total).toBe(1);
    expect(found.data[0]).toMatchObject({ email: 'editeur@mairie.test', role: { name: 'Editor' } });
  });

  it('creates, updates (role by id) and deletes a user', async () => {
    const { dataProvider } = await loggedInAs('admin');
    const roles = await dataProvider.getList('roles', { pagination: { page: 1, perPage: 50 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    const operator = roles.data.find((r) => r.name === 'Operator')!;
    const author = roles.data.find((r) => r.name === 'Author')!;
    const name = `agent${unique().replace(/\W/g, '')}`;
    const { data: created } = await dataProvider.create('utilisateurs', {
      data: { username: name, email: `${name}@mairie.test`, password: 'Secret123!', role: operator.id, service: 'Urbanisme', confirmed: true },
    });
    expect(typeof created.id).toBe('number');
    const { data: one } = await dataProvider.getOne('utilisateurs', { id: created.id });
    expect(one.role).toMatchObject({ name: 'Operator' });
    await dataProvider.update('utilisateurs', { id: one.id, data: { ...one, role: { id: author.id } }, previousData: one });
    expect((await dataProvider.getOne('utilisateurs', { id: one.id })).data.role).toMatchObject({ name: 'Author' });
    await dataProvider.delete('utilisateurs', { id: one.id, previousData: one });
    await expect(dataProvider.getOne('utilisateurs', { id: one.id })).rejects.toMatchObject({ status: 404 });
  });

  it('an Editor may not list users through the admin screens, the backend says 403 to writes', async () => {
    const { dataProvider } = await loggedInAs('editor');
    await expect(dataProvider.delete('utilisateurs', { id: 1, previousData: { id: 1 } })).rejects.toMatchObject({ status: 403 });
  });

  it('reads the aggregate /api/reports/stats', async () => {
    const { dataProvider } = await loggedInAs('operator');
    const stats = await (dataProvider as unknown as { get: <T>(p: string) => Promise<T> }).get<{ total: number; byStatus: Record<string, number> }>('/api/reports/stats');
    expect(stats.total).toBeGreaterThanOrEqual(60);
    expect(Object.values(stats.byStatus).reduce((a, b) => a + b, 0)).toBe(stats.total);
  });
});
