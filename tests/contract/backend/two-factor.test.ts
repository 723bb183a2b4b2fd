import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as callAt, DEMO_ACCOUNTS, unique } from '../support/api';
import { freePort, startBackend, type RunningBackend } from '../support/backend-server';
import { startTemporaryPostgres, type TemporaryPostgres } from '../support/postgres';
import { MINUTE, testClock } from '../support/clock';
import { base32Decode, hotp, totp } from '../support/totp';
import { seededCopy } from '../support/prepared-backend';

/**
 * Two-factor login (TOTP, RFC 6238) against a backend of its own: the settings' twoFactorAuthRequired
 * is switched on here, and the clock moves (lockout, one code per time step), which would disturb
 * the other files. Codes are computed by the tests' own RFC 6238 function (support/totp.ts).
 */
const clock = testClock();
const dir = mkdtempSync(path.join(tmpdir(), 'two-factor-'));
const databaseFile = path.join(dir, 'data.db');
let backend: RunningBackend;
let postgres: TemporaryPostgres | undefined;
let offset = 0;

const call = (method: string, url: string, options: { token?: string; body?: unknown } = {}) => callAt(method, url, { ...options, baseUrl: backend.url });
/** The backend's clock moved forward: the next code belongs to a later time step. */
const advance = (ms: number) => {
  offset += ms;
  clock.advance(ms);
};
const codeFor = (secret: string) => totp(secret, Date.now() + offset);
/** A code of the next step: accepted (one step of drift) and never used yet. */
const nextCode = (secret: string) => {
  advance(30_000);
  return codeFor(secret);
};

/** Work on the backend's database straight (SQLite, or PostgreSQL with TEST_DB=postgres). */
async function withDatabase<T>(work: (knex: any) => Promise<T>): Promise<T> {
  const knex = createRequire(path.resolve('backend/package.json'))('knex')(
    postgres ? { client: 'pg', connection: postgres.url } : { client: 'better-sqlite3', connection: { filename: databaseFile }, useNullAsDefault: true },
  );
  try {
    return await work(knex);
  } finally {
    await knex.destroy();
  }
}
/** What the backend stores for an account's two-factor. */
const storedRow = (userId: number): Promise<Record<string, unknown> | undefined> => withDatabase((knex) => knex('two_factors').where({ user_id: userId }).first());
/** A json column as stored: text on SQLite, an object on PostgreSQL. */
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

let adminToken: string;
async function newAccount(role = 'Operator') {
  const roles = await call('GET', '/api/users-permissions/roles', { token: adminToken });
  const name = unique('agent');
  const account = { username: name, email: `${name}@mairie.test`, password: 'Agent123!' };
  const res = await call('POST', '/api/users', {
    token: adminToken,
    body: { ...account, confirmed: true, role: roles.body.roles.find((r: { name: string }) => r.name === role).id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...account, id: res.body.id as number };
}
const passwordStep = (account: { email: string; password: string }) => call('POST', '/api/auth/local', { body: { identifier: account.email, password: account.password } });

/** A new account with two-factor on: its secret and recovery codes. */
async function enrolled() {
  const account = await newAccount();
  const token = (await passwordStep(account)).body.jwt as string;
  const setup = await call('POST', '/api/auth/mfa/setup', { token });
  const enable = await call('POST', '/api/auth/mfa/enable', { token, body: { code: nextCode(setup.body.secret) } });
  expect(enable.status, JSON.stringify(enable.body)).toBe(200);
  return { ...account, token, secret: setup.body.secret as string, recoveryCodes: enable.body.recoveryCodes as string[] };
}

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') postgres = await startTemporaryPostgres(await freePort());
  backend = await startBackend({ seed: true, ...(postgres ? { postgresUrl: postgres.url } : { ...seededCopy(), sqliteFile: databaseFile }), env: { CLOCK_OFFSET_FILE: clock.file } });
  adminToken = (await call('POST', '/api/auth/local', { body: { identifier: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } })).body.jwt;
}, 180_000);

afterAll(async () => {
  await backend?.stop();
  await postgres?.stop();
  clock.remove();
  rmSync(dir, { recursive: true, force: true });
});

describe('the tests’ own TOTP', () => {
  it('gives RFC 6238’s SHA-1 test values', () => {
    const key = Buffer.from('12345678901234567890');
    // Appendix B: T = 59 s → 94287082, T = 1111111109 s → 07081804 (8 digits).
    expect(hotp(key, Math.floor(59 / 30), 8)).toBe('94287082');
    expect(hotp(key, Math.floor(1111111109 / 30), 8)).toBe('07081804');
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString()).toBe('12345678901234567890');
  });
});

