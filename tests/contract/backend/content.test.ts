import { describe, expect, it } from 'vitest';
import { call, countOf, PNG_1PX, tokenOf, unique, upload } from '../support/api';

/**
 * News and events on the real backend: publishing under approval (articleApprovalRequired and
 * eventApprovalRequired, on by default), the publication date the backend keeps, the figures the
 * list's summary cards count (media filters, the events' stats route).
 */

const article = (overrides: Record<string, unknown> = {}) => {
  const slug = unique('article');
  return { title: `Article ${slug}`, slug, date: new Date().toISOString(), ...overrides };
};
const event = (overrides: Record<string, unknown> = {}) => {
  const slug = unique('evenement');
  return { title: `Événement ${slug}`, slug, date: '2026-12-19', time: '18:00:00.000', location: 'Place Mariage', category: 'Culture', ...overrides };
};

async function setApproval(values: { articleApprovalRequired?: boolean; eventApprovalRequired?: boolean }) {
  const res = await call('PUT', '/api/setting', { token: await tokenOf('admin'), body: { data: values } });
  expect(res.status).toBe(200);
}

describe('publishing under approval', () => {
  it("an Author's article is a draft; the Author may not publish it (403, in French); an Editor does, the backend dates it", async () => {
    const author = await tokenOf('author');
    const editor = await tokenOf('editor');
    const refused = await call('POST', '/api/articles', { token: author, body: { data: article({ status: 'published' }) } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("L'approbation des articles est requise : seul un éditeur ou un administrateur peut publier un article.");

    const created = await call('POST', '/api/articles', { token: author, body: { data: article() } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'draft', publishedOn: null });
    const id = created.body.data.documentId;

    const publish = await call('PUT', `/api/articles/${id}`, { token: author, body: { data: { status: 'published' } } });
    expect(publish.status).toBe(403);
    expect(publish.body.error.message).toMatch(/^L'approbation des articles est requise/);

    const before = Date.now();
    const published = await call('PUT', `/api/articles/${id}`, { token: editor, body: { data: { status: 'published', publishedOn: '2001-01-01T00:00:00.000Z' } } });
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('published');
    // The backend's date, not the one sent.
    expect(Date.parse(published.body.data.publishedOn)).toBeGreaterThanOrEqual(before - 5000);

    // What is published was approved: the Author changes it no more, nor withdraws it; it stays as published.
    for (const change of [{ summary: 'Correction', status: 'published' }, { summary: 'Correction' }, { status: 'draft' }]) {
      const edited = await call('PUT', `/api/articles/${id}`, { token: author, body: { data: change } });
      expect(edited.status, JSON.stringify(change)).toBe(403);
      expect(edited.body.error.message).toBe(
        "L'approbation des articles est requise : un article publié ne peut être modifié que par un éditeur ou un administrateur. Demandez-leur la modification.",
      );
    }
    const kept = await call('GET', `/api/articles/${id}`, { token: editor });
    expect(kept.body.data).toMatchObject({ status: 'published', publishedOn: published.body.data.publishedOn });
    expect(kept.body.data.summary).not.toBe('Correction');

    const unpublished = await call('PUT', `/api/articles/${id}`, { token: editor, body: { data: { status: 'draft' } } });
    expect(unpublished.body.data).toMatchObject({ status: 'draft', publishedOn: null });
  });

  it("an Author's event is a draft and its publication refused; an Editor's event is published", async () => {
    const author = await tokenOf('author');
    const editor = await tokenOf('editor');
    const mine = await call('POST', '/api/events', { token: author, body: { data: event() } });
    expect(mine.status).toBe(201);
    expect(mine.body.data.status).toBe('draft');
    const refused = await call('PUT', `/api/events/${mine.body.data.documentId}`, { token: author, body: { data: { status: 'published' } } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("L'approbation des événements est requise : seul un éditeur ou un administrateur peut publier un événement.");
    expect((await call('PUT', `/api/events/${mine.body.data.documentId}`, { token: editor, body: { data: { status: 'published' } } })).body.data.status).toBe('published');

    const theirs = await call('POST', '/api/events', { token: editor, body: { data: event() } });
    expect(theirs.body.data.status).toBe('published');
  });

  it('an Author changes and deletes only their own drafts: not an administrator’s draft, nor a published article; the roles’ table says so', async () => {
    const author = await tokenOf('author');
    const admin = await tokenOf('admin');
    const own = await call('POST', '/api/articles', { token: author, body: { data: article({ authorId: 1 }) } });
    expect(own.status).toBe(201);
    // Who wrote it is the backend's to say.
    const me = await call('GET', '/api/users/me', { token: author });
    expect(own.body.data.authorId).toBe(me.body.id);
    expect((await call('PUT', `/api/articles/${own.body.data.documentId}`, { token: author, body: { data: { summary: 'Relu' } } })).status).toBe(200);

    const adminsDraft = await call('POST', '/api/articles', { token: admin, body: { data: article({ status: 'draft' }) } });
    const adminsPublished = await call('POST', '/api/articles', { token: admin, body: { data: article({ status: 'published' }) } });
    const adminsEvent = await call('POST', '/api/events', { token: admin, body: { data: event() } });
    for (const [path, label] of [
      [`/api/articles/${adminsDraft.body.data.documentId}`, 'cet article'],
      [`/api/articles/${adminsPublished.body.data.documentId}`, 'cet article'],
      [`/api/events/${adminsEvent.body.data.documentId}`, 'cet événement'],
    ] as const) {
      for (const refused of [await call('PUT', path, { token: author, body: { data: { title: 'Repris par l’auteur' } } }), await call('DELETE', path, { token: author })]) {
        expect(refused.status, path).toBe(403);
        expect(refused.body.error.message).toBe(`Un auteur ne modifie et ne supprime que ses propres brouillons : ${label} est celui de quelqu’un d’autre, ou il est publié.`);
      }
      expect((await call('GET', path, { token: admin })).status).toBe(200);
    }
    expect((await call('DELETE', `/api/articles/${own.body.data.documentId}`, { token: author })).status).toBeLessThan(300);

    // The roles' table shows what is enforced: under approval (the default) no « Publication », own drafts only.
    const matrix = await call('GET', '/api/role-matrix', { token: admin });
    const row = matrix.body.data.roles.find((r: { name: string }) => r.name === 'Author');
    expect(row.permissions.contenus).toEqual(['read', 'create', 'edit', 'delete', 'export']);
    expect(row.limits).toEqual({ contenus: { edit: 'Ses brouillons', delete: 'Ses brouillons' } });
  });

  it('without approval an Author publishes', async () => {
    const author = await tokenOf('author');
    await setApproval({ articleApprovalRequired: false, eventApprovalRequired: false });
    try {
      const created = await call('POST', '/api/articles', { token: author, body: { data: article({ status: 'published' }) } });
      expect(created.status).toBe(201);
      expect(created.body.data.status).toBe('published');
      expect(created.body.data.publishedOn).not.toBeNull();
      const ev = await call('POST', '/api/events', { token: author, body: { data: event() } });
      expect(ev.body.data.status).toBe('published');
    } finally {
      await setApproval({ articleApprovalRequired: true, eventApprovalRequired: true });
    }
  });
});

describe('the figures of the lists', () => {
  it('counts articles with a cover and with a gallery by filtering on the media', async () => {
    const editor = await tokenOf('editor');
    const cover = (await upload(editor, 'couverture.png', PNG_1PX, 'image/png')).body[0].id;
    const pictures = (await upload(editor, 'galerie.png', PNG_1PX, 'image/png')).body.map((f: { id: number }) => f.id);
    const withCover = await countOf('articles', 'filters[coverImage][id][$notNull]=true');
    const withGallery = await countOf('articles', 'filters[gallery][id][$notNull]=true');
    const total = await countOf('articles');
    await call('POST', '/api/articles', { token: editor, body: { data: article({ coverImage: cover, gallery: pictures }) } });
    await call('POST', '/api/articles', { token: editor, body: { data: article() } });
    expect(await countOf('articles')).toBe(total + 2);
    expect(await countOf('articles', 'filters[coverImage][id][$notNull]=true')).toBe(withCover + 1);
    expect(await countOf('articles', 'filters[gallery][id][$notNull]=true')).toBe(withGallery + 1);
  });

  it('GET /api/events/stats counts the categories in use over every event, for every staff role', async () => {
    const res = await call('GET', '/api/events/stats', { token: await tokenOf('operator') });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(await countOf('events'));
    expect(res.body.categories).toBe(Object.keys(res.body.byCategory).length);
    for (const [category, n] of Object.entries(res.body.byCategory)) {
      expect(await countOf('events', `filters[category][$eq]=${encodeURIComponent(category)}`)).toBe(n);
    }
    expect((await call('GET', '/api/events/stats')).status).toBe(403);
  });
});
