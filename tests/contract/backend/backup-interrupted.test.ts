import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, logIn } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { seededCopy } from '../support/prepared-backend';

/**
 * A backup killed mid-way (the backend ends with SIGKILL while it writes the archive) leaves in BACKUP_DIR its work
 * folder, which holds a full copy of the database, and its unfinished archive. The next start removes them, and
 * nothing else of the folder; the next backup works.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-backup-killed-'));
const sqliteFile = path.join(dir, 'data.db');
const publicDir = path.join(dir, 'public');
const backups = path.join(dir, 'backups');
const env = { BACKUP_DIR: backups };
const running: RunningBackend[] = [];
afterAll(async () => {
  for (const backend of running) await backend.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file and folder under BACKUP_DIR, hidden ones too, as paths relative to it. */
function contentsOfBackups(): string[] {
  return (readdirSync(backups, { recursive: true }) as string[]).sort();
}

async function backUp(backend: RunningBackend, token: string) {
  const made = await call('POST', '/api/backups', { token, baseUrl: backend.url });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data.name as string;
}

describe('a backup killed mid-way', () => {
  it('leaves a work folder with the database and an unfinished archive, which the next start removes (and nothing else); the next backup works', { timeout: 300_000 }, async () => {
    const first = await startBackend({ build: false, ...seededCopy(), sqliteFile, publicDir, env });
    running.push(first);
    const admin = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: first.url });
    // What BACKUP_DIR holds besides: a finished backup, and a file of the administrator's.
    const kept = await backUp(first, admin);
    writeFileSync(path.join(backups, 'notes.txt'), 'Sauvegardes copiées sur le disque externe le lundi.');

    // 48 MB of random bytes, which gzip cannot shrink: the archive takes a moment to write.
    writeFileSync(path.join(publicDir, 'uploads', 'plan-cadastral.bin'), randomBytes(48 * 1024 * 1024));
    const interrupted = call('POST', '/api/backups', { token: admin, baseUrl: first.url }).catch(() => 'cut off');
    const writing = () => contentsOfBackups().some((entry) => entry.endsWith('.part'));
    for (const deadline = Date.now() + 60_000; !writing(); ) {
      if (Date.now() > deadline) throw new Error(`no archive being written: ${contentsOfBackups().join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await first.kill();
    expect(await interrupted).toBe('cut off');
    const left = contentsOfBackups().filter((entry) => ![kept, 'notes.txt'].includes(entry));
    // The work folder, with the database's copy in it, and the unfinished archive.
    expect(left.some((entry) => /^\.en-cours-[^/]+\/database\.sqlite$/.test(entry))).toBe(true);
    expect(left.some((entry) => entry.endsWith('.part'))).toBe(true);

    const uploadsBefore = readdirSync(path.join(publicDir, 'uploads')).sort();
    const second = await startBackend({ build: false, sqliteFile, publicDir, env });
    running.push(second);
    expect(contentsOfBackups()).toEqual([kept, 'notes.txt'].sort());
    // The work folder linked to the uploads: the link went, not the files.
    expect(readdirSync(path.join(publicDir, 'uploads')).sort()).toEqual(uploadsBefore);

    const token = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: second.url });
    const next = await backUp(second, token);
    expect(contentsOfBackups()).toEqual([kept, next, 'notes.txt'].sort());
    expect(existsSync(path.join(backups, next))).toBe(true);
  });
});
