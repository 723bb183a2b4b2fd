import { describe, expect, it } from 'vitest';
import { backendUrl, call, countOf, logIn, newAccount, PNG_1PX, reportData, roleId, tokenOf, unique, upload } from '../support/api';

async function fileCount() {
  const res = await call('GET', '/api/upload/files', { token: await tokenOf('admin') });
  expect(res.status).toBe(200);
  return (res.body as unknown[]).length;
}

/** Sends a refused write and checks that the collection holds as many rows as before. */
async function refused(collection: string, send: () => Promise<{ status: number; body: any }>, message?: RegExp) {
  const before = await countOf(collection);
  const res = await send();
  expect(res.status).toBe(400);
  expect(res.body.data ?? null).toBeNull();
  if (message) expect(res.body.error.message).toMatch(message);
  expect(await countOf(collection)).toBe(before);
  return res;
}

describe('bad input is refused with 400 and stores nothing', () => {
  it('a value outside an enumeration', async () => {
    const token = await tokenOf('operator');
    await refused('reports', () => call('POST', '/api/reports', { token, body: { data: reportData({ priority: 'urgentissime' }) } }), /priority must be one of/);
    await refused('reports', () => call('POST', '/api/reports', { token, body: { data: reportData({ zone: 'Paris' }) } }));
    await refused('reports', () => call('POST', '/api/reports', { token, body: { data: reportData({ report_status: 'pending' }) } }));
    const author = await tokenOf('author');
    const slug = unique('cat');
    await refused('events', () => call('POST', '/api/events', { token: author, body: { data: { title: 'Soirée', slug, date: '2026-12-01', time: '18:00:00.000', location: 'Cavani', category: 'Cuisine' } } }));
  });

  it('a title over 200 characters', async () => {
    const token = await tokenOf('author');
    const slug = unique('long');
    await refused('articles', () => call('POST', '/api/articles', { token, body: { data: { title: 'A'.repeat(201), slug, date: new Date().toISOString() } } }), /title must be at most 200 characters/);
    const operator = await tokenOf('operator');
    await refused('reports', () => call('POST', '/api/reports', { token: operator, body: { data: reportData({ title: 'B'.repeat(201) }) } }));
  });

  it('a duplicate or malformed slug', async () => {
    const token = await tokenOf('author');
    const slug = unique('double');
    const first = await call('POST', '/api/articles', { token, body: { data: { title: 'Premier', slug, date: new Date().toISOString() } } });
    expect(first.status).toBe(201);
    await refused('articles', () => call('POST', '/api/articles', { token, body: { data: { title: 'Second', slug, date: new Date().toISOString() } } }), /unique/);
    await refused('articles', () => call('POST', '/api/articles', { token, body: { data: { title: 'Accents', slug: 'Fête à Mamoudzou', date: new Date().toISOString() } } }));
  });

  it('a setting out of bounds leaves the settings unchanged', async () => {
    const token = await tokenOf('admin');
    const before = (await call('GET', '/api/setting', { token })).body.data;
    for (const data of [{ sessionTimeout: 481 }, { sessionTimeout: 4 }, { maxFileUploadSize: 0 }, { maxFileUploadSize: 101 }, { passwordMinLength: 21 }, { maxLoginAttempts: 2 }, { logRetentionDays: 6 }, { notificationRetentionDays: 366 }, { maxSignalementsPerUser: 0 }, { mapProvider: 'bing' }]) {
      const res = await call('PUT', '/api/setting', { token, body: { data } });
      expect(res.status, JSON.stringify(data)).toBe(400);
    }
    const after = (await call('GET', '/api/setting', { token })).body.data;
    expect(after).toEqual(before);
  });

  it('a file that is not an image, or an image in disguise', async () => {
    const token = await tokenOf('operator');
    const before = await fileCount();
    const text = await upload(token, 'note.txt', Buffer.from('pas une image'), 'text/plain');
    expect(text.status).toBe(400);
    expect(text.body.error.message).toMatch(/Type de fichier non autorisé : note\.txt/);
    const fake = await upload(token, 'photo.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(fake.status).toBe(400);
    expect(fake.body.error.message).toMatch(/n'est pas une image valide/);
    expect(await fileCount()).toBe(before);
  });

  it('a file over the settings size limit', async () => {
    const admin = await tokenOf('admin');
    expect((await call('PUT', '/api/setting', { token: admin, body: { data: { maxFileUploadSize: 1 } } })).status).toBe(200);
    try {
      const before = await fileCount();
      const big = Buffer.concat([PNG_1PX, Buffer.alloc(1024 * 1024 + 10)]);
      const res = await upload(admin, 'grande.png', big, 'image/png');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/Fichier trop volumineux : grande\.png .*maximum 1 Mo/);
      expect(await fileCount()).toBe(before);
    } finally {
      await call('PUT', '/api/setting', { token: admin, body: { data: { maxFileUploadSize: 10 } } });
    }
  });

  it('a document linked as a report photo', async () => {
    const admin = await tokenOf('admin');
    const pdf = await upload(admin, 'arrete.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    expect(pdf.status).toBe(201);
    await refused('reports', () => call('POST', '/api/reports', { token: admin, body: { data: reportData({ photos: [pdf.body[0].id] }) } }), /seules les images/);
  });

  it('a sub-type that does not belong to the type', async () => {
    const token = await tokenOf('operator');
    await refused('reports', () => call('POST', '/api/reports', { token, body: { data: reportData({ type: 'Voirie', subType: 'Lampadaire éteint' }) } }), /n'appartient pas/);
  });

  it('a missing required field or an invalid email', async () => {
    const token = await tokenOf('operator');
    const { address: _omitted, ...withoutAddress } = reportData();
    await refused('reports', () => call('POST', '/api/reports', { token, body: { data: withoutAddress } }));
    await refused('reports', () => call('POST', '/api/reports', { token, body: { data: reportData({ citizenEmail: 'pas-un-email' }) } }));
  });

  it('a body without data', async () => {
    const token = await tokenOf('operator');
    await refused('reports', () => call('POST', '/api/reports', { token, body: reportData() }), /Missing "data" payload/);
    // Strapi's English wording, and the backend's own controllers that keep it, carry a code the SPA says in French.
    const admin = await tokenOf('admin');
    for (const [method, to, as] of [['POST', '/api/reports', token], ['POST', '/api/report-updates', token], ['PUT', '/api/setting', admin]] as const) {
      const answer = await call(method, to, { token: as, body: { text: 'sans data' } });
      expect(answer.status, `${method} ${to}`).toBe(400);
      expect(answer.body.error.details.code, `${method} ${to}`).toBe('missing_data');
    }
    const created = await call('POST', '/api/reports', { token, body: { data: reportData() } });
    const res = await call('PUT', `/api/reports/${created.body.data.documentId}`, { token, body: { report_status: 'resolu' } });
    expect(res.status).toBe(400);
    expect((await call('GET', `/api/reports/${created.body.data.documentId}`, { token })).body.data.report_status).toBe('nouveau');
  });
});

describe('input hygiene: more bad input refused with 400, nothing stored', () => {
  it('a link that is not http(s)', async () => {
    const author = await tokenOf('author');
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'vbscript:x', 'http://a b']) {
      await refused('directory-entries', () => call('POST', '/api/directory-entries', { token: author, body: { data: { name: `Asso ${unique()}`, category: 'associations', website: url } } }));
      await refused('directory-entries', () => call('POST', '/api/directory-entries', { token: author, body: { data: { name: `Asso ${unique()}`, category: 'associations', facebook: url } } }));
      await refused('pois', () => call('POST', '/api/pois', { token: author, body: { data: { name: `Lieu ${unique()}`, category: 'loisirs', address: 'Front de mer', website: url } } }));
      const slug = unique('lien');
      const body = [{ type: 'paragraph', children: [{ type: 'link', url, children: [{ type: 'text', text: 'ici' }] }] }];
      await refused('articles', () => call('POST', '/api/articles', { token: author, body: { data: { title: 'Lien', slug, date: new Date().toISOString(), body } } }), /body : Adresse web invalide/);
    }
    const ok = await call('POST', '/api/directory-entries', { token: author, body: { data: { name: `Asso ${unique()}`, category: 'associations', website: 'https://asso.yt', facebook: 'HTTPS://facebook.com/asso' } } });
    expect(ok.status).toBe(201);
  });

  it('tags, services and notes that are not short lists of texts', async () => {
    const operator = await tokenOf('operator');
    for (const [field, value] of [
      ['tags', 'voirie'],
      ['tags', [1, 2]],
      ['tags', [{ x: 'y' }]],
      ['tags', Array.from({ length: 31 }, (_, i) => `tag${i}`)],
      ['tags', ['x'.repeat(61)]],
      ['internalNotes', 'une note'],
      ['internalNotes', ['x'.repeat(2001)]],
      ['internalNotes', [['imbriqué']]],
    ] as const) {
      await refused('reports', () => call('POST', '/api/reports', { token: operator, body: { data: reportData({ [field]: value }) } }), new RegExp(`^${field} : `));
    }
    const author = await tokenOf('author');
    await refused('pois', () => call('POST', '/api/pois', { token: author, body: { data: { name: 'Lieu', category: 'loisirs', address: 'Front de mer', services: 'Parking' } } }));
    await refused('pois', () => call('POST', '/api/pois', { token: author, body: { data: { name: 'Lieu', category: 'loisirs', address: 'Front de mer', openingHours: { lundi: { isOpen: true, periods: [] } } } } }));
    await refused('directory-entries', () => call('POST', '/api/directory-entries', { token: author, body: { data: { name: 'Asso', category: 'associations', tags: { a: 1 } } } }));
    const ok = await call('POST', '/api/reports', { token: operator, body: { data: reportData({ tags: ['voirie', 'urgent'], internalNotes: ['Appel du riverain à 9 h'] }) } });
    expect(ok.status).toBe(201);
  });

  it('rich text in the wrong shape or too long', async () => {
    const author = await tokenOf('author');
    const article = (body: unknown) => ({ title: 'Texte riche', slug: unique('riche'), date: new Date().toISOString(), body });
    for (const body of ['du texte', { type: 'paragraph' }, [{ type: 'script', children: [] }], [{ type: 'paragraph', children: 'texte' }], [{ type: 'heading', level: 9, children: [] }]]) {
      await refused('articles', () => call('POST', '/api/articles', { token: author, body: { data: article(body) } }), /^body : /);
    }
    const long = [{ type: 'paragraph', children: [{ type: 'text', text: 'x'.repeat(100_001) }] }];
    await refused('articles', () => call('POST', '/api/articles', { token: author, body: { data: article(long) } }), /Texte trop long/);
    const event = { title: 'Fête', slug: unique('fete'), date: '2026-12-01', time: '18:00:00.000', location: 'Cavani', category: 'Culture', description: 'pas des blocs' };
    await refused('events', () => call('POST', '/api/events', { token: author, body: { data: event } }), /^description : /);
    const ok = await call('POST', '/api/articles', { token: author, body: { data: article([{ type: 'paragraph', children: [{ type: 'text', text: 'Bonjour', bold: true }, { type: 'link', url: 'https://mamoudzou.yt', children: [{ type: 'text', text: 'site' }] }] }]) } });
    expect(ok.status).toBe(201);
  });

  it('a control character or a bidi override in a text, a NUL included, refused in French where it lies; tabs and line breaks kept', async () => {
    const operator = await tokenOf('operator');
    const author = await tokenOf('author');
    const because = (field: string, character: string) =>
      new RegExp(`^${field} : caractère interdit \\(U\\+${character}\\) : les caractères de contrôle et d'inversion du sens du texte ne sont pas acceptés$`);
    await refused('reports', () => call('POST', '/api/reports', { token: operator, body: { data: reportData({ title: 'Lampadaire\u0000 cassé' }) } }), because('title', '0000'));
    await refused('reports', () => call('POST', '/api/reports', { token: operator, body: { data: reportData({ description: 'Trou \u001b[31mprofond' }) } }), because('description', '001B'));
    await refused('reports', () => call('POST', '/api/reports', { token: operator, body: { data: reportData({ address: 'Rue \u202Eeduts ud' }) } }), because('address', '202E'));
    await refused('reports', () => call('POST', '/api/reports', { token: operator, body: { data: reportData({ tags: ['voirie', 'ur\u0007gent'] }) } }), because('tags', '0007'));
    await refused('reports', () => call('POST', '/api/reports', { token: operator, body: { data: reportData({ citizenName: 'Ali\u0085' }) } }), because('citizenName', '0085'));
    const article = (title: string, text: string) => ({ title, slug: unique('controle'), date: new Date().toISOString(), body: [{ type: 'paragraph', children: [{ type: 'text', text }] }] });
    await refused('articles', () => call('POST', '/api/articles', { token: author, body: { data: article('Titre\u2066', 'Bonjour') } }), because('title', '2066'));
    await refused('articles', () => call('POST', '/api/articles', { token: author, body: { data: article('Titre', 'Bonjour\u0001') } }), because('body', '0001'));

    const kept = await call('POST', '/api/reports', { token: operator, body: { data: reportData({ description: 'Ligne 1\nLigne 2\r\n\tfin' }) } });
    expect(kept.status).toBe(201);
    expect(kept.body.data.description).toBe('Ligne 1\nLigne 2\r\n\tfin');
    // An update is held to the same rule as a creation.
    const edited = await call('PUT', `/api/reports/${kept.body.data.documentId}`, { token: operator, body: { data: { description: 'Ligne\u0000' } } });
    expect(edited.status).toBe(400);
  });

  it('dates outside sane years', async () => {
    const author = await tokenOf('author');
    await refused('articles', () => call('POST', '/api/articles', { token: author, body: { data: { title: 'Futur', slug: unique('futur'), date: '+275760-09-13T00:00:00.000Z' } } }));
    await refused('articles', () => call('POST', '/api/articles', { token: author, body: { data: { title: 'Passé', slug: unique('passe'), date: '1066-10-14T00:00:00.000Z' } } }), /date hors des années 1900 à 2100/);
    await refused('events', () => call('POST', '/api/events', { token: author, body: { data: { title: 'Loin', slug: unique('loin'), date: '2999-01-01', location: 'Cavani', category: 'Culture' } } }));
    const admin = await tokenOf('admin');
    await refused('reports', () => call('POST', '/api/reports', { token: admin, body: { data: reportData({ slaTarget: '3000-01-01T00:00:00.000Z' }) } }));
  });

  it("a report's status and SLA at creation by a role that cannot change status", async () => {
    const admin = await tokenOf('admin');
    const name = `Déclarants ${unique()}`;
    expect((await call('POST', '/api/users-permissions/roles', { token: admin, body: { name, description: 'Crée des signalements', grants: { signalements: ['read', 'create'] } } })).status).toBe(201);
    const account = await newAccount('Operator', { role: await roleId(name) });
    const token = await logIn(account.email, account.password);
    for (const fields of [{ report_status: 'resolu' }, { status: 'resolved' }, { slaTarget: '2026-12-31T00:00:00.000Z' }, { slaStatus: 'depasse' }]) {
      await refused('reports', () => call('POST', '/api/reports', { token, body: { data: reportData(fields) } }), new RegExp(`^${Object.keys(fields)[0]} : seul un rôle qui peut changer le statut`));
    }
    const created = await call('POST', '/api/reports', { token, body: { data: reportData({ report_status: 'nouveau' }) } });
    expect(created.status).toBe(201);
    // Its SLA is the one the backend sets from the priority.
    expect(created.body.data).toMatchObject({ report_status: 'nouveau', slaStatus: 'dans_les_temps' });
    expect(Date.parse(created.body.data.slaTarget)).toBeGreaterThan(Date.now());
    // An Operator changes status, so may create a report already being handled.
    const operator = await call('POST', '/api/reports', { token: await tokenOf('operator'), body: { data: reportData({ report_status: 'en_cours' }) } });
    expect(operator.status).toBe(201);
  });

  it('payloads that reach prototypes or nest without end: 400, never 500', async () => {
    const operator = await tokenOf('operator');
    const admin = await tokenOf('admin');
    const deepArray = `{"data":{"tags":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    const deepObject = `{"data":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`;
    const attempts: [string, string, string][] = [
      ['POST', '/api/reports', '{"constructor":{"prototype":{}}}'],
      ['POST', '/api/reports', '{"data":{"constructor":{"prototype":{}}}}'],
      ['POST', '/api/reports', '{"data":{"title":"x","prototype":{"isAdmin":true}}}'],
      ['POST', '/api/reports', '{"data":{"__proto__":{"x":1}}}'],
      ['PUT', '/api/setting', '{"data":{"constructor":{"prototype":{}}}}'],
      ['POST', '/api/users', '{"constructor":{"prototype":{}}}'],
      ['POST', '/api/auth/local', '{"identifier":{"constructor":{"prototype":{}}},"password":"x"}'],
      ['POST', '/api/reports', deepArray],
      ['POST', '/api/reports', deepObject],
      ['POST', '/api/reports', '{"data":'],
    ];
    for (const [method, path, rawBody] of attempts) {
      const collection = path.includes('reports') ? 'reports' : undefined;
      const before = collection ? await countOf(collection) : 0;
      const res = await call(method, path, { token: path.includes('setting') || path.includes('users') ? admin : operator, rawBody });
      expect(res.status, `${method} ${path} ${rawBody.slice(0, 60)}`).toBe(400);
      if (collection) expect(await countOf(collection)).toBe(before);
    }
  });
});

describe('the HTTP surface', () => {
  it('/favicon.ico is the town hall icon, not a 500; no X-Powered-By header', async () => {
    const icon = await fetch(`${backendUrl()}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(Buffer.from(await icon.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    const api = await call('GET', '/api/reports?pagination[pageSize]=1', { token: await tokenOf('operator') });
    expect(api.headers.get('x-powered-by')).toBeNull();
    expect(icon.headers.get('x-powered-by')).toBeNull();
  });
});
