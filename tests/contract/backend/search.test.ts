import { describe, expect, it } from 'vitest';
import { call, reportData, roleId, tokenOf, unique } from '../support/api';

/** Every list searches without case or accents (`search=`), on SQLite and PostgreSQL alike. */

const encode = (text: string) => encodeURIComponent(text);

async function searchList(collection: string, text: string, token: string, extra = '') {
  const res = await call('GET', `/api/${collection}?search=${encode(text)}&pagination[pageSize]=100${extra}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Record<string, any>[]; meta: { pagination: { total: number } } };
}

describe('search that ignores case and accents', () => {
  it('"kaweni", "KAWÉNI" and "Kawéni" find the same reports; the count follows; filters still apply', async () => {
    const token = await tokenOf('operator');
    const tag = unique('srch').replace(/-/g, '');
    const created: string[] = [];
    for (const [title, zone, priority] of [
      [`Éclairage défaillant ${tag}`, 'Kawéni', 'haute'],
      [`Lampadaire cassé ${tag}`, 'Kawéni', 'basse'],
      [`Trottoir ${tag}`, 'Cavani', 'haute'],
    ] as const) {
      const data = reportData({ title, zone, priority, type: 'Éclairage public', subType: null, address: `Rue principale, ${zone}` });
      const res = await call('POST', '/api/reports', { token, body: { data } });
      expect(res.status).toBe(201);
      created.push(res.body.data.documentId);
    }
    for (const spelling of [`kaweni ${tag}`, `KAWÉNI ${tag}`, `${tag} Kawéni`]) {
      // Every word, in any order and any field: the zone's and the title's.
      const found = await searchList('reports', spelling, token);
      expect(found.data.map((r) => r.documentId).sort()).toEqual([created[0], created[1]].sort());
    }
    expect((await searchList('reports', `cavani eclairage ${tag}`, token)).data.map((r) => r.documentId)).toEqual([created[2]]);
    for (const spelling of ['eclairage defaillant', 'ÉCLAIRAGE DÉFAILLANT', 'Éclairage défaillant']) {
      const found = await searchList('reports', `${spelling} ${tag}`, token);
      expect(found.data.map((r) => r.documentId)).toEqual([created[0]]);
    }
    const inZone = await searchList('reports', tag, token, `&filters[zone][$eq]=${encode('Kawéni')}`);
    expect(inZone.meta.pagination.total).toBe(2);
    expect(inZone.data.map((r) => r.documentId).sort()).toEqual([created[0], created[1]].sort());
    // By ID, as the reports screen says ("par type, ID ou description").
    expect((await searchList('reports', created[2].toUpperCase(), token)).data.map((r) => r.documentId)).toEqual([created[2]]);
    // The search text is the backend's: never sent, and a client cannot filter on it.
    expect(inZone.data[0]).not.toHaveProperty('searchText');
    const direct = await call('GET', `/api/reports?filters[searchText][$contains]=${tag}`, { token });
    expect(direct.status).toBe(400);
  });

  it('follows an update: a new title is found, the old one no longer', async () => {
    const token = await tokenOf('operator');
    const tag = unique('maj').replace(/-/g, '');
    const res = await call('POST', '/api/reports', { token, body: { data: reportData({ title: `Banc cassé ${tag}` }) } });
    const id = res.body.data.documentId;
    expect((await call('PUT', `/api/reports/${id}`, { token, body: { data: { title: `Abribus vandalisé ${tag}` } } })).status).toBe(200);
    expect((await searchList('reports', `abribus vandalise ${tag}`, token)).meta.pagination.total).toBe(1);
    expect((await searchList('reports', `banc casse ${tag}`, token)).meta.pagination.total).toBe(0);
    // A change of another field keeps the text.
    expect((await call('PUT', `/api/reports/${id}`, { token, body: { data: { priority: 'critique' } } })).status).toBe(200);
    expect((await searchList('reports', `ABRIBUS ${tag}`, token)).meta.pagination.total).toBe(1);
  });

  it('articles (title, slug, summary, body), events, points of interest and the directory', async () => {
    const token = await tokenOf('author');
    const tag = unique('col').replace(/-/g, '');
    const article = await call('POST', '/api/articles', {
      token,
      body: { data: { title: `Fête de la musique ${tag}`, slug: `fete-${tag}`, date: new Date().toISOString(), body: [{ type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'Scène ouverte' }] }] }] } },
    });
    expect(article.status).toBe(201);
    expect((await searchList('articles', `FETE DE LA MUSIQUE ${tag}`, token)).meta.pagination.total).toBe(1);
    expect((await searchList('articles', `scene ouverte`, token)).data.some((a) => a.documentId === article.body.data.documentId)).toBe(true);

    const event = await call('POST', '/api/events', {
      token,
      body: { data: { title: `Marché nocturne ${tag}`, slug: `marche-${tag}`, description: [{ type: 'paragraph', children: [{ type: 'text', text: 'Artisanat' }] }], date: '2026-12-05', time: '18:00:00.000', location: 'Mamoudzou', category: 'Économie' } },
    });
    expect(event.status).toBe(201);
    expect((await searchList('events', `marche nocturne ${tag}`, token)).meta.pagination.total).toBe(1);
    expect((await searchList('events', `economie`, token)).data.some((e) => e.documentId === event.body.data.documentId)).toBe(true);

    const poi = await call('POST', '/api/pois', {
      token,
      body: { data: { name: `Plage de Moya ${tag}`, category: 'loisirs', address: 'Pamandzi', tags: ['Tortues', 'Baignade'] } },
    });
    expect(poi.status).toBe(201);
    expect((await searchList('pois', `TORTUES`, token)).data.some((p) => p.documentId === poi.body.data.documentId)).toBe(true);

    const entry = await call('POST', '/api/directory-entries', {
      token,
      body: { data: { name: `Crèche Les Écureuils ${tag}`, category: 'education', email: `creche-${tag}@exemple.yt`, services: ['Accueil périscolaire'] } },
    });
    expect(entry.status).toBe(201);
    expect((await searchList('directory-entries', `creche les ecureuils ${tag}`, token)).meta.pagination.total).toBe(1);
    expect((await searchList('directory-entries', `periscolaire`, token)).data.some((d) => d.documentId === entry.body.data.documentId)).toBe(true);
  });

  it('users by name, email or service, in the list and its count', async () => {
    const admin = await tokenOf('admin');
    const tag = unique('usr').replace(/-/g, '');
    const created = await call('POST', '/api/users', {
      token: admin,
      body: { username: `Zaïnaba Saïd ${tag}`, email: `zainaba.${tag}@mairie.test`, password: 'Mayotte2026!', role: await roleId('Operator'), service: 'Urbanisme', confirmed: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const list = await call('GET', `/api/users?search=${encode(`ZAINABA SAID ${tag}`)}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.map((u: { id: number }) => u.id)).toEqual([created.body.id]);
    expect(list.body[0]).not.toHaveProperty('searchText');
    const count = await call('GET', `/api/users/count?search=${encode(`zainaba said ${tag}`)}`, { token: admin });
    expect(count.body).toBe(1);
  });
});
