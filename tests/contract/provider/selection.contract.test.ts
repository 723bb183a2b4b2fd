import { describe, expect, it } from 'vitest';
import type { HttpError, RaRecord } from 'ra-core';
import type { BulkMutationError } from '../../../src/providers/bulkMutationError';
import { frenchErrorMessage } from '../../../src/common/serverErrors';
import { loggedInAs, reportData } from './setup';

/**
 * What a call selects (meta.fields, meta.populate), relation references, partial bulk failures
 * and field-level errors, against the real Strapi backend with its demo data.
 */

const page = { pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };
const keysOf = (records: RaRecord[]) => [...new Set(records.flatMap((r) => Object.keys(r)))].sort();

describe('meta.fields and meta.populate', () => {
  it('meta.fields limits the attributes a list answers (id and documentId always come)', async () => {
    const { dataProvider } = await loggedInAs('editor');
    const full = await dataProvider.getList('signalements', page);
    expect(keysOf(full.data)).toEqual(expect.arrayContaining(['description', 'address', 'citizenEmail']));
    const slim = await dataProvider.getList('signalements', { ...page, meta: { fields: ['title', 'report_status', 'createdAt'], populate: [] } });
    expect(keysOf(slim.data)).toEqual(['createdAt', 'documentId', 'id', 'report_status', 'title']);
    expect(slim.total).toBe(full.total);
    expect(slim.data.map((r) => r.id)).toEqual(full.data.map((r) => r.id));
  });

  it('meta.populate brings media (absolute URLs) beside the selected fields, and [] leaves them out', async () => {
    const { dataProvider, apiUrl } = await loggedInAs('editor');
    const withCover = await dataProvider.getList('actualites', { ...page, meta: { fields: ['title'], populate: ['coverImage'] } });
    expect(keysOf(withCover.data)).toEqual(['coverImage', 'documentId', 'id', 'title']);
    const cover = withCover.data.find((r) => r.coverImage)?.coverImage as { url: string; mime: string } | undefined;
    expect(cover?.url.startsWith(`${apiUrl}/uploads/`)).toBe(true);
    expect(cover?.mime).toMatch(/^image\//);
    const bare = await dataProvider.getList('actualites', { ...page, meta: { fields: ['title'], populate: [] } });
    expect(keysOf(bare.data)).toEqual(['documentId', 'id', 'title']);
  });

  it('getOne honours meta too, on a collection and on users', async () => {
    const { dataProvider } = await loggedInAs('admin');
    const article = (await dataProvider.getList('actualites', { ...page, pagination: { page: 1, perPage: 1 } })).data[0];
    const one = await dataProvider.getOne('actualites', { id: article.id, meta: { fields: ['title', 'slug'], populate: ['gallery'] } });
    expect(Object.keys(one.data).sort()).toEqual(['documentId', 'gallery', 'id', 'slug', 'title']);
    const users = await dataProvider.getList('utilisateurs', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'username', order: 'ASC' },
      filter: {},
      meta: { fields: ['username'], populate: ['role'] },
    });
    expect(keysOf(users.data)).toEqual(['documentId', 'id', 'role', 'username']);
    const user = await dataProvider.getOne('utilisateurs', { id: users.data[0].id, meta: { fields: ['email'], populate: [] } });
    expect(Object.keys(user.data).sort()).toEqual(['documentId', 'email', 'id']);
  });
});

describe('getManyReference on a relation', () => {
  it('lists the users of a role, filtered on the role id', async () => {
    const { dataProvider } = await loggedInAs('admin', { utilisateurs: { relations: ['role'] } });
    const roles = await dataProvider.getList('roles', { pagination: { page: 1, perPage: 50 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    const editor = roles.data.find((r) => r.name === 'Editor')!;
    const editors = await dataProvider.getManyReference('utilisateurs', {
      target: 'role',
      id: editor.id,
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'username', order: 'ASC' },
      filter: {},
    });
    expect(editors.total).toBeGreaterThanOrEqual(1);
    expect(editors.data.every((u) => (u.role as { name: string }).name === 'Editor')).toBe(true);
    expect(editors.data.some((u) => u.email === 'editeur@mairie.test')).toBe(true);
  });
});

describe('partial bulk failures and field errors', () => {
  it('updateMany updates what it can and names the ids that failed', async () => {
    const { dataProvider } = await loggedInAs('editor');
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push(String((await dataProvider.create('signalements', { data: reportData() })).data.id));
    const missing = 'nexistepas000000000000000';
    const error = (await dataProvider.updateMany('signalements', { ids: [ids[0], missing, ids[1]], data: { report_status: 'en_cours' } }).catch((e: unknown) => e)) as BulkMutationError;
    expect(error.name).toBe('BulkMutationError');
    expect(error.status).toBe(404);
    expect(error.succeeded).toEqual(ids);
    expect(error.failed.map((f) => f.id)).toEqual([missing]);
    expect((await dataProvider.getMany('signalements', { ids })).data.map((r) => r.report_status)).toEqual(['en_cours', 'en_cours']);
    expect(frenchErrorMessage(error)).toBe("Cet élément n'existe plus.");
    await dataProvider.deleteMany('signalements', { ids });
  });

  it('a refused create names its fields in French under error.body.errors', async () => {
    const { dataProvider } = await loggedInAs('operator');
    const tooLong = (await dataProvider.create('signalements', { data: reportData({ title: 'A'.repeat(201), citizenEmail: 'pas-un-email' }) }).catch((e: unknown) => e)) as HttpError;
    expect(tooLong.status).toBe(400);
    expect(tooLong.message).toMatch(/^Strapi 400: /);
    expect(tooLong.body.errors).toEqual({ title: 'Ce champ ne peut pas dépasser 200 caractères', citizenEmail: 'Adresse email invalide' });
    const wrongSubType = (await dataProvider.create('signalements', { data: reportData({ type: 'Voirie', subType: 'Lampadaire éteint' }) }).catch((e: unknown) => e)) as HttpError;
    expect(wrongSubType.body.errors).toEqual({ subType: "Le sous-type « Lampadaire éteint » n'appartient pas au type « Voirie »" });
    expect(frenchErrorMessage(wrongSubType)).toBe('Vérifiez les champs signalés.');
  });
});
