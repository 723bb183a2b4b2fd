import { describe, expect, it } from 'vitest';
import { createPayload, editPayload } from '../../../src/generic/payload';
import { fromTownInput } from '../../../src/i18n/dates';
import { actualites } from '../../../src/resources/actualites';
import { evenements } from '../../../src/resources/evenements';
import { loggedInAs, PNG_1PX, unique } from './setup';

/**
 * The news and events screens' calls through the SPA's providers against the real backend: an article
 * with a cover and a gallery and a rich-text body, an event with an image, created, edited and deleted
 * as the form dialogs send them; the accent-free search; an Author's publication refused under approval.
 */

const png = (name: string) => new File([PNG_1PX], name, { type: 'image/png' });
const text = (t: string, marks: Record<string, boolean> = {}) => ({ type: 'text', text: t, ...marks });
const BODY = [
  { type: 'heading', level: 2, children: [text('Programme')] },
  { type: 'paragraph', children: [text('Entrée '), text('gratuite', { bold: true }), text(' pour '), text('tous', { italic: true })] },
  { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [text('Concerts')] }, { type: 'list-item', children: [text('Ateliers')] }] },
  { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [text('Accueil')] }, { type: 'list-item', children: [text('Clôture')] }] },
];

describe('news against the real backend', () => {
  it('creates an article with a cover, a gallery and a rich-text body, edits it, deletes it', async () => {
    const { dataProvider } = await loggedInAs('editor');
    const slug = `fete-${unique()}`;
    const values = { title: `Fête ${slug}`, slug, summary: 'Résumé', body: BODY, date: fromTownInput('2026-06-21T10:00'), coverImage: png('affiche.png'), gallery: [png('scene.png'), png('public.png')] };
    const { data: created } = await dataProvider.create('actualites', { data: createPayload(actualites, values) });
    const { data: stored } = await dataProvider.getOne('actualites', { id: created.id });
    expect(stored).toMatchObject({ title: values.title, slug, status: 'draft', date: '2026-06-21T07:00:00.000Z', body: BODY });
    expect((stored.coverImage as { url: string }).url).toMatch(/\.png$/);
    expect(stored.gallery).toHaveLength(2);

    // The edit form: one gallery picture removed, one added, the cover unchanged.
    const gallery = [(stored.gallery as unknown[])[0], png('nouvelle.png')];
    await dataProvider.update('actualites', { id: created.id, data: editPayload({ ...stored, summary: 'Nouveau résumé', gallery }), previousData: stored });
    const { data: edited } = await dataProvider.getOne('actualites', { id: created.id });
    expect(edited.summary).toBe('Nouveau résumé');
    expect((edited.coverImage as { id: number }).id).toBe((stored.coverImage as { id: number }).id);
    expect((edited.gallery as { id: number }[]).map((g) => g.id)).toContain((stored.gallery as { id: number }[])[0].id);
    expect(edited.gallery).toHaveLength(2);

    // Removing the cover clears it.
    await dataProvider.update('actualites', { id: created.id, data: editPayload({ ...edited, coverImage: null }), previousData: edited });
    expect((await dataProvider.getOne('actualites', { id: created.id })).data.coverImage ?? null).toBeNull();

    await dataProvider.delete('actualites', { id: created.id, previousData: edited });
    await expect(dataProvider.getOne('actualites', { id: created.id })).rejects.toMatchObject({ status: 404 });
  });

  it('finds "Événement" when searching "evenement"', async () => {
    const { dataProvider } = await loggedInAs('editor');
    const slug = `evenement-${unique()}`;
    await dataProvider.create('actualites', { data: createPayload(actualites, { title: `Événement ${slug}`, slug, date: new Date().toISOString() }) });
    const found = await dataProvider.getList('actualites', { pagination: { page: 1, perPage: 5 }, sort: { field: 'date', order: 'DESC' }, filter: { q: `evenement ${slug.slice(10)}` } });
    expect(found.data.map((a) => a.slug)).toEqual([slug]);
  });

  it("an Author's publication is refused under approval, in French; canAccess says so; an Editor publishes", async () => {
    const author = await loggedInAs('author');
    const slug = `auteur-${unique()}`;
    const { data } = await author.dataProvider.create('actualites', { data: createPayload(actualites, { title: `Brouillon ${slug}`, slug, date: new Date().toISOString() }) });
    expect(data.status).toBe('draft');
    expect(await author.authProvider.canAccess!({ resource: 'actualites', action: 'publish' })).toBe(false);
    expect(await author.authProvider.canAccess!({ resource: 'actualites', action: 'edit' })).toBe(true);
    await expect(author.dataProvider.update('actualites', { id: data.id, data: { status: 'published' }, previousData: { id: data.id } })).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("L'approbation des articles est requise"),
    });

    const editor = await loggedInAs('editor');
    expect(await editor.authProvider.canAccess!({ resource: 'actualites', action: 'publish' })).toBe(true);
    await editor.dataProvider.updateMany('actualites', { ids: [data.id], data: { status: 'published' } });
    const { data: published } = await editor.dataProvider.getOne('actualites', { id: data.id });
    expect(published.status).toBe('published');
    expect(published.publishedOn).toBeTruthy();
  });
});