describe('enrolment (POST /api/auth/mfa/setup, /enable)', () => {
  it('gives a key and its otpauth address, confirms with a code and answers ten single-use recovery codes, stored hashed', async () => {
    const account = await newAccount();
    const token = (await passwordStep(account)).body.jwt as string;
    expect((await call('GET', '/api/auth/mfa', { token })).body).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });

    const setup = await call('POST', '/api/auth/mfa/setup', { token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(url.searchParams.get('issuer')).toBe('Mamoudzou');
    expect(decodeURIComponent(url.pathname)).toContain(account.email);

    const wrong = await call('POST', '/api/auth/mfa/enable', { token, body: { code: '000000' === codeFor(setup.body.secret) ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    // No recovery code exists yet: the message names only the app's code.
    expect(wrong.body.error.message).toBe('Code incorrect : saisissez le code à 6 chiffres que votre application affiche maintenant.');
    expect((await call('GET', '/api/auth/mfa', { token })).body.enabled).toBe(false);

    const enable = await call('POST', '/api/auth/mfa/enable', { token, body: { code: nextCode(setup.body.secret) } });
    expect(enable.status).toBe(200);
    const codes: string[] = enable.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(enable.body.jwt).toBeUndefined();

    const status = (await call('GET', '/api/auth/mfa', { token })).body;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });

    // Stored: the key encrypted, the recovery codes as hashes; neither in clear.
    const row = (await storedRow(account.id))!;
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(setup.body.secret);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect(json(row.recovery_codes).hashes).toHaveLength(10);
    // Never sent with the user.
    const me = await call('GET', '/api/users/me', { token });
    expect(JSON.stringify(me.body)).not.toMatch(/secret|recovery/i);
  });

  it('refuses without a session, and an enable before any setup', async () => {
    expect((await call('POST', '/api/auth/mfa/setup')).status).toBe(401);
    expect((await call('POST', '/api/auth/mfa/setup', { token: 'abc.def.ghi' })).status).toBe(401);
    const account = await newAccount();
    const token = (await passwordStep(account)).body.jwt as string;
    const early = await call('POST', '/api/auth/mfa/enable', { token, body: { code: '123456' } });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe('Commencez par configurer la double authentification.');
  });
});

describe('login with two-factor (POST /api/auth/local, then /api/auth/mfa/verify)', () => {
  it('answers a challenge instead of a session, then a session for a right code, each code once', async () => {
    const account = await enrolled();
    const first = await passwordStep(account);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    // The challenge is no session token.
    expect((await call('GET', '/api/users/me', { token: first.body.mfaToken })).status).toBe(401);

    const code = nextCode(account.secret);
    const verified = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: first.body.mfaToken, code } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.user).toMatchObject({ id: account.id, email: account.email });
    expect(verified.body.user.password).toBeUndefined();
    const me = await call('GET', '/api/users/me', { token: verified.body.jwt });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(account.email);
    // The refresh follows the same rules as any session.
    expect((await call('GET', '/api/auth/refresh-token', { token: verified.body.jwt })).status).toBe(200);

    // The same code a second time (another login) is refused: it was used.
    const again = await passwordStep(account);
    const replay = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: again.body.mfaToken, code } });
    expect(replay.status).toBe(400);
    expect(replay.body.jwt).toBeUndefined();

    // A forged or altered challenge opens nothing.
    const forged = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: `${again.body.mfaToken}x`, code: nextCode(account.secret) } });
    expect(forged.status).toBe(401);
    expect(forged.body.error.message).toBe('Étape de connexion expirée : reconnectez-vous avec votre mot de passe.');

    const audit = await call('GET', `/api/audit-logs?filters[action][$eq]=login&filters[resourceId][$eq]=${account.id}&sort[0]=id:desc`, { token: adminToken });
    expect(audit.body.data.length).toBeGreaterThanOrEqual(2);
  });

  it('a recovery code opens the session once; used again, it is said to have been used', async () => {
    const account = await enrolled();
    const [recovery] = account.recoveryCodes;
    const first = await passwordStep(account);
    const used = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: first.body.mfaToken, code: recovery.toUpperCase() } });
    expect(used.status).toBe(200);
    expect(typeof used.body.jwt).toBe('string');
    expect(used.body.recoveryCodesLeft).toBe(9);

    const second = await passwordStep(account);
    const reused = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: second.body.mfaToken, code: recovery } });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe('Ce code de secours a déjà servi : chaque code ne sert qu’une fois. Saisissez-en un autre, ou le code de votre application.');
    expect((await call('GET', '/api/auth/mfa', { token: used.body.jwt })).body.recoveryCodesLeft).toBe(9);
    // A code never issued is still just wrong.
    const invented = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: second.body.mfaToken, code: 'abcde-23456' } });
    expect(invented.body.error.message).toMatch(/^Code incorrect/);
    // Another one still works.
    const other = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: second.body.mfaToken, code: account.recoveryCodes[1] } });
    expect(other.status).toBe(200);
  });

  it('locks the second step after the settings’ maxLoginAttempts wrong codes, from any address, for 15 minutes', async () => {
    const max = (await call('GET', '/api/setting', { token: adminToken })).body.data.maxLoginAttempts as number;
    const account = await enrolled();
    const { body } = await passwordStep(account);
    const right = codeFor(account.secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < max - 1; i++) {
      const res = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: body.mfaToken, code: wrongCode } });
      expect(res.status, `failure ${i + 1}`).toBe(400);
    }
    const last = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: body.mfaToken, code: wrongCode } });
    expect(last.status).toBe(429);
    expect(last.body.error.message).toMatch(/^Trop de codes incorrects : la connexion à ce compte est bloquée pendant 15 minutes \(jusqu'à \d\d:\d\d\)\.$/);
    // The right code does not open it, even with a fresh challenge.
    const fresh = await passwordStep(account);
    const refused = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: fresh.body.mfaToken, code: nextCode(account.secret) } });
    expect(refused.status).toBe(429);
    expect(refused.body.jwt).toBeUndefined();

    advance(15 * MINUTE);
    const later = await passwordStep(account);
    const opened = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: later.body.mfaToken, code: nextCode(account.secret) } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);

    const audit = await call('GET', `/api/audit-logs?filters[resourceId][$eq]=${account.id}&filters[action][$in][0]=login_failed&filters[action][$in][1]=login_locked`, { token: adminToken });
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['login_failed', 'login_locked']));
  });
});

