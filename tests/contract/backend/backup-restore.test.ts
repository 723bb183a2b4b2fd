import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, logIn, PNG_1PX, reportData, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { seededCopy } from '../support/prepared-backend';

// better-sqlite3 is the backend's: the restored file is aged and inspected with the driver that wrote it.
const Database = createRequire(path.resolve('backend/package.json'))('better-sqlite3');
const DAY_MS = 24 * 3600 * 1000;

/**
 * docs/exploitation.md, « Restaurer une sauvegarde »: a backup made by one backend, restored into a fresh database as the
 * procedure says (the archive's database.sqlite as DATABASE_FILENAME, its uploads/ into
 * public/uploads), gives back the same reports and the same files. The restored backend also
 * prunes, as it starts, the notifications and audit entries older than their retention.
 */
describe('backup then restore into a fresh database (SQLite, whatever TEST_DB)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-restore-'));
  let first: RunningBackend | undefined;
  let restored: RunningBackend | undefined;
  let token = '';
  let reportsBefore: unknown[] = [];
  const photoBytes = new Map<string, Buffer>();
  let archive = '';

  const reportsOf = async (baseUrl: string, jwt: string) => {
    const res = await call('GET', '/api/reports?populate[photos][fields][0]=url&sort=id:asc&pagination[pageSize]=100&fields[0]=title&fields[1]=report_status&fields[2]=service&fields[3]=createdAt', {
      token: jwt,
      baseUrl,
    });
    expect(res.status).toBe(200);
    return res.body.data.map((r: any) => ({ ...r, photos: (r.photos ?? []).map((p: any) => p.url) }));
  };

  beforeAll(async () => {
    // The run's global set-up built backend/ already.
    first = await startBackend({ ...seededCopy(), sqliteFile: path.join(dir, 'first.db'), build: false, env: { BACKUP_DIR: path.join(dir, 'backups-first'), BACKUP_KEEP: '2' } });
  }, 240_000);
  afterAll(async () => {
    await first?.stop();
    await restored?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a backend holding a report with a photo, keeping the newest BACKUP_KEEP archives', async () => {
    token = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: first!.url });
    const form = new FormData();
    form.append('files', new Blob([PNG_1PX], { type: 'image/png' }), `${unique('restauration')}.png`);
    const uploaded = await call('POST', '/api/upload', { token, form, baseUrl: first!.url });
    expect(uploaded.status).toBe(201);
    const created = await call('POST', '/api/reports', { token, baseUrl: first!.url, body: { data: reportData({ title: `Avant sauvegarde ${unique()}`, photos: [uploaded.body[0].id] }) } });
    expect(created.status).toBe(201);
    // The report's notifications are written after its commit: wait for the administrator's.
    for (let i = 0; i < 50; i++) {
      if ((await call('GET', '/api/notifications/unread-count', { token, baseUrl: first!.url })).body.count > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    reportsBefore = await reportsOf(first!.url, token);
    expect(reportsBefore.length).toBeGreaterThan(1);
    for (const url of (reportsBefore as { photos: string[] }[]).flatMap((r) => r.photos)) {
      const res = await fetch(`${first!.url}${url}`);
      photoBytes.set(url, Buffer.from(await res.arrayBuffer()));
    }
    expect(photoBytes.size).toBeGreaterThan(0);

    const made = await call('POST', '/api/backups', { token, baseUrl: first!.url });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await fetch(`${first!.url}/api/backups/${made.body.data.name}/download`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    archive = path.join(dir, made.body.data.name);
    writeFileSync(archive, Buffer.from(await res.arrayBuffer()));

    // BACKUP_KEEP=2: after two more backups, the oldest is deleted.
    const second = (await call('POST', '/api/backups', { token, baseUrl: first!.url })).body.data.name;
    const third = (await call('POST', '/api/backups', { token, baseUrl: first!.url })).body.data.name;
    const listed = await call('GET', '/api/backups', { token, baseUrl: first!.url });
    expect(listed.body.data.map((b: { name: string }) => b.name)).toEqual([third, second]);
    expect(listed.body.meta.keep).toBe(2);
    expect((await call('GET', `/api/backups/${made.body.data.name}/download`, { token, baseUrl: first!.url })).status).toBe(404);
    await first!.stop();
    first = undefined;
    // Three archives of the base and its files: 37 s alone, over 120 s once beside npm test's other runs.
  }, 300_000);

  it('restored as docs/exploitation.md says, a fresh backend gives back the same reports and files, and prunes by retention', async () => {
    const restoreDir = path.join(dir, 'restauration');
    mkdirSync(restoreDir);
    execFileSync('tar', ['-xzf', archive, '-C', restoreDir]);
    const manifest = JSON.parse(readFileSync(path.join(restoreDir, 'sauvegarde.json'), 'utf8'));
    expect(manifest.database).toEqual({ client: 'sqlite', file: 'database.sqlite' });
    for (const [url, bytes] of photoBytes) {
      expect(readFileSync(path.join(restoreDir, url)), url).toEqual(bytes);
    }

    // Entries older than their retention (notifications 30 days, audit 90 days by default), and recent ones.
    const file = path.join(restoreDir, 'database.sqlite');
    const db = new Database(file);
    const auditIds = db.prepare('select id from audit_logs order by id').all().map((r: { id: number }) => r.id);
    const notificationIds = db.prepare('select id from notifications order by id').all().map((r: { id: number }) => r.id);
    expect(auditIds.length).toBeGreaterThan(2);
    expect(notificationIds.length).toBeGreaterThan(1);
    const sample = db.prepare('select timestamp from audit_logs limit 1').get().timestamp;
    const at = (ms: number) => (typeof sample === 'number' ? ms : new Date(ms).toISOString());
    db.prepare('update audit_logs set timestamp = ? where id = ?').run(at(Date.now() - 91 * DAY_MS), auditIds[0]);
    db.prepare('update audit_logs set timestamp = ? where id = ?').run(at(Date.now() - 89 * DAY_MS), auditIds[1]);
    db.prepare('update notifications set created_at = ? where id = ?').run(at(Date.now() - 31 * DAY_MS), notificationIds[0]);
    db.prepare('update notifications set created_at = ? where id = ?').run(at(Date.now() - 29 * DAY_MS), notificationIds[1]);
    db.close();

    // Restore step 4 (docs/exploitation.md): the archive's files become the restored backend's uploads (a folder the first never wrote).
    const publicDir = path.join(dir, 'restored-public');
    cpSync(path.join(restoreDir, 'uploads'), path.join(publicDir, 'uploads'), { recursive: true });
    restored = await startBackend({ sqliteFile: file, publicDir, build: false, env: { BACKUP_DIR: path.join(dir, 'backups-restored') } });
    const jwt = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: restored.url });
    expect(await reportsOf(restored.url, jwt)).toEqual(reportsBefore);
    for (const [url, bytes] of photoBytes) {
      const res = await fetch(`${restored.url}${url}`);
      expect(Buffer.from(await res.arrayBuffer()), url).toEqual(bytes);
    }

    const after = new Database(file, { readonly: true });
    const exists = (table: string, id: number) => Boolean(after.prepare(`select id from ${table} where id = ?`).get(id));
    expect(exists('audit_logs', auditIds[0])).toBe(false);
    expect(exists('audit_logs', auditIds[1])).toBe(true);
    expect(exists('notifications', notificationIds[0])).toBe(false);
    expect(exists('notifications', notificationIds[1])).toBe(true);
    after.close();
  }, 240_000);
});