describe('events against the real backend', () => {
  it('creates an event with an image, edits it without resending the image, removes the image, deletes it', async () => {
    const { dataProvider } = await loggedInAs('editor');
    const slug = `marche-${unique()}`;
    const description = [{ type: 'paragraph', children: [text('Produits '), text('locaux', { bold: true })] }];
    const values = { title: `Marché ${slug}`, slug, description, date: '2026-12-19', time: '18:00:00.000', location: 'Front de mer', category: 'Économie', image: png('marche.png') };
    const { data: created } = await dataProvider.create('evenements', { data: createPayload(evenements, values) });
    const { data: stored } = await dataProvider.getOne('evenements', { id: created.id });
    expect(stored).toMatchObject({ title: values.title, date: '2026-12-19', time: '18:00:00.000', category: 'Économie', status: 'published', description });
    const imageId = (stored.image as { id: number }).id;

    await dataProvider.update('evenements', { id: created.id, data: editPayload({ ...stored, time: '20:15:00.000' }), previousData: stored });
    const { data: edited } = await dataProvider.getOne('evenements', { id: created.id });
    expect(edited.time).toBe('20:15:00.000');
    expect((edited.image as { id: number }).id).toBe(imageId);

    await dataProvider.update('evenements', { id: created.id, data: editPayload({ ...edited, image: null }), previousData: edited });
    expect((await dataProvider.getOne('evenements', { id: created.id })).data.image ?? null).toBeNull();

    // The calendar's call: the visible days only.
    const month = await dataProvider.getList('evenements', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'date', order: 'ASC' }, filter: { date_gte: '2026-12-14', date_lte: '2026-12-20' }, meta: { fields: ['title', 'date', 'time', 'location', 'category', 'status'], populate: [] } });
    expect(month.data.map((e) => e.id)).toContain(created.id);
    expect(month.data.every((e) => String(e.date) >= '2026-12-14' && String(e.date) <= '2026-12-20')).toBe(true);

    await dataProvider.delete('evenements', { id: created.id, previousData: edited });
    await expect(dataProvider.getOne('evenements', { id: created.id })).rejects.toMatchObject({ status: 404 });
  });

  it("an Author's event is a draft and its publication refused under approval", async () => {
    const { dataProvider, authProvider } = await loggedInAs('author');
    const slug = `atelier-${unique()}`;
    const { data } = await dataProvider.create('evenements', { data: createPayload(evenements, { title: `Atelier ${slug}`, slug, description: [{ type: 'paragraph', children: [text('Atelier')] }], date: '2026-12-20', time: '09:00:00.000', location: 'CCAS', category: 'Social' }) });
    expect(data.status).toBe('draft');
    expect(await authProvider.canAccess!({ resource: 'evenements', action: 'publish' })).toBe(false);
    await expect(dataProvider.update('evenements', { id: data.id, data: { status: 'published' }, previousData: { id: data.id } })).rejects.toMatchObject({ status: 403 });
  });
});