describe('a login’s challenge serves once', () => {
  it('a second step’s challenge opens one session: used again, even with a fresh code, it opens none', async () => {
    const account = await enrolled();
    const { body } = await passwordStep(account);
    const first = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: body.mfaToken, code: nextCode(account.secret) } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: body.mfaToken, code: nextCode(account.secret) } });
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe('Étape de connexion expirée : reconnectez-vous avec votre mot de passe.');
    expect(again.body.jwt).toBeUndefined();
  });

  it('an enrolment’s challenge sets up one key: used again, it gives no new key, no new recovery codes and no session', async () => {
    const account = await newAccount('Author');
    expect((await call('PUT', '/api/setting', { token: adminToken, body: { data: { twoFactorAuthRequired: true } } })).status).toBe(200);
    try {
      const { body } = await passwordStep(account);
      expect(body.mfaEnrolmentRequired).toBe(true);
      const setup = await call('POST', '/api/auth/mfa/setup', { body: { mfaToken: body.mfaToken } });
      // A mistyped code keeps the challenge: the person types it again.
      const wrongCode = codeFor(setup.body.secret) === '000000' ? '111111' : '000000';
      expect((await call('POST', '/api/auth/mfa/enable', { body: { mfaToken: body.mfaToken, code: wrongCode } })).status).toBe(400);
      const enable = await call('POST', '/api/auth/mfa/enable', { body: { mfaToken: body.mfaToken, code: nextCode(setup.body.secret) } });
      expect(enable.status, JSON.stringify(enable.body)).toBe(200);
      const enrolledRow = await storedRow(account.id);
      const sessions = await withDatabase((knex) => knex('auth_sessions').where({ user_id: account.id }).count({ n: '*' }).first());

      const setupAgain = await call('POST', '/api/auth/mfa/setup', { body: { mfaToken: body.mfaToken } });
      expect(setupAgain.status).toBe(401);
      expect(setupAgain.body.error.message).toBe('Étape de connexion expirée : reconnectez-vous avec votre mot de passe.');
      expect(setupAgain.body.secret).toBeUndefined();
      const enableAgain = await call('POST', '/api/auth/mfa/enable', { body: { mfaToken: body.mfaToken, code: nextCode(setup.body.secret) } });
      expect(enableAgain.status).toBe(401);
      expect(enableAgain.body.jwt).toBeUndefined();
      expect(enableAgain.body.recoveryCodes).toBeUndefined();

      // Nothing moved: the same key and recovery codes, no pending key, no new session.
      const row = await storedRow(account.id);
      expect(row).toMatchObject({ secret: enrolledRow!.secret, pending_secret: null });
      expect(json(row!.recovery_codes)).toEqual(json(enrolledRow!.recovery_codes));
      expect(await withDatabase((knex) => knex('auth_sessions').where({ user_id: account.id }).count({ n: '*' }).first())).toEqual(sessions);
    } finally {
      expect((await call('PUT', '/api/setting', { token: adminToken, body: { data: { twoFactorAuthRequired: false } } })).status).toBe(200);
    }
  });
});

