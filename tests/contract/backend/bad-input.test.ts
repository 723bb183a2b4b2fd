import { describe, expect, it } from 'vitest';
import { call, countOf, PNG_1PX, reportData, tokenOf, unique, upload } from '../support/api';

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
    const created = await call('POST', '/api/reports', { token, body: { data: reportData() } });
    const res = await call('PUT', `/api/reports/${created.body.data.documentId}`, { token, body: { report_status: 'resolu' } });
    expect(res.status).toBe(400);
    expect((await call('GET', `/api/reports/${created.body.data.documentId}`, { token })).body.data.report_status).toBe('nouveau');
  });
});
