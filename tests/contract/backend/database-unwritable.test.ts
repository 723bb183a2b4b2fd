import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, logIn, reportData, unique, type CallOptions } from '../support/api';
import { freePort, startBackend, type StartOptions } from '../support/backend-server';
import { startTemporaryPostgres, type TemporaryPostgres } from '../support/postgres';
import { seededCopy } from '../support/prepared-backend';
import { open311 } from '../open311/client';

/**
 * A database that stops taking writes under a running backend (a disk remounted read only, a file made immutable,
 * a full disk) is a 503 in French on every write, never the end of the process, and over as soon as the database
 * takes writes again, without a restart. The faults are made for real: `chattr +i` (root on ext4), a small tmpfs
 * filled to its last byte, a PostgreSQL server turned read only. Each SQLite backend runs on a copy of the run's
 * seeded database.
 */
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
const { Client } = createRequire(path.join(backendDir, 'package.json'))('pg');

const KAWENI = { lat: '-12.7598', long: '45.2221' };
const { operator } = DEMO_ACCOUNTS;
const UNAVAILABLE = /^Enregistrement impossible pour le moment : .*base de données.*\. Réessayez dans quelques minutes ; prévenez l'administrateur si cela dure\.$/;

/** One backend on its own database, with what every check needs: the admin's token and an Open311 client's key. */
async function serving(database: StartOptions) {
  const backend = await startBackend({ build: false, ...database });
  const admin = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: backend.url });
  const client = await call('POST', '/api/open311-clients', { token: admin, baseUrl: backend.url, body: { data: { name: unique('Application citoyenne') } } });
  expect(client.status).toBe(201);
  return { backend, admin, key: client.body.data.apiKey as string };
}

type Serving = Awaited<ReturnType<typeof serving>>;

/** Citizen's words no log line may hold: each refused request carries its own. */
const citizenText = () => `${unique('Mme Zaïnaba Attoumani')} signale un trou rue des Hauts-Vallons`;

/**
 * While the database takes no write: the process serves on, /_ready says why in French, and a staff report, a
 * login with the right password and an Open311 report are each refused with a French 503; none of the citizens' words
 * reaches the log. Answers the texts refused, to check afterwards that none was half kept.
 */
async function expectWritesRefused({ backend, admin, key }: Serving, cause: RegExp): Promise<string[]> {
  const api = (method: string, to: string, options: CallOptions = {}) => call(method, to, { ...options, baseUrl: backend.url });
  const refused: string[] = [];

  const staffText = citizenText();
  refused.push(staffText);
  const report = await api('POST', '/api/reports', { token: admin, body: { data: reportData({ description: staffText, citizenName: staffText }) } });
  expect(report.status, JSON.stringify(report.body)).toBe(503);
  expect(report.headers.get('retry-after')).toBe('30');
  expect(report.body.error.message).toMatch(UNAVAILABLE);

  const login = await api('POST', '/api/auth/local', { body: { identifier: operator.email, password: operator.password } });
  expect(login.status, JSON.stringify(login.body)).toBe(503);
  expect(login.body.error.message).toMatch(UNAVAILABLE);

  const open311Text = citizenText();
  refused.push(open311Text);
  const filed = await open311('POST', 'requests.json', { api_key: key, service_code: 'voirie', ...KAWENI, description: open311Text, first_name: open311Text }, backend.url);
  expect(filed.status, filed.text).toBe(503);
  expect(filed.json).toEqual([{ code: 503, description: expect.stringMatching(UNAVAILABLE) }]);

  // Asked after the writes: the first write refused is the one whose after-commit work used to end the process.
  const ready = await api('GET', '/_ready');
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ status: 'unavailable', database: backend.database });
  expect(ready.body.cause).toMatch(cause);

  // A query left to fail after the refusal used to end the process a moment later.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(backend.alive()).toBe(true);
  expect((await api('GET', '/_health')).status).toBe(204);
  // Every query that failed was awaited by someone: none was left for the process guard.
  expect(backend.output()).not.toMatch(/survived/);
  for (const text of refused) expect(backend.output()).not.toContain(text.slice(0, 30));
  return refused;
}

/** Writable again: everything is back without a restart, and nothing of the refused requests was kept. */
async function expectWritesBack({ backend, admin, key }: Serving, refused: string[]) {
  const api = (method: string, to: string, options: CallOptions = {}) => call(method, to, { ...options, baseUrl: backend.url });
  expect(backend.alive()).toBe(true);
  expect((await api('GET', '/_ready')).status).toBe(200);
  expect((await api('POST', '/api/reports', { token: admin, body: { data: reportData({ description: citizenText() }) } })).status).toBe(201);
  expect((await api('POST', '/api/auth/local', { body: { identifier: operator.email, password: operator.password } })).status).toBe(200);
  expect((await open311('POST', 'requests.json', { api_key: key, service_code: 'voirie', ...KAWENI, description: citizenText() }, backend.url)).status).toBe(201);
  for (const text of refused) {
    const kept = await api('GET', `/api/reports?filters[description][$eq]=${encodeURIComponent(text)}`, { token: admin });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toEqual([]);
  }
}

const chattr = (flag: '+i' | '-i', targets: string[]) => execFileSync('chattr', [flag, ...targets]);
const REFUSES_WRITES = /^La base de données refuse l'écriture \(fichier ou dossier protégé, ou disque défaillant\)\.$/;