describe('reconfiguring two-factor from a session (Mon profil)', () => {
  it('asks a current code of the enrolled app: a session alone sets up no new key', async () => {
    const account = await enrolled();
    const before = await storedRow(account.id);
    const none = await call('POST', '/api/auth/mfa/setup', { token: account.token });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Saisissez un code de votre application actuelle (ou un code de secours) pour changer la double authentification.');
    const wrongCode = codeFor(account.secret) === '000000' ? '111111' : '000000';
    const wrong = await call('POST', '/api/auth/mfa/setup', { token: account.token, body: { code: wrongCode } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/^Code incorrect/);
    expect(wrong.body.secret).toBeUndefined();
    expect((await storedRow(account.id))!.pending_secret).toBeNull();
    expect((await storedRow(account.id))!.secret).toBe(before!.secret);

    // With a current code: a new key, confirmed by a code of the new key; the old key stops working.
    const setup = await call('POST', '/api/auth/mfa/setup', { token: account.token, body: { code: nextCode(account.secret) } });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    expect(setup.body.secret).not.toBe(account.secret);
    const enable = await call('POST', '/api/auth/mfa/enable', { token: account.token, body: { code: nextCode(setup.body.secret) } });
    expect(enable.status).toBe(200);
    expect(enable.body.recoveryCodes).toHaveLength(10);
    const login = await passwordStep(account);
    expect((await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: login.body.mfaToken, code: nextCode(account.secret) } })).status).toBe(400);
    expect((await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: login.body.mfaToken, code: nextCode(setup.body.secret) } })).status).toBe(200);
  });

  it('accepts a recovery code instead (the phone is lost, the codes were kept), once', async () => {
    const account = await enrolled();
    const setup = await call('POST', '/api/auth/mfa/setup', { token: account.token, body: { code: account.recoveryCodes[0] } });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const reused = await call('POST', '/api/auth/mfa/setup', { token: account.token, body: { code: account.recoveryCodes[0] } });
    expect(reused.status).toBe(400);
  });
});

describe('a key that can no longer be read', () => {
  it('(the backend’s key changed) refuses the codes without failing, and an administrator’s reset lets the person in', async () => {
    const account = await enrolled();
    await withDatabase((knex) => knex('two_factors').where({ user_id: account.id }).update({ secret: 'v1:AAAA:BBBB:CCCC' }));
    const first = await passwordStep(account);
    const refused = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: first.body.mfaToken, code: nextCode(account.secret) } });
    expect(refused.status).toBe(400);
    expect((await call('POST', `/api/users/${account.id}/two-factor/reset`, { token: adminToken })).status).toBe(200);
    expect(typeof (await passwordStep(account)).body.jwt).toBe('string');
  });
});

describe('during maintenance', () => {
  it('the second step stays open, as the login does', async () => {
    const account = await enrolled();
    const on = await call('PUT', '/api/setting', { token: adminToken, body: { data: { maintenanceMode: true } } });
    expect(on.status).toBe(200);
    try {
      const first = await passwordStep(account);
      expect(first.body.mfaRequired).toBe(true);
      const verified = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: first.body.mfaToken, code: nextCode(account.secret) } });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      // Setting two-factor up belongs to logging in (an enrolment the settings require); other writes wait, as anyone's but an administrator's.
      expect((await call('POST', '/api/auth/mfa/setup', { token: verified.body.jwt, body: { code: nextCode(account.secret) } })).status).toBe(200);
      expect((await call('PUT', '/api/users/me', { token: verified.body.jwt, body: { username: 'x' } })).status).toBe(503);
    } finally {
      expect((await call('PUT', '/api/setting', { token: adminToken, body: { data: { maintenanceMode: false } } })).status).toBe(200);
    }
  });
});

