import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, logIn, reportData, unique } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';
import { seededCopy } from '../support/prepared-backend';
import { sleep, startTestSmtp, type TestSmtp } from '../support/smtp';

/**
 * What the outbox does when the SMTP server misbehaves, against a real SMTP server started here. The backend gives up
 * on a silent session after 3 s (SMTP_TIMEOUT_MS=1000) and waits 6 s for the reply to a whole message
 * (SMTP_FINAL_REPLY_TIMEOUT_MS), as it waits 10 minutes by default.
 */
const SESSION_TIMEOUT_MS = 3000;
const FINAL_REPLY_TIMEOUT_MS = 6000;

let smtp: TestSmtp;
let backend: RunningBackend;
let admin: string;
const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-smtp-faults-'));

beforeAll(async () => {
  smtp = await startTestSmtp();
  backend = await startBackend({
    build: false,
    ...seededCopy(),
    sqliteFile: path.join(dir, 'data.db'),
    env: { ...smtp.env, SMTP_TIMEOUT_MS: String(SESSION_TIMEOUT_MS / 3), SMTP_FINAL_REPLY_TIMEOUT_MS: String(FINAL_REPLY_TIMEOUT_MS) },
  });
  admin = await logIn(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password, { baseUrl: backend.url });
  // Only the citizens' acknowledgements: each case counts the mails of its own addresses, one at a time.
  expect((await api('PUT', '/api/setting', { body: { data: { emailNotifications: false } } })).status).toBe(200);
  // What the seeded database had queued is sent first.
  for (let waited = 0; (await api('GET', '/api/email-outbox/stats')).body.data.queued > 0; waited += 250) {
    if (waited > 30_000) throw new Error('the seeded outbox was not sent');
    await sleep(250);
  }
});
afterAll(async () => {
  await backend?.stop();
  await smtp?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function api(method: string, to: string, options: { body?: unknown } = {}) {
  return call(method, to, { ...options, token: admin, baseUrl: backend.url });
}

/** A staff report with a citizen's address: the backend queues its acknowledgement to them. */
async function acknowledged(): Promise<string> {
  const to = `${unique('citoyen')}@exemple.test`;
  const res = await api('POST', '/api/reports', { body: { data: reportData({ citizenEmail: to }) } });
  expect(res.status).toBe(201);
  return to;
}

async function outboxRow(to: string) {
  const res = await api('GET', `/api/email-outbox?filters[to][$eq]=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body.data[0] as { documentId: string; state: string; attempts: number; lastError: string | null } | undefined;
}

describe('a slow SMTP server, which takes the whole mail and answers late', () => {
  it('answering after the session timeout but within the final reply time: the mail is sent once, confirmed', { timeout: 60_000 }, async () => {
    smtp.setDelay(SESSION_TIMEOUT_MS + 1500);
    try {
      const to = await acknowledged();
      await expect.poll(async () => (await outboxRow(to))?.state, { timeout: 30_000, interval: 250 }).toBe('sent');
      expect(await outboxRow(to)).toMatchObject({ attempts: 1, lastError: null });
    } finally {
      smtp.setDelay(0);
    }
  });

  it('not answering within the final reply time: the mail is not sent again (it would arrive twice), and the outbox says its sending is unconfirmed', { timeout: 60_000 }, async () => {
    smtp.setDelay(FINAL_REPLY_TIMEOUT_MS + 4000);
    let to = '';
    try {
      to = await acknowledged();
      await smtp.waitFor(to);
      // Past the final reply time, then long enough for retries after 0.3, 0.6, 1.2... s, had there been any.
      await sleep(FINAL_REPLY_TIMEOUT_MS + 8000);
    } finally {
      smtp.setDelay(0);
    }
    expect(smtp.to(to)).toHaveLength(1);
    const row = await outboxRow(to);
    expect(row).toMatchObject({ state: 'sent', attempts: 1 });
    expect(row!.lastError).toMatch(/^Envoi non confirmé, non renouvelé pour ne pas arriver en double : Le serveur d'envoi a reçu le message en entier sans confirmer l'avoir pris en charge/);

    // An administrator who learns it never arrived sends it again: queued once (a second « Renvoyer » is refused), sent.
    const resent = await api('POST', `/api/email-outbox/${row!.documentId}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ state: 'queued', attempts: 0, lastError: null });
    const twice = await api('POST', `/api/email-outbox/${row!.documentId}/resend`);
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toContain("Seul un e-mail en échec ou dont l'envoi n'a pas été confirmé peut être renvoyé");
    await expect.poll(async () => (await outboxRow(to))?.state, { timeout: 30_000, interval: 250 }).toBe('sent');
    expect(await outboxRow(to)).toMatchObject({ attempts: 1, lastError: null });
    expect(smtp.to(to)).toHaveLength(2);
  });
});

describe('an SMTP server that refuses the session (554 at the greeting)', () => {
  it('is a server problem, not the recipients\': the mails stay queued, are tried again, and all go once the server accepts', { timeout: 90_000 }, async () => {
    smtp.refuseSessions(true);
    let addresses: string[] = [];
    try {
      addresses = [await acknowledged(), await acknowledged(), await acknowledged()];
      // Each tried, the first more than once, and none given up (« sending » while a try runs).
      const tried = async () => (await Promise.all(addresses.map(outboxRow))).map((row) => row?.attempts ?? 0);
      await expect.poll(async () => (await tried()).every((attempts, i) => attempts >= (i === 0 ? 2 : 1)), { timeout: 30_000, interval: 250 }).toBe(true);
      const rows = await Promise.all(addresses.map(outboxRow));
      expect(rows.map((row) => row?.state).filter((state) => state !== 'queued' && state !== 'sending')).toEqual([]);
      expect(rows.map((row) => row?.lastError)).toEqual(rows.map(() => expect.stringMatching(/554/)));
      expect(smtp.mails.filter((mail) => addresses.includes(mail.to))).toEqual([]);
    } finally {
      smtp.refuseSessions(false);
    }
    for (const to of addresses) await smtp.waitFor(to, () => true, 30_000);
    await sleep(2000);
    for (const to of addresses) expect(smtp.to(to), to).toHaveLength(1);
    expect((await Promise.all(addresses.map(outboxRow))).map((row) => row?.state)).toEqual(['sent', 'sent', 'sent']);
  });
});
