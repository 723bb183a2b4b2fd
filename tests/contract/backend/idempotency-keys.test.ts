import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsTo, reportData, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { HOUR, MINUTE, testClock } from '../support/clock';
import { seededCopy } from '../support/prepared-backend';
import { open311 } from '../open311/client';

/**
 * What a retried write's key keeps, and for how long: only a success is kept (a refusal leaves the key free for a
 * real retry), only once the client is known, with nothing about the citizen, and not beyond its window; a backend
 * killed while a keyed write is being recorded never leaves that write done with its key still open to a second one.
 * This file's backend is its own (its clock moves, it is killed and restarted on the same database file).
 */
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'backend');
const Database = createRequire(path.join(backendDir, 'package.json'))('better-sqlite3');

const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-idempotency-keys-'));
const file = path.join(dir, 'data.db');
const clock = testClock();
let backend: RunningBackend;
const start = () => startBackend({ build: false, sqliteFile: file, env: { CLOCK_OFFSET_FILE: clock.file } });

beforeAll(async () => {
  backend = await startBackend({ build: false, ...seededCopy(), sqliteFile: file, env: { CLOCK_OFFSET_FILE: clock.file } });
});
afterAll(async () => {
  await backend?.stop();
  clock.remove();
  rmSync(dir, { recursive: true, force: true });
});

const { api, login } = callsTo(() => backend.url);
const citizenPost = (params: Record<string, string>, headers: Record<string, string> = {}) => open311('POST', 'requests.json', params, backend.url, { headers });

/** Reads the database file beside the running backend (another program, as an administrator's sqlite3 would). */
function read<T>(work: (db: any) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return work(db);
  } finally {
    db.close();
  }
}
const keyRows = () => read((db) => db.prepare('SELECT * FROM idempotency_keys').all() as Record<string, unknown>[]);
const reportsTitled = (title: string) => read((db) => (db.prepare('SELECT COUNT(DISTINCT document_id) AS n FROM reports WHERE title = ?').get(title) as { n: number }).n);

async function newClient(admin: string) {
  const client = await api('POST', '/api/open311-clients', { token: admin, body: { data: { name: unique('Client') } } });
  expect(client.status).toBe(201);
  return client.body.data.apiKey as string;
}
const KAWENI = { service_code: 'voirie', lat: '-12.7598', long: '45.2221' };