describe('an administrator resets a person’s two-factor', () => {
  it('removes it, ends the person’s sessions, is audited; others may not', async () => {
    const account = await enrolled();
    const before = await call('GET', `/api/users/${account.id}/two-factor`, { token: adminToken });
    expect(before.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const editor = (await call('POST', '/api/auth/local', { body: { identifier: DEMO_ACCOUNTS.editor.email, password: DEMO_ACCOUNTS.editor.password } })).body.jwt;
    expect((await call('GET', `/api/users/${account.id}/two-factor`, { token: editor })).status).toBe(200);
    expect((await call('POST', `/api/users/${account.id}/two-factor/reset`, { token: editor })).status).toBe(403);
    expect((await call('POST', `/api/users/${account.id}/two-factor/reset`, { token: account.token })).status).toBe(403);

    const reset = await call('POST', `/api/users/${account.id}/two-factor/reset`, { token: adminToken });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await storedRow(account.id)).toBeUndefined();
    expect((await call('GET', '/api/users/me', { token: account.token })).status).toBe(401);

    // The password alone opens a session again (the settings do not require two-factor).
    const login = await passwordStep(account);
    expect(typeof login.body.jwt).toBe('string');
    expect(login.body.mfaRequired).toBeUndefined();

    const audit = await call('GET', `/api/audit-logs?filters[resourceType][$eq]=user&filters[resourceId][$eq]=${account.id}&filters[action][$eq]=update&sort[0]=id:desc`, { token: adminToken });
    const entry = audit.body.data.find((e: any) => e.changes?.twoFactor?.after === 'réinitialisée');
    expect(entry).toMatchObject({ userName: 'Admin Mairie', module: 'utilisateurs', changedFields: ['twoFactor'] });
    expect(entry.changes.twoFactor.before).toBe('activée');
  });

  it('goes with a deleted account', async () => {
    const account = await enrolled();
    expect(await storedRow(account.id)).toBeDefined();
    expect((await call('DELETE', `/api/users/${account.id}`, { token: adminToken })).status).toBe(200);
    expect(await storedRow(account.id)).toBeUndefined();
  });
});

describe('settings: twoFactorAuthRequired', () => {
  it('takes a staff account without two-factor through enrolment before any session, and keeps it on', async () => {
    const account = await newAccount('Author');
    const enrolledOne = await enrolled();
    const on = await call('PUT', '/api/setting', { token: adminToken, body: { data: { twoFactorAuthRequired: true } } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    try {
      const first = await passwordStep(account);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ mfaEnrolmentRequired: true, mfaToken: expect.any(String) });
      // The enrolment challenge is neither a session nor a second step.
      expect((await call('GET', '/api/reports', { token: first.body.mfaToken })).status).toBe(401);
      expect((await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: first.body.mfaToken, code: '123456' } })).status).toBe(401);

      const setup = await call('POST', '/api/auth/mfa/setup', { body: { mfaToken: first.body.mfaToken } });
      expect(setup.status).toBe(200);
      const enable = await call('POST', '/api/auth/mfa/enable', { body: { mfaToken: first.body.mfaToken, code: nextCode(setup.body.secret) } });
      expect(enable.status, JSON.stringify(enable.body)).toBe(200);
      expect(enable.body.recoveryCodes).toHaveLength(10);
      expect(enable.body.user).toMatchObject({ id: account.id });
      const me = await call('GET', '/api/users/me', { token: enable.body.jwt });
      expect(me.status).toBe(200);

      // From now on, the code at each login; and it cannot be turned off while required.
      expect((await passwordStep(account)).body.mfaRequired).toBe(true);
      const off = await call('POST', '/api/auth/mfa/disable', { token: enable.body.jwt, body: { code: nextCode(setup.body.secret) } });
      expect(off.status).toBe(403);
      expect(off.body.error.message).toMatch(/obligatoire/);
      expect((await call('GET', '/api/auth/mfa', { token: enable.body.jwt })).body).toMatchObject({ enabled: true, required: true });

      // An account already enrolled just gives its code.
      expect((await passwordStep(enrolledOne)).body.mfaRequired).toBe(true);
    } finally {
      const off = await call('PUT', '/api/setting', { token: adminToken, body: { data: { twoFactorAuthRequired: false } } });
      expect(off.status).toBe(200);
    }
    // Without the setting, its owner may turn it off with a code.
    const session = await call('POST', '/api/auth/mfa/verify', { body: { mfaToken: (await passwordStep(enrolledOne)).body.mfaToken, code: nextCode(enrolledOne.secret) } });
    const disabled = await call('POST', '/api/auth/mfa/disable', { token: session.body.jwt, body: { code: nextCode(enrolledOne.secret) } });
    expect(disabled.status).toBe(204);
    expect(typeof (await passwordStep(enrolledOne)).body.jwt).toBe('string');
  });
});
