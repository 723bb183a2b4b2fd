import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS } from '../support/api';
import { freePort, startBackend } from '../support/backend-server';
import { startTemporaryPostgres } from '../support/postgres';
import { makeReadOnly } from '../support/read-only';

/**
 * A backend never starts open: in production (NODE_ENV=production) it neither creates a database nor loads the demo
 * data unless told to, and refuses to run while a demo account opens with its published password. Each test starts
 * backends of its own on files of its own.
 */
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
const backendRequire = createRequire(path.join(backendDir, 'package.json'));
const Database = backendRequire('better-sqlite3');
const bcrypt = backendRequire('bcryptjs');

const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-production-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const production = (extra: NodeJS.ProcessEnv = {}) => ({ NODE_ENV: 'production', DATABASE_CREATE: '', SEED_DEMO: 'true', ...extra });
const rowsOf = (file: string, sql: string) => {
  const db = new Database(file);
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
};

describe('production start', () => {
  it('refuses a database file that does not exist, and creates nothing', async () => {
    const missing = path.join(dir, 'unmounted-disk', 'data.db');
    // Its files' folder elsewhere: the one beside the database would create the missing disk's folder.
    await expect(startBackend({ build: false, sqliteFile: missing, publicDir: path.join(dir, 'unmounted-public'), env: production() })).rejects.toThrow(
      /\[démarrage refusé\] base de données introuvable : .*unmounted-disk\/data\.db.*DATABASE_CREATE=true/,
    );
    expect(existsSync(path.dirname(missing))).toBe(false);
  });

  it('with DATABASE_CREATE=true creates an empty database without demo data; refuses to run while a demo account has its published password', { timeout: 400_000 }, async () => {
    const file = path.join(dir, 'created.db');
    const created = await startBackend({ build: false, sqliteFile: file, env: production({ DATABASE_CREATE: 'true' }) });
    try {
      const login = await call('POST', '/api/auth/local', { baseUrl: created.url, body: { identifier: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } });
      expect(login.status).toBe(400);
      expect((await call('GET', '/_health', { baseUrl: created.url })).status).toBe(204);
      // Nor does its login page offer them.
      expect((await call('GET', '/api/setting/public', { baseUrl: created.url })).body.meta).toEqual({ demoAccounts: false });
    } finally {
      await created.stop();
    }
    expect(rowsOf(file, 'SELECT email FROM up_users')).toEqual([]);
    expect(rowsOf(file, 'SELECT id FROM reports')).toEqual([]);

    // A demo account with its published password (left by a copy of a demo database, say) stops the start.
    const db = new Database(file);
    db.prepare(
      "INSERT INTO up_users (document_id, username, email, provider, password, confirmed, blocked, created_at, updated_at) VALUES ('demo0000000000000000000001', 'Admin Mairie', ?, 'local', ?, 1, 0, 0, 0)",
    ).run(DEMO_ACCOUNTS.admin.email, bcrypt.hashSync(DEMO_ACCOUNTS.admin.password, 10));
    db.close();
    await expect(startBackend({ build: false, sqliteFile: file, env: production() })).rejects.toThrow(
      /\[démarrage refusé\] compte de démonstration avec leur mot de passe publié : admin@mairie\.test/,
    );

    // Its password changed, the same database starts (it exists now: no DATABASE_CREATE needed).
    const changed = new Database(file);
    changed.prepare('UPDATE up_users SET password = ? WHERE email = ?').run(bcrypt.hashSync('Un-autre-mot-de-passe-1', 10), DEMO_ACCOUNTS.admin.email);
    changed.close();
    const restarted = await startBackend({ build: false, sqliteFile: file, env: production() });
    try {
      const login = await call('POST', '/api/auth/local', { baseUrl: restarted.url, body: { identifier: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } });
      expect(login.status).toBe(400);
    } finally {
      await restarted.stop();
    }
  });

  it('refuses an empty base without DATABASE_CREATE=true (an empty PostgreSQL base with TEST_DB=postgres, else an empty SQLite file)', { timeout: 120_000 }, async () => {
    if (process.env.TEST_DB === 'postgres') {
      const postgres = await startTemporaryPostgres(await freePort());
      try {
        await expect(startBackend({ build: false, postgresUrl: postgres.url, env: production() })).rejects.toThrow(
          /\[démarrage refusé\] la base PostgreSQL de DATABASE_URL est vide\..*DATABASE_CREATE=true/,
        );
      } finally {
        await postgres.stop();
      }
      return;
    }
    const file = path.join(dir, 'empty.db');
    writeFileSync(file, '');
    await expect(startBackend({ build: false, sqliteFile: file, env: production() })).rejects.toThrow(
      /\[démarrage refusé\] la base de données .*empty\.db est vide\..*DATABASE_CREATE=true/,
    );
    expect(rowsOf(file, "SELECT name FROM sqlite_master WHERE type = 'table'")).toEqual([]);
  });

  it('says in one line that a read-only database cannot be written', async () => {
    const folder = path.join(dir, 'read-only');
    mkdirSync(folder);
    const file = path.join(folder, 'data.db');
    writeFileSync(file, '');
    const readOnly = makeReadOnly(file);
    try {
      const child = spawn(process.execPath, [path.join(backendDir, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
        cwd: backendDir,
        env: { ...process.env, NODE_ENV: 'production', DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file, HOST: '127.0.0.1', PORT: String(await freePort()) },
      });
      let errors = '';
      child.stderr.on('data', (chunk) => (errors += chunk));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      const lines = errors.split('\n').filter((line) => line.includes('démarrage refusé'));
      expect(lines).toEqual([`[démarrage refusé] la base de données est en lecture seule : ${file} ne peut pas être modifié par le backend. Rendez-le accessible en écriture, puis redémarrez.`]);
    } finally {
      readOnly.undo();
    }
  });
});
