import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backendUrl, call, PNG_1PX, reportData, tokenOf, unique, upload } from '../support/api';

/** Where the shared backend stores files. */
const uploadsDir = inject('backendUploads');

/** The file records and the files on disk: neither may grow when an upload is refused. */
async function stored() {
  const records = await call('GET', '/api/upload/files', { token: await tokenOf('admin') });
  expect(records.status).toBe(200);
  return { records: (records.body as unknown[]).length, onDisk: readdirSync(uploadsDir).length };
}

const SPELLINGS = ['/api/upload', '/API/UPLOAD', '/api/upload/', '/api/Upload', '/Api/uPload/'];

const HTML = Buffer.from('<!doctype html><script>fetch("/api/users")</script>');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const JS = Buffer.from('alert(document.cookie)');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** The smallest GIF: one transparent pixel. */
const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function fileBytes(url: string) {
  const res = await fetch(`${backendUrl()}${url}`);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('uploads: the rules hold wherever the file is stored', () => {
  it('every spelling of the upload route refuses HTML, SVG, scripts and files in disguise, and stores nothing', async () => {
    const token = await tokenOf('author');
    const before = await stored();
    const attempts: [string, Buffer, string, RegExp][] = [
      ['page.html', HTML, 'text/html', /Type de fichier non autorisé : page\.html/],
      ['logo.svg', SVG, 'image/svg+xml', /Type de fichier non autorisé : logo\.svg/],
      ['app.js', JS, 'text/javascript', /Type de fichier non autorisé : app\.js/],
      // An image's bytes under a name the server would serve as a page.
      ['photo.html', PNG_1PX, 'image/png', /Type de fichier non autorisé : photo\.html/],
      // A page under an image's or a document's name.
      ['photo.png', HTML, 'image/png', /photo\.png n'est pas une image valide/],
      ['arrete.pdf', HTML, 'application/pdf', /arrete\.pdf n'est pas un fichier \.pdf valide/],
      ['page.html.png', HTML, 'image/png', /n'est pas une image valide/],
    ];
    for (const path of SPELLINGS) {
      for (const [name, content, type, message] of attempts) {
        const res = await upload(token, name, content, type, { path });
        expect(res.status, `${path} ${name}`).toBe(400);
        expect(res.body.error.message, `${path} ${name}`).toMatch(message);
      }
    }
    expect(await stored()).toEqual(before);
  });

  it('every spelling refuses a file over the settings size limit, and a batch with one bad file stores none of it', async () => {
    const admin = await tokenOf('admin');
    expect((await call('PUT', '/api/setting', { token: admin, body: { data: { maxFileUploadSize: 1 } } })).status).toBe(200);
    try {
      const before = await stored();
      const big = Buffer.concat([PNG_1PX, Buffer.alloc(1024 * 1024 + 10)]);
      for (const path of SPELLINGS) {
        const res = await upload(admin, 'grande.png', big, 'image/png', { path });
        expect(res.status, path).toBe(400);
        expect(res.body.error.message).toMatch(/Fichier trop volumineux : grande\.png .*maximum 1 Mo/);
      }
      const form = new FormData();
      form.append('files', new Blob([PNG_1PX], { type: 'image/png' }), 'bonne.png');
      form.append('files', new Blob([HTML], { type: 'text/html' }), 'mauvaise.html');
      const batch = await call('POST', '/api/upload', { token: admin, form });
      expect(batch.status).toBe(400);
      expect(await stored()).toEqual(before);
    } finally {
      await call('PUT', '/api/setting', { token: admin, body: { data: { maxFileUploadSize: 10 } } });
    }
  });

  it('images are served inline, every other file as a download, each as the type that was checked', async () => {
    const token = await tokenOf('operator');
    const image = await upload(token, 'trottoir.png', PNG_1PX, 'image/png');
    expect(image.status).toBe(201);
    expect(image.body[0].mime).toBe('image/png');
    const shownImage = await fileBytes(image.body[0].url);
    expect(shownImage.status).toBe(200);
    expect(shownImage.headers.get('content-type')).toBe('image/png');
    expect(shownImage.headers.get('content-disposition')).toBeNull();

    // Declared as a page by the browser: stored and served as what its content and name say it is.
    const pdf = await upload(token, 'arrete.pdf', PDF, 'text/html');
    expect(pdf.status).toBe(201);
    expect(pdf.body[0].mime).toBe('application/pdf');
    const downloaded = await fileBytes(pdf.body[0].url);
    expect(downloaded.headers.get('content-type')).toBe('application/pdf');
    expect(downloaded.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(downloaded.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(downloaded.bytes.equals(PDF)).toBe(true);
  });

  it('attaching a file to a record through the upload route is refused, whatever the role, and stores nothing', async () => {
    const admin = await tokenOf('admin');
    const report = await call('POST', '/api/reports', { token: admin, body: { data: reportData() } });
    const slug = unique('piece-jointe');
    const article = await call('POST', '/api/articles', { token: admin, body: { data: { title: `Article ${slug}`, slug, date: new Date().toISOString() } } });
    const before = await stored();
    const targets: [string, string, number, string][] = [
      ['author', 'api::report.report', report.body.data.id, 'photos'],
      ['operator', 'api::article.article', article.body.data.id, 'gallery'],
      ['admin', 'api::report.report', report.body.data.id, 'photos'],
    ];
    for (const [account, ref, refId, field] of targets) {
      for (const path of ['/api/upload', '/API/Upload/']) {
        const res = await upload(await tokenOf(account as 'author'), 'piece.png', PNG_1PX, 'image/png', { path, fields: { ref, refId: String(refId), field } });
        expect(res.status, `${account} ${ref} ${path}`).toBe(403);
        expect(res.body.error.message).toMatch(/ne se rattache pas à une fiche/);
      }
    }
    expect(await stored()).toEqual(before);
    const fetched = await call('GET', `/api/reports/${report.body.data.documentId}?populate=photos`, { token: admin });
    expect(fetched.body.data.photos ?? []).toEqual([]);
  });

  it('replacing a stored file is refused: its bytes, type and thumbnail stay as they were', async () => {
    const admin = await tokenOf('admin');
    const photo = await upload(admin, 'nid-de-poule.png', PNG_1PX, 'image/png');
    const file = photo.body[0];
    const report = await call('POST', '/api/reports', { token: admin, body: { data: reportData({ photos: [file.id] }) } });
    expect(report.status).toBe(201);
    const original = await fileBytes(file.url);
    const before = await stored();
    for (const [account, path] of [['author', '/api/upload'], ['operator', '/API/UPLOAD/'], ['admin', '/api/upload']] as const) {
      const replaced = await upload(await tokenOf(account), 'remplacement.pdf', PDF, 'application/pdf', { path: `${path}?id=${file.id}` });
      expect(replaced.status, `${account} ${path}`).toBe(403);
      expect(replaced.body.error.message).toMatch(/ne se remplace/);
      // Without a file, `?id=` would rewrite its name and captions: refused too.
      const form = new FormData();
      form.append('fileInfo', JSON.stringify({ name: 'renommé.pdf', alternativeText: 'autre chose' }));
      expect((await call('POST', `${path}?id=${file.id}`, { token: await tokenOf(account), form })).status).toBe(403);
    }
    const after = await fileBytes(file.url);
    expect(after.bytes.equals(original.bytes)).toBe(true);
    const record = await call('GET', `/api/upload/files/${file.id}`, { token: admin });
    expect(record.body).toMatchObject({ name: 'nid-de-poule.png', mime: 'image/png', url: file.url });
    expect(await stored()).toEqual(before);
    const withPhoto = await call('GET', `/api/reports/${report.body.data.documentId}?populate=photos`, { token: admin });
    expect(withPhoto.body.data.photos.map((p: { id: number }) => p.id)).toEqual([file.id]);
  });

  it('a malformed fileInfo is a 400, not a 500', async () => {
    const token = await tokenOf('author');
    for (const fileInfo of ['{pas du json', JSON.stringify({ constructor: { prototype: {} } }), JSON.stringify({ name: 'a.png', folder: 1 })]) {
      const res = await upload(token, 'a.png', PNG_1PX, 'image/png', { fields: { fileInfo } });
      expect(res.status, fileInfo).toBe(400);
    }
  });

  it('uploads and deletions are written to the audit log', async () => {
    const admin = await tokenOf('admin');
    const name = `${unique('journal')}.png`;
    const uploaded = await upload(await tokenOf('author'), name, PNG_1PX, 'image/png');
    expect(uploaded.status).toBe(201);
    const id = uploaded.body[0].id;
    expect((await call('DELETE', `/api/upload/files/${id}`, { token: admin })).status).toBe(200);
    const entries = await call('GET', `/api/audit-logs?filters[module][$eq]=medias&filters[resourceId][$eq]=${id}&sort[0]=timestamp:asc`, { token: admin });
    expect(entries.body.data.map((e: any) => [e.action, e.role, e.resourceLabel])).toEqual([
      ['create', 'Author', name],
      ['delete', 'Administrator', name],
    ]);
  });
});

describe('the settings cannot open the door to pages and scripts', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await tokenOf('admin');
  });
  afterAll(async () => {
    await call('PUT', '/api/setting', { token: admin, body: { data: { allowedFileTypes: ['.jpg', '.jpeg', '.png', '.pdf', '.doc', '.docx'] } } });
  });

  it('refuses .html, .svg or .js among the allowed types, and a list that is not one; uploads keep working', async () => {
    const before = (await call('GET', '/api/setting', { token: admin })).body.data.allowedFileTypes;
    for (const allowedFileTypes of ['notalist', ['.pdf', '.html'], ['.svg'], ['.js'], ['.PDF', 42], [null]]) {
      const res = await call('PUT', '/api/setting', { token: admin, body: { data: { allowedFileTypes } } });
      expect(res.status, JSON.stringify(allowedFileTypes)).toBe(400);
      expect(res.body.error.details.errors[0].path[0]).toBe('allowedFileTypes');
    }
    expect((await call('GET', '/api/setting', { token: admin })).body.data.allowedFileTypes).toEqual(before);
    const res = await upload(admin, 'apres-refus.pdf', PDF, 'application/pdf');
    expect(res.status).toBe(201);
  });

  it('accepts exactly the types the settings show: a type removed (an image one too) is refused from then on, one added is accepted', async () => {
    expect((await call('PUT', '/api/setting', { token: admin, body: { data: { allowedFileTypes: ['.png', '.docx'] } } })).status).toBe(200);
    const pdf = await upload(admin, 'retire.pdf', PDF, 'application/pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.message).toBe('Type de fichier non autorisé : retire.pdf (types acceptés : .png, .docx)');
    expect((await upload(admin, 'photo.png', PNG_1PX, 'image/png')).status).toBe(201);
    // A GIF is an image, but Paramétrages shows .gif unchecked: refused.
    expect((await upload(admin, 'anime.gif', GIF_1PX, 'image/gif')).status).toBe(400);
    expect((await call('PUT', '/api/setting', { token: admin, body: { data: { allowedFileTypes: ['.png', '.gif'] } } })).status).toBe(200);
    expect((await upload(admin, 'anime.gif', GIF_1PX, 'image/gif')).status).toBe(201);
  });
});
