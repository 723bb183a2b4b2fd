import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_TYPE_SERVICES, DEFAULT_SETTINGS } from '../../../domain/settings';
import { call, reportData, tokenOf, unique, type DemoAccount } from '../support/api';

const admin = () => tokenOf('admin');
const save = async (data: Record<string, unknown>) => {
  const res = await call('PUT', '/api/setting', { token: await admin(), body: { data } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const createReport = async (overrides: Record<string, unknown>, account: DemoAccount = 'operator') =>
  call('POST', '/api/reports', { token: await tokenOf(account), body: { data: reportData(overrides) } });

describe('settings: save and reset', () => {
  afterAll(async () => {
    await call('POST', '/api/setting/reset', { token: await admin() });
  });

  it('a save keeps every value sent; a reset puts back the defaults of the specification', async () => {
    const saved = await save({
      siteName: 'Ville de Mamoudzou',
      maxLoginAttempts: 7,
      // Every default type stays (other files create reports on this backend meanwhile), one added.
      signalementCategories: [...DEFAULT_SETTINGS.signalementCategories, { name: 'Déchets', subTypes: ['Dépôt'] }],
      reportTypeServices: { Voirie: 'Urbanisme' },
    });
    expect(saved).toMatchObject({ siteName: 'Ville de Mamoudzou', maxLoginAttempts: 7, signalementCategories: [...DEFAULT_SETTINGS.signalementCategories, { name: 'Déchets', subTypes: ['Dépôt'] }], reportTypeServices: { Voirie: 'Urbanisme' } });
    expect((await call('GET', '/api/setting', { token: await admin() })).body.data.siteName).toBe('Ville de Mamoudzou');
    expect((await call('GET', '/api/setting/public')).body.data.siteName).toBe('Ville de Mamoudzou');

    const reset = await call('POST', '/api/setting/reset', { token: await admin() });
    expect(reset.status).toBe(200);
    const read = (await call('GET', '/api/setting', { token: await admin() })).body.data;
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) expect(read[key], key).toEqual(value);
  });

  it('refuses « Notifications par SMS » while the server has no SMS provider, saying so in French', async () => {
    const res = await call('PUT', '/api/setting', { token: await admin(), body: { data: { smsNotifications: true } } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Aucun fournisseur SMS n'est configuré sur le serveur : les notifications par SMS ne peuvent pas être activées.");
    expect(res.body.error.details.errors[0].path).toEqual(['smsNotifications']);
    expect((await call('GET', '/api/setting', { token: await admin() })).body.data.smsNotifications).toBe(false);
    // Sent back unchanged (off), it is no change.
    expect((await call('PUT', '/api/setting', { token: await admin(), body: { data: { smsNotifications: false } } })).status).toBe(200);
  });

  it('refuses an unknown service in the type → service table', async () => {
    for (const reportTypeServices of [{ Voirie: 'Service imaginaire' }, ['Voirie']]) {
      const res = await call('PUT', '/api/setting', { token: await admin(), body: { data: { reportTypeServices } } });
      expect(res.status, JSON.stringify(reportTypeServices)).toBe(400);
      expect(res.body.error.details.errors[0].path[0]).toBe('reportTypeServices');
    }
  });
});

describe('settings: only administrators reset and back up; the server status is read with integrations', () => {
  it('refuses the other roles (403) and visitors (401 or 403)', async () => {
    const routes: [string, string][] = [
      ['POST', '/api/setting/reset'],
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['GET', '/api/backups/sauvegarde-20260101-000000.tar.gz/download'],
    ];
    for (const account of ['editor', 'operator', 'author'] as const) {
      for (const [method, path] of routes) {
        expect((await call(method, path, { token: await tokenOf(account) })).status, `${account} ${method} ${path}`).toBe(403);
      }
    }
    for (const [method, path] of routes) expect([401, 403], `${method} ${path}`).toContain((await call(method, path)).status);
    // The server's status is the matrix's integrations read: an Editor reads it, the Operator and the Author do not.
    expect((await call('GET', '/api/system-status', { token: await tokenOf('editor') })).status).toBe(200);
    for (const account of ['operator', 'author'] as const) expect((await call('GET', '/api/system-status', { token: await tokenOf(account) })).status, account).toBe(403);
    expect([401, 403]).toContain((await call('GET', '/api/system-status')).status);
    // The Operator and the Author read the settings but write none.
    for (const account of ['operator', 'author'] as const) {
      expect((await call('PUT', '/api/setting', { token: await tokenOf(account), body: { data: { siteName: 'Piratée' } } })).status, account).toBe(403);
    }
    expect((await call('GET', '/api/setting/public')).body.data.siteName).toBe(DEFAULT_SETTINGS.siteName);
    // A Super Admin is an administrator.
    expect((await call('GET', '/api/system-status', { token: await tokenOf('superadmin') })).status).toBe(200);
  });
});

describe('rules the settings drive on new reports', () => {
  afterAll(async () => {
    await save({ autoAssignSignalements: false, reportTypeServices: DEFAULT_REPORT_TYPE_SERVICES, maxSignalementsPerUser: 10 });
  });

  it('auto-assignment sends a new report to its type’s service: the table first, then the defaults; a chosen service stays', async () => {
    await save({ autoAssignSignalements: false });
    const off = await createReport({ type: 'Voirie' });
    expect(off.status).toBe(201);
    expect(off.body.data.service ?? null).toBeNull();

    await save({ autoAssignSignalements: true, reportTypeServices: { Voirie: 'Urbanisme' } });
    const fromTable = await createReport({ type: 'Voirie' });
    expect(fromTable.body.data.service).toBe('Urbanisme');
    const fromDefaults = await createReport({ type: 'Propreté', subType: 'Dépôt sauvage' });
    expect(fromDefaults.body.data.service).toBe('Environnement');
    const chosen = await createReport({ type: 'Voirie', service: 'Police Municipale' }, 'admin');
    expect(chosen.body.data.service).toBe('Police Municipale');
    // Stored so: read back.
    const read = await call('GET', `/api/reports/${fromTable.body.data.documentId}`, { token: await admin() });
    expect(read.body.data.service).toBe('Urbanisme');
  });

  it('maxSignalementsPerUser: a citizen’s reports beyond the monthly limit are refused with a French message', async () => {
    await save({ maxSignalementsPerUser: 2 });
    const citizen = `${unique('citoyen')}@exemple.yt`;
    expect((await createReport({ citizenEmail: citizen })).status).toBe(201);
    expect((await createReport({ citizenEmail: citizen.toUpperCase() }, 'admin')).status).toBe(201);
    const third = await createReport({ citizenEmail: citizen });
    expect(third.status).toBe(400);
    expect(third.body.error.message).toBe(
      'Limite mensuelle atteinte pour cette adresse e-mail : au plus 2 signalements par personne et par mois.',
    );
    expect(third.body.error.details.errors[0].path).toEqual(['citizenEmail']);
    const { body } = await call('GET', `/api/reports?filters[citizenEmail][$eqi]=${encodeURIComponent(citizen)}`, { token: await admin() });
    expect(body.meta.pagination.total).toBe(2);
    // Another citizen, and a report without a citizen's email, are not held back.
    expect((await createReport({ citizenEmail: `${unique('autre')}@exemple.yt` })).status).toBe(201);
    expect((await createReport({})).status).toBe(201);
    // A higher limit lets the citizen send again.
    await save({ maxSignalementsPerUser: 3 });
    expect((await createReport({ citizenEmail: citizen })).status).toBe(201);
  });
});

describe('backups on the running backend', () => {
  it('"Sauvegarder maintenant" makes an archive, listed with its size and date, downloadable, both audited', async () => {
    const made = await call('POST', '/api/backups', { token: await admin() });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.name).toMatch(/^sauvegarde-\d{8}-\d{6}(-\d+)?\.tar\.gz$/);
    expect(made.body.data.size).toBeGreaterThan(1000);

    const list = await call('GET', '/api/backups', { token: await admin() });
    expect(list.body.data[0]).toMatchObject({ name: made.body.data.name, size: made.body.data.size });
    expect(Date.parse(list.body.data[0].createdAt)).toBeGreaterThan(Date.now() - 120_000);
    expect(list.body.meta.keep).toBe(10);

    const res = await fetch(`${(await import('../support/api')).backendUrl()}/api/backups/${made.body.data.name}/download`, {
      headers: { Authorization: `Bearer ${await admin()}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${made.body.data.name}"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(made.body.data.size);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip

    for (const name of ['..%2F..%2Fpackage.json', 'sauvegarde-20990101-000000.tar.gz']) {
      expect((await call('GET', `/api/backups/${name}/download`, { token: await admin() })).status, name).toBe(404);
    }
    const audit = await call('GET', '/api/audit-logs?filters[resourceType]=backup&sort=id:desc&pagination[pageSize]=5', { token: await admin() });
    const actions = audit.body.data.filter((e: any) => e.resourceId === made.body.data.name).map((e: any) => [e.action, e.userName, e.module]);
    expect(actions).toEqual(expect.arrayContaining([['create', 'Admin Mairie', 'parametrages'], ['download', 'Admin Mairie', 'parametrages']]));
  });

  it('the server status tells the database, its last backup, the real-time server, email, uploads, versions and the scheduled jobs', async () => {
    const { status, body } = await call('GET', '/api/system-status', { token: await admin() });
    expect(status).toBe(200);
    const data = body.data;
    expect(data.database.client).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
    expect(data.database.size).toBeGreaterThan(10_000);
    expect(data.database.lastBackup.name).toMatch(/^sauvegarde-/);
    expect(data.database.backupFrequency).toBe('daily');
    expect(data.realtime).toMatchObject({ enabled: true });
    // No SMTP server for this run: the mails wait in the outbox (email.test.ts starts one).
    expect(data.email).toMatchObject({ configured: false, provider: 'nodemailer', reachable: null, host: null });
    expect(data.email.outbox.queued).toEqual(expect.any(Number));
    expect(data.sms).toEqual({ configured: false, provider: null, notificationsEnabled: false });
    expect(data.uploads).toMatchObject({ maxFileUploadSize: 10, allowedFileTypes: DEFAULT_SETTINGS.allowedFileTypes });
    expect(data.versions).toEqual({ application: expect.stringMatching(/^\d+\.\d+\.\d+/), strapi: '5.54.0' });
    // Pruning by retention and the backups are scheduled daily, the idempotency keys' hourly, the service-level reminders every few seconds.
    const tasks = Object.fromEntries(data.tasks.map((t: { name: string; nextRun: string }) => [t.name, t.nextRun]));
    expect(Object.keys(tasks).sort()).toEqual(['backup', 'pruneAuditLog', 'pruneCitizenDetails', 'pruneEmailOutbox', 'pruneIdempotencyKeys', 'pruneNotifications', 'slaReminders']);
    for (const next of Object.values(tasks)) {
      const inMs = Date.parse(next as string) - Date.now();
      expect(inMs).toBeGreaterThan(0);
      expect(inMs).toBeLessThanOrEqual(24 * 3600 * 1000);
    }
  });
});
