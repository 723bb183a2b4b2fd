import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, logIn, PNG_1PX, unique, upload, type CallOptions } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { seededCopy } from '../support/prepared-backend';

/**
 * /_ready says whether the database can be written, and a write the database cannot take is a 503 in French. The
 * database is made unwritable the way another program would: this file holds SQLite's write lock on it.
 */
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
const Database = createRequire(path.join(backendDir, 'package.json'))('better-sqlite3');

const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-ready-'));
const file = path.join(dir, 'data.db');
let backend: RunningBackend;
let admin: string;

beforeAll(async () => {
  // The service-level reminders run once a year here, not every 20 s: their run's claim, a write, made while this
  // file holds the lock, waits for it with SQLite's one connection (better-sqlite3 waits synchronously), and the reads
  // the test expects to go on then wait too (seen once in a CI run: a read answered 503 after 10 s).
  backend = await startBackend({ build: false, ...seededCopy(), sqliteFile: file, env: { REQUEST_TIMEOUT_MS: '3000', SLA_REMINDER_RULE: '0 0 0 1 1 *' } });
  admin = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: backend.url });
});
afterAll(async () => {
  await backend?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const api = (method: string, pathAndQuery: string, options: CallOptions = {}) => call(method, pathAndQuery, { ...options, baseUrl: backend.url });
const newArticle = () => {
  const slug = unique('travaux-rue-du-commerce');
  return { data: { title: `Travaux ${slug}`, slug, date: new Date().toISOString() } };
};

describe('/_ready', () => {
  it('answers 200 while the database can be read and written', async () => {
    const ready = await api('GET', '/_ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'sqlite' });
  });

  it('answers 503 with the cause while the database cannot be written; writes get a 503 in French; both recover', async () => {
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      const ready = await api('GET', '/_ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'unavailable', cause: 'La base de données est verrouillée par un autre programme.' });
      // /_health only says the process answers.
      expect((await api('GET', '/_health')).status).toBe(204);
      // Reading goes on.
      expect((await api('GET', '/api/articles?pagination[pageSize]=1', { token: admin })).status).toBe(200);

      const write = await api('POST', '/api/articles', { token: admin, body: newArticle() });
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).toBe('30');
      expect(write.body.error.message).toBe(
        "Enregistrement impossible pour le moment : la base de données est verrouillée par un autre programme. Réessayez dans quelques minutes ; prévenez l'administrateur si cela dure.",
      );
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await api('GET', '/_ready')).status).toBe(200);
    expect((await api('POST', '/api/articles', { token: admin, body: newArticle() })).status).toBe(201);
  });
});

describe('a fresh backend', () => {
  it('the first uploads, arriving together, are all stored (the plugin made its upload folder once each: all but one got a 500)', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(admin, `${unique(`premier-${i}`)}.png`, PNG_1PX, 'image/png', { baseUrl: backend.url })));
    expect(results.map((res) => res.status)).toEqual(results.map(() => 201));
    const folders = new Database(file, { readonly: true });
    try {
      expect(folders.prepare("SELECT COUNT(*) AS n FROM upload_folders WHERE name LIKE 'API Uploads%'").get()).toEqual({ n: 1 });
    } finally {
      folders.close();
    }
  });
});

describe('slow request bodies', () => {
  it('a request whose body has not all arrived within REQUEST_TIMEOUT_MS is answered 408 and its connection closed', async () => {
    const { port } = new URL(backend.url);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const started = Date.now();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(`POST /api/articles HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"data":`);
    // A byte now and then, never the whole body.
    const drip = setInterval(() => socket.writable && socket.write(' '), 500);
    await closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Cut off after the 3 s allowed (Node looks every 750 ms), not left open.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
