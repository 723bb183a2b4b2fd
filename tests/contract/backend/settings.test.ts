import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../domain/settings';
import { call, PNG_1PX, tokenOf, upload } from '../support/api';

const settingsAs = async (account: 'admin' | 'superadmin' | 'editor' | 'operator' | 'author') =>
  (await call('GET', '/api/setting', { token: await tokenOf(account) })).body.data;

describe('settings: every field checked by the shared schema', () => {
  it('refuses a wrong shape or value with 400 and the field at fault; nothing changes', async () => {
    const admin = await tokenOf('admin');
    const before = await settingsAs('admin');
    const bad: Record<string, unknown>[] = [
      { sessionTimeout: '60' },
      { sessionTimeout: 60.5 },
      { sessionTimeout: null },
      { maxLoginAttempts: null },
      { requirePasswordComplexity: 'oui' },
      { siteName: '' },
      { contactEmail: 'pas-un-email' },
      { signalementCategories: 'Voirie' },
      { signalementCategories: [] },
      // The report priorities are the four of the reports (basse … critique): no list of levels is kept.
      { priorityLevels: [{ id: 'low', name: 'Faible', color: '#000000', order: 1 }] },
      { strapiUrl: 'javascript:alert(1)' },
      { websocketUrl: 'file:///etc/passwd' },
      { backupFrequency: 'hourly' },
      { inconnu: true },
    ];
    for (const data of bad) {
      const res = await call('PUT', '/api/setting', { token: admin, body: { data } });
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body.error.details.errors[0].path[0], JSON.stringify(data)).toBe(Object.keys(data)[0]);
    }
    expect((await call('PUT', '/api/setting', { token: admin, body: { data: [] } })).status).toBe(400);
    expect(await settingsAs('admin')).toEqual(before);
  });

  it('accepts a whole settings record sent back as read, with its own keys', async () => {
    const admin = await tokenOf('admin');
    const current = await settingsAs('admin');
    const res = await call('PUT', '/api/setting', { token: admin, body: { data: { ...current, siteDescription: 'Back-office de la mairie de Mamoudzou' } } });
    expect(res.status).toBe(200);
  });

  it('DELETE /api/setting is refused to everyone; the settings stay whole', async () => {
    const before = await settingsAs('admin');
    for (const account of ['admin', 'superadmin', 'editor', 'operator', 'author'] as const) {
      const res = await call('DELETE', '/api/setting', { token: await tokenOf(account) });
      expect([403, 404, 405], account).toContain(res.status);
    }
    expect(await settingsAs('admin')).toEqual(before);
  });
});

describe('settings: who may change what', () => {
  afterAll(async () => {
    await call('PUT', '/api/setting', { token: await tokenOf('admin'), body: { data: { mapProvider: 'openstreetmap', mapApiKey: '', siteDescription: 'Back-office de la mairie de Mamoudzou' } } });
  });

  it('an Editor changes the general, notification and report settings', async () => {
    const editor = await tokenOf('editor');
    const res = await call('PUT', '/api/setting', {
      token: editor,
      body: { data: { siteDescription: 'Modifié par un éditeur', emailNotifications: false, maxSignalementsPerUser: 20, signalementCategories: [...DEFAULT_SETTINGS.signalementCategories, { name: 'Marchés', subTypes: [] }] } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ siteDescription: 'Modifié par un éditeur', emailNotifications: false, maxSignalementsPerUser: 20 });
    expect(res.body.data.signalementCategories.at(-1)).toEqual({ name: 'Marchés', subTypes: [] });
    await call('PUT', '/api/setting', {
      token: editor,
      body: { data: { emailNotifications: true, maxSignalementsPerUser: 10, signalementCategories: DEFAULT_SETTINGS.signalementCategories } },
    });
  });

  it("the security, integration and maintenance settings are administrators' only", async () => {
    const editor = await tokenOf('editor');
    const before = await settingsAs('admin');
    for (const data of [
      { allowedFileTypes: ['.pdf'] },
      { maxFileUploadSize: 50 },
      { maxLoginAttempts: 10 },
      { sessionTimeout: 480 },
      { passwordMinLength: 6 },
      { requirePasswordComplexity: false },
      { allowPublicRegistration: true },
      { twoFactorAuthRequired: true },
      { maintenanceMode: true },
      { mapApiKey: 'cle-volee' },
      { logRetentionDays: 7 },
    ]) {
      const res = await call('PUT', '/api/setting', { token: editor, body: { data: { siteDescription: 'Tentative', ...data } } });
      expect(res.status, JSON.stringify(data)).toBe(403);
      expect(res.body.error.message).toMatch(new RegExp(`Votre rôle ne permet pas de modifier ces paramètres : ${Object.keys(data)[0]}`));
    }
    expect(await settingsAs('admin')).toEqual(before);
    // Sent back unchanged (a whole form), they are not a change.
    const { mapApiKey: _key, ...asRead } = await settingsAs('editor');
    expect((await call('PUT', '/api/setting', { token: editor, body: { data: asRead } })).status).toBe(200);
    // A Super Admin changes them.
    expect((await call('PUT', '/api/setting', { token: await tokenOf('superadmin'), body: { data: { maxFileUploadSize: 12 } } })).status).toBe(200);
    expect((await call('PUT', '/api/setting', { token: await tokenOf('admin'), body: { data: { maxFileUploadSize: 10 } } })).status).toBe(200);
  });

  it('the map API key is returned only to administrators', async () => {
    const admin = await tokenOf('admin');
    const saved = await call('PUT', '/api/setting', { token: admin, body: { data: { mapProvider: 'mapbox', mapApiKey: 'pk.secret-de-la-mairie' } } });
    expect(saved.body.data.mapApiKey).toBe('pk.secret-de-la-mairie');
    expect((await settingsAs('superadmin')).mapApiKey).toBe('pk.secret-de-la-mairie');
    for (const account of ['editor', 'operator', 'author'] as const) {
      const data = await settingsAs(account);
      expect(data.mapProvider, account).toBe('mapbox');
      expect(data, account).not.toHaveProperty('mapApiKey');
    }
    const editorSave = await call('PUT', '/api/setting', { token: await tokenOf('editor'), body: { data: { siteDescription: 'Sans la clé' } } });
    expect(editorSave.status).toBe(200);
    expect(editorSave.body.data).not.toHaveProperty('mapApiKey');
    expect(JSON.stringify((await call('GET', '/api/setting/public')).body)).not.toContain('pk.secret');
  });

  it('uploads keep working after refused settings', async () => {
    const admin = await tokenOf('admin');
    expect((await call('PUT', '/api/setting', { token: admin, body: { data: { allowedFileTypes: 'notalist', maxFileUploadSize: 'beaucoup' } } })).status).toBe(400);
    expect((await upload(await tokenOf('operator'), 'apres.png', PNG_1PX, 'image/png')).status).toBe(201);
  });
});
