import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, logIn, reportData, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { testClock } from '../support/clock';
import { sleep, startTestSmtp, type TestSmtp } from '../support/smtp';
import { seededCopy, sharedBase } from '../support/prepared-backend';

/**
 * The outbox loses nothing and sends once: a mail queued while the SMTP server is down survives a
 * restart of the backend, and two backend instances on one base (PostgreSQL with TEST_DB=postgres, else one SQLite
 * file) send each mail once.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function citizenReports(baseUrl: string, count: number) {
  const admin = await logIn('admin@mairie.test', 'Admin123!', { baseUrl });
  const addresses: string[] = [];
  for (let i = 0; i < count; i++) {
    const to = `${unique('citoyen')}@exemple.test`;
    const res = await call('POST', '/api/reports', { baseUrl, token: admin, body: { data: reportData({ citizenEmail: to }) } });
    expect(res.status).toBe(201);
    addresses.push(to);
  }
  return { admin, addresses };
}

async function waitForAll(smtp: TestSmtp, addresses: string[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !addresses.every((a) => smtp.to(a).length > 0)) await sleep(200);
  // Time for a second sending, had there been one.
  await sleep(2000);
}

describe('an SMTP server down, and a restart of the backend in between', () => {
  it('the mail queued before the restart is sent once after it; sent mails go after the settings\' logRetentionDays', { timeout: 400_000 }, async () => {
    const clock = testClock();
    cleanups.push(async () => clock.remove());
    const smtp = await startTestSmtp();
    await smtp.stop();
    cleanups.push(() => smtp.stop());
    const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-outbox-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const sqliteFile = path.join(dir, 'data.db');

    const env = { ...smtp.env, CLOCK_OFFSET_FILE: clock.file };
    let backend: RunningBackend = await startBackend({ build: false, ...seededCopy(), sqliteFile, env });
    const { addresses } = await citizenReports(backend.url, 1);
    // Tried while the server is down, and kept (between two tries, the row reads « queued »; during one, « sending »).
    const admin = await logIn('admin@mairie.test', 'Admin123!', { baseUrl: backend.url });
    const outboxRow = async () => (await call('GET', `/api/email-outbox?filters[to][$eq]=${addresses[0]}`, { baseUrl: backend.url, token: admin })).body.data[0];
    await expect.poll(async () => { const row = await outboxRow(); return row?.state === 'queued' && row.attempts >= 1; }, { timeout: 20_000, interval: 250 }).toBe(true);
    await backend.stop();

    await smtp.start();
    backend = await startBackend({ build: false, sqliteFile, env });
    await waitForAll(smtp, addresses);
    expect(smtp.to(addresses[0])).toHaveLength(1);
    expect(smtp.to(addresses[0])[0].subject).toMatch(/^Signalement n° MZ-\d{4}-\d{5} bien reçu$/);
    const token = await logIn('admin@mairie.test', 'Admin123!', { baseUrl: backend.url });
    const after = await call('GET', `/api/email-outbox?filters[to][$eq]=${addresses[0]}`, { baseUrl: backend.url, token });
    expect(after.body.data[0]).toMatchObject({ state: 'sent' });
    await backend.stop();

    // A year on (past the default 90 days of logRetentionDays), the start's pruning has removed it.
    clock.advance(365 * 24 * 3600_000);
    backend = await startBackend({ build: false, sqliteFile, env });
    cleanups.push(() => backend.stop());
    const later = await logIn('admin@mairie.test', 'Admin123!', { baseUrl: backend.url });
    const pruned = await call('GET', `/api/email-outbox?filters[to][$eq]=${addresses[0]}`, { baseUrl: backend.url, token: later });
    expect(pruned.body.data).toEqual([]);
  });
});

describe('two backend instances on one base', () => {
  it('send each queued mail once', { timeout: 300_000 }, async () => {
    const smtp = await startTestSmtp();
    cleanups.push(() => smtp.stop());
    await smtp.stop();
    const base = await sharedBase('outbox-two');
    cleanups.push(() => base.remove());
    const first = await startBackend({ build: false, ...base.first, env: smtp.env });
    cleanups.push(() => first.stop());
    const second = await startBackend({ build: false, ...base.next, env: smtp.env });
    cleanups.push(() => second.stop());

    // Queued while the server is down: when it is back, both instances find every mail due at once.
    const { addresses } = await citizenReports(first.url, 15);
    await sleep(1000);
    await smtp.start();
    await waitForAll(smtp, addresses);
    for (const to of addresses) expect(smtp.to(to), to).toHaveLength(1);
    expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(smtp.mails.length);
  });
});