describe('what a key keeps', () => {
  it('an unknown caller leaves no trace under an idempotency key: 50 Open311 requests with an unknown key, 10 staff writes with a forged token', async () => {
    const before = keyRows().length;
    for (let i = 0; i < 50; i++) {
      const res = await citizenPost({ api_key: 'bogus', ...KAWENI, description: `Essai ${i}`, device_id: `phone-${i}` }, { 'Idempotency-Key': unique('bogus') });
      expect(res.status).toBe(403);
    }
    for (let i = 0; i < 10; i++) {
      const res = await api('POST', '/api/reports', { token: 'forged.token.value', body: { data: reportData() }, headers: { 'Idempotency-Key': unique('forged') } });
      expect(res.status).toBe(401);
    }
    expect(keyRows().length).toBe(before);
  });

  it('an Open311 refusal is not kept: at its limit a client is refused (429), and the same key after the minute files the report', async () => {
    const admin = await login('admin');
    const apiKey = await newClient(admin);
    const limit = (await api('GET', '/api/setting', { token: admin })).body.data.open311RateLimit;
    expect((await api('PUT', '/api/setting', { token: admin, body: { data: { open311RateLimit: 1 } } })).status).toBe(200);
    try {
      expect((await open311('GET', 'services.json', { api_key: apiKey }, backend.url)).status).toBe(200);
      const description = unique('Lampadaire éteint');
      const key = unique('limited');
      const refused = await citizenPost({ api_key: apiKey, ...KAWENI, description }, { 'Idempotency-Key': key });
      expect(refused.status).toBe(429);
      // The client does as Retry-After says: the same request, with the same key, a minute later.
      clock.advance(MINUTE + 1000);
      const filed = await citizenPost({ api_key: apiKey, ...KAWENI, description }, { 'Idempotency-Key': key });
      expect(filed.status, filed.text).toBe(201);
      expect(filed.headers.get('idempotent-replayed')).toBeNull();
      expect(filed.json[0].service_request_id).toMatch(/^MZ-\d{4}-\d{5,}$/);
      // From now on the key answers with that report.
      clock.advance(MINUTE + 1000);
      const again = await citizenPost({ api_key: apiKey, ...KAWENI, description }, { 'Idempotency-Key': key });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.json[0].service_request_id).toBe(filed.json[0].service_request_id);
    } finally {
      expect((await api('PUT', '/api/setting', { token: await login('admin'), body: { data: { open311RateLimit: limit } } })).status).toBe(200);
    }
  });

  it("a key keeps nothing about the citizen (name, e-mail, phone), and is gone after its window", async () => {
    const admin = await login('admin');
    const apiKey = await newClient(admin);
    const name = unique('Zaïnaba');
    const email = `${unique('citoyenne')}@exemple.yt`;
    const phone = `0639${String(Date.now()).slice(-6)}`;
    const before = keyRows().length;

    const citizen = await citizenPost(
      { api_key: apiKey, ...KAWENI, description: unique('Trou'), first_name: name, last_name: 'Madi', email, phone },
      { 'Idempotency-Key': unique('citizen') },
    );
    expect(citizen.status, citizen.text).toBe(201);
    const staff = await api('POST', '/api/reports', {
      token: await login('operator'),
      body: { data: reportData({ citizenName: `${name} Madi`, citizenEmail: email, citizenPhone: phone }) },
      headers: { 'Idempotency-Key': unique('staff') },
    });
    expect(staff.status).toBe(201);
    expect(staff.body.data.citizenEmail).toBe(email);

    const rows = keyRows();
    expect(rows.length).toBe(before + 2);
    const kept = JSON.stringify(rows);
    for (const personal of [name, email, phone]) expect(kept.includes(personal), `${personal} kept under a key`).toBe(false);

    // A day and an hour later, the next start has cleared them (as the hourly job would).
    clock.advance(25 * HOUR);
    await backend.stop();
    backend = await start();
    expect(keyRows()).toEqual([]);
  });
});

describe('a backend killed while a keyed write is recorded', () => {
  it('leaves no report done with its key still open: the retry after the restart makes one report', { timeout: 240_000 }, async () => {
    // Another program makes recording a key's answer take minutes (a cross join of 8·10⁹ rows), so that the kill
    // lands exactly there: after the report was written, while its key is being marked done.
    const db = new Database(file);
    db.exec('CREATE TABLE slow_rows (x INTEGER)');
    db.exec('WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 2000) INSERT INTO slow_rows (x) SELECT x FROM n');
    db.exec(
      "CREATE TRIGGER slow_key BEFORE UPDATE ON idempotency_keys WHEN NEW.state = 'done' BEGIN SELECT COUNT(*) FROM slow_rows a, slow_rows b, slow_rows c WHERE a.x + b.x + c.x < 0; END;",
    );
    db.close();

    const token = await login('operator');
    const data = reportData();
    const key = unique('killed');
    const sent = api('POST', '/api/reports', { token, body: { data }, headers: { 'Idempotency-Key': key } }).catch(() => undefined);
    // The backend's one thread is inside that statement when it stops answering its health check.
    const deadline = Date.now() + 60_000;
    for (let stuck = 0; stuck < 2; ) {
      expect(Date.now(), 'the backend never reached the slow statement').toBeLessThan(deadline);
      const alive = await fetch(`${backend.url}/_health`, { signal: AbortSignal.timeout(1000) }).then(
        () => true,
        () => false,
      );
      stuck = alive ? 0 : stuck + 1;
    }
    await backend.kill();
    await sent;

    // Opening the file rolls back what the kill left half written, as the next start would.
    const cleanup = new Database(file);
    cleanup.exec('DROP TRIGGER slow_key; DROP TABLE slow_rows;');
    cleanup.close();
    backend = await start();

    // The phone retries the same request once the key is past the delay after which an unfinished one is abandoned.
    clock.advance(3 * MINUTE);
    const retried = await api('POST', '/api/reports', { token, body: { data }, headers: { 'Idempotency-Key': key } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const again = await api('POST', '/api/reports', { token, body: { data }, headers: { 'Idempotency-Key': key } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.documentId).toBe(retried.body.data.documentId);
    expect(reportsTitled(data.title)).toBe(1);
  });
});
