import { describe, expect, it } from 'vitest';
import { call, reportData, tokenOf, unique } from '../support/api';

/** GET /api/search: the global search (Ctrl+K), over what the caller may read, title matches first, 20 at most. */

const search = async (account: 'admin' | 'editor' | 'operator' | 'author', query: string) => {
  const res = await call('GET', `/api/search?${query}`, { token: await tokenOf(account) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: { type: string; id: string | number; title: string; status?: string; priority?: string; date?: string; url: string }[]; meta: { total: number } };
};

describe('global search', () => {
  it('finds reports, articles and events without case or accents, title matches first, with links', async () => {
    const tag = unique('gs').replace(/-/g, '');
    const operator = await tokenOf('operator');
    const inDescription = await call('POST', '/api/reports', { token: operator, body: { data: reportData({ title: `Route abîmée ${tag}`, description: `Affaissement près du marché de Kawéni ${tag}` }) } });
    const inTitle = await call('POST', '/api/reports', { token: operator, body: { data: reportData({ title: `Marché de Kawéni inondé ${tag}`, description: 'Eau stagnante' }) } });
    const article = await call('POST', '/api/articles', { token: await tokenOf('author'), body: { data: { title: `Le marché de Kawéni rénové ${tag}`, slug: `marche-${tag}`, date: new Date().toISOString() } } });
    expect([inDescription.status, inTitle.status, article.status]).toEqual([201, 201, 201]);

    const found = await search('editor', `q=${encodeURIComponent(`MARCHE DE KAWENI ${tag}`)}`);
    expect(found.data.map((r) => r.title)).toEqual([`Marché de Kawéni inondé ${tag}`, `Le marché de Kawéni rénové ${tag}`, `Route abîmée ${tag}`]);
    expect(found.data[0]).toMatchObject({ type: 'signalement', url: `/signalements/${inTitle.body.data.documentId}`, status: 'nouveau', priority: 'haute' });
    expect(found.data[1]).toMatchObject({ type: 'article', url: `/actualites/${article.body.data.documentId}` });

    // Filters: type, status, priority; sort by title.
    expect((await search('editor', `q=${tag}&types=article`)).data.map((r) => r.type)).toEqual(['article']);
    expect((await search('editor', `q=${tag}&priorities=haute`)).data.every((r) => r.type === 'signalement')).toBe(true);
    expect((await search('editor', `q=${tag}&statuses=resolu`)).data).toEqual([]);
    const byTitle = await search('editor', `q=${tag}&sort=title&order=asc`);
    expect(byTitle.data.map((r) => r.title)).toEqual([...byTitle.data.map((r) => r.title)].sort((a, b) => a.localeCompare(b, 'fr')));
    expect((await call('GET', '/api/search?q=x&sort=hasard', { token: await tokenOf('editor') })).status).toBe(400);
  });

  it("dates an event at its day and time in Mamoudzou (UTC+3), not at midnight UTC", async () => {
    const tag = unique('gsev').replace(/-/g, '');
    const event = await call('POST', '/api/events', {
      token: await tokenOf('admin'),
      body: { data: { title: `Collecte ${tag}`, slug: `collecte-${tag}`, date: '2030-12-05', time: '06:00:00.000', location: 'Kawéni', category: 'Culture' } },
    });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    const found = await search('editor', `q=${tag}&types=event`);
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ type: 'event', date: '2030-12-05T03:00:00.000Z' });
  });

  it('answers 20 results at most, and nothing for an empty query', async () => {
    const tag = unique('vingt').replace(/-/g, '');
    const operator = await tokenOf('operator');
    for (let i = 0; i < 22; i++) await call('POST', '/api/reports', { token: operator, body: { data: reportData({ title: `Lot ${tag} ${i}` }) } });
    const found = await search('operator', `q=${tag}`);
    expect(found.data).toHaveLength(20);
    expect(found.meta.total).toBe(22);
    expect((await search('operator', 'q=%20%20')).data).toEqual([]);
  });

  it('searches only what the role may read: users for administrators and editors, never for an Author', async () => {
    const admin = await search('admin', 'q=auteur');
    expect(admin.data.some((r) => r.type === 'user' && r.url.startsWith('/utilisateurs/'))).toBe(true);
    expect((await search('editor', 'q=auteur')).data.some((r) => r.type === 'user')).toBe(true);
    expect((await search('author', 'q=auteur')).data.some((r) => r.type === 'user')).toBe(false);
    expect((await search('operator', 'q=auteur&types=user')).data).toEqual([]);
  });
});
