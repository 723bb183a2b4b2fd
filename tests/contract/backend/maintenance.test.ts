import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, logIn, PNG_1PX, reportData, tokenOf, unique, upload } from '../support/api';

const MESSAGE = 'Maintenance du serveur jusqu’à 14 h : le back-office est en lecture seule.';

describe('maintenance mode', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await tokenOf('admin');
    const res = await call('PUT', '/api/setting', { token: admin, body: { data: { maintenanceMode: true, maintenanceMessage: MESSAGE } } });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await call('PUT', '/api/setting', { token: admin, body: { data: { maintenanceMode: false } } });
  });

  it("refuses every write of a non-administrator with 503 and the maintenance message, whatever the route's spelling", async () => {
    const operator = await tokenOf('operator');
    const existing = await call('GET', '/api/reports?pagination[pageSize]=1', { token: operator });
    const id = existing.body.data[0].documentId;
    const writes: [string, string, Record<string, unknown>?][] = [
      ['POST', '/api/reports', { data: reportData() }],
      ['POST', '/API/REPORTS/', { data: reportData() }],
      ['PUT', `/api/reports/${id}`, { data: { report_status: 'en_cours' } }],
      ['DELETE', `/api/reports/${id}`],
      ['POST', '/api/auth/change-password', { currentPassword: 'Operateur123!', password: 'Operateur456!', passwordConfirmation: 'Operateur456!' }],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(method, path, { token: operator, body });
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.body.error.message).toBe(MESSAGE);
      expect(res.body.error.details.code, 'the code the SPA shows the message by').toBe('maintenance');
    }
    expect((await upload(operator, 'photo.png', PNG_1PX, 'image/png')).status).toBe(503);
    const editor = await tokenOf('editor');
    expect((await call('PUT', '/api/setting', { token: editor, body: { data: { maintenanceMode: false } } })).status).toBe(503);
    expect((await call('GET', `/api/reports/${id}`, { token: operator })).body.data.report_status).toBe(existing.body.data[0].report_status);
  });

  it('reading goes on, and everyone may still log in and out', async () => {
    const operator = await tokenOf('operator');
    expect((await call('GET', '/api/reports?pagination[pageSize]=1', { token: operator })).status).toBe(200);
    expect((await call('GET', '/api/setting/public')).body.data).toMatchObject({ maintenanceMode: true, maintenanceMessage: MESSAGE });
    const token = await logIn('auteur@mairie.test', 'Auteur123!');
    expect((await call('POST', '/api/auth/logout', { token })).status).toBe(204);
  });

  it('administrators keep working', async () => {
    for (const account of ['admin', 'superadmin'] as const) {
      const token = await tokenOf(account);
      const created = await call('POST', '/api/reports', { token, body: { data: reportData() } });
      expect(created.status, account).toBe(201);
      expect((await call('DELETE', `/api/reports/${created.body.data.documentId}`, { token })).status).toBe(204);
    }
    const slug = unique('maintenance');
    expect((await call('POST', '/api/articles', { token: admin, body: { data: { title: 'Pendant la maintenance', slug, date: new Date().toISOString() } } })).status).toBe(201);
    expect((await upload(admin, 'photo.png', PNG_1PX, 'image/png')).status).toBe(201);
  });

  it('writes go through again once an administrator ends it', async () => {
    expect((await call('PUT', '/api/setting', { token: admin, body: { data: { maintenanceMode: false } } })).status).toBe(200);
    try {
      expect((await call('POST', '/api/reports', { token: await tokenOf('operator'), body: { data: reportData() } })).status).toBe(201);
    } finally {
      await call('PUT', '/api/setting', { token: admin, body: { data: { maintenanceMode: true } } });
    }
  });
});