describe('a database file made immutable under the running backend', () => {
  let dir = '';
  let file = '';
  let serve: Serving;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'backoffice-immutable-'));
    file = path.join(dir, 'data.db');
    serve = await serving({ ...seededCopy(), sqliteFile: file, publicDir: path.join(dir, 'public') });
  });
  afterAll(async () => {
    if (!dir) return;
    try {
      chattr('-i', [file, dir]);
    } finally {
      await serve?.backend.stop();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('with its folder immutable too (no journal can be made: a disk remounted read only): writes refused in French, the process alive, all back once writable', async () => {
    let refused: string[];
    chattr('+i', [file, dir]);
    try {
      refused = await expectWritesRefused(serve, REFUSES_WRITES);
    } finally {
      chattr('-i', [file, dir]);
    }
    await expectWritesBack(serve, refused);
  });

  it('alone (SQLite writes its journal, then the file refuses the write and the journal stays): the same, and reads resume', async () => {
    let refused: string[];
    chattr('+i', [file]);
    try {
      refused = await expectWritesRefused(serve, REFUSES_WRITES);
    } finally {
      chattr('-i', [file]);
    }
    await expectWritesBack(serve, refused);
  });
});

describe('a full disk under the running backend', () => {
  let dir = '';
  let disk = '';
  let serve: Serving;
  let mounted = false;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'backoffice-full-disk-'));
    disk = path.join(dir, 'disk');
    // A filesystem of its own, a little larger than the database, so that filling it costs a few megabytes.
    mkdirSync(disk);
    const seeded = seededCopy().from;
    // (With TEST_DB=postgres there is no seeded SQLite copy: the first start seeds its own, which needs more room.)
    const size = (seeded ? statSync(seeded).size : 48 * 1024 * 1024) + 16 * 1024 * 1024;
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', disk]);
    mounted = true;
    serve = await serving({ ...seededCopy(), sqliteFile: path.join(disk, 'data.db'), publicDir: path.join(dir, 'public') });
  });
  afterAll(async () => {
    await serve?.backend.stop();
    if (mounted) execFileSync('umount', [disk]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes refused in French while no byte is left, the process alive, all back once room is made', async () => {
    let refused: string[];
    // Fills the disk to its last block.
    const filler = path.join(disk, 'filler');
    const { bavail, bsize } = statfsSync(disk);
    writeFileSync(filler, Buffer.alloc(bavail * bsize));
    expect(statfsSync(disk).bavail).toBe(0);
    try {
      refused = await expectWritesRefused(serve, /^Le disque de la base de données est plein\.$/);
    } finally {
      rmSync(filler, { force: true });
    }
    await expectWritesBack(serve, refused);
  });
});

describe('a PostgreSQL server turned read only under the running backend', () => {
  let postgres: TemporaryPostgres;
  let serve: Serving;
  beforeAll(async () => {
    postgres = await startTemporaryPostgres(await freePort());
    serve = await serving({ postgresUrl: postgres.url });
  });
  afterAll(async () => {
    await serve?.backend.stop();
    await postgres?.stop();
  });

  /** Sets the server's default for every session, the backend's open ones included (a configuration reload). */
  async function readOnly(on: boolean) {
    // A session of its own that may write whatever the default says.
    const client = new Client({ connectionString: postgres.url, options: '-c default_transaction_read_only=off' });
    await client.connect();
    try {
      await client.query(on ? 'ALTER SYSTEM SET default_transaction_read_only = on' : 'ALTER SYSTEM RESET default_transaction_read_only');
      await client.query('SELECT pg_reload_conf()');
    } finally {
      await client.end();
    }
    // The sessions read the reloaded configuration between two statements.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  it('writes refused in French while read only (25006), the process alive, all back once writable', async () => {
    let refused: string[];
    await readOnly(true);
    try {
      refused = await expectWritesRefused(serve, /^La base de données est en lecture seule\.$/);
    } finally {
      await readOnly(false);
    }
    await expectWritesBack(serve, refused);
  });
});

describe('the process guard', () => {
  it('outlives a refused query nobody awaited, saying so in one line without the statement; ends the process on any other unhandled error', async () => {
    // The backend's built module in a process of its own: the test runner's process must not be the one guarded.
    const guard = path.join(backendDir, 'dist', 'src', 'startup', 'process-guard.js');
    const script = `
      const { guardProcess } = require(${JSON.stringify(guard)});
      guardProcess({ log: { error: (line) => console.log('LOG ' + line) } });
      const refused = new Error("insert into \`reports\` (\`description\`) values (?) - disk I/O error");
      Promise.reject(Object.assign(refused, { code: 'SQLITE_IOERR_WRITE' }));
      setTimeout(() => {
        console.log('ALIVE');
        Promise.reject(new TypeError('report.reference is not a function'));
      }, 300);
      setTimeout(() => console.log('STILL ALIVE'), 3000);
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(out.split('\n').filter(Boolean)).toEqual(['LOG unhandled rejection survived, the database refused it: SQLITE_IOERR_WRITE on reports', 'ALIVE']);
    expect(code).toBe(1);
    expect(err).toContain('TypeError: report.reference is not a function');
  });
});
