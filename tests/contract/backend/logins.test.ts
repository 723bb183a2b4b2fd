import { describe, expect, it } from 'vitest';
import { call, callFrom, logIn, newAccount, roleId, tokenOf, unique } from '../support/api';

const SPELLINGS = ['/api/auth/local', '/API/AUTH/LOCAL', '/api/auth/local/', '/Api/Auth/Local/'];

async function auditEntries(query: string) {
  const res = await call('GET', `/api/audit-logs?sort[0]=id:desc&pagination[pageSize]=50&${query}`, { token: await tokenOf('admin') });
  expect(res.status).toBe(200);
  return res.body.data as any[];
}

/** The settings' maxLoginAttempts (default 5). */
async function maxAttempts() {
  return (await call('GET', '/api/setting', { token: await tokenOf('admin') })).body.data.maxLoginAttempts as number;
}

describe('login lockout (settings: maxLoginAttempts)', () => {
  it('locks an account for 15 minutes after that many failures from one address, whatever the path spelling', async () => {
    const max = await maxAttempts();
    const account = await newAccount('Operator');
    for (let i = 0; i < max - 1; i++) {
      const res = await call('POST', SPELLINGS[i % SPELLINGS.length], { body: { identifier: account.email, password: `faux-${i}` } });
      expect(res.status, `failure ${i + 1}`).toBe(400);
      expect(res.body.error.message).toBe('Invalid identifier or password');
    }
    const last = await call('POST', '/API/Auth/Local/', { body: { identifier: account.email, password: 'encore-faux' } });
    expect(last.status).toBe(429);
    expect(last.body.error.message).toMatch(/^Trop de tentatives de connexion échouées : ce compte est verrouillé depuis cette adresse pendant 15 minutes \(jusqu'à \d\d:\d\d\)\.$/);
    expect(last.headers.get('retry-after')).toBe('900');

    // The right password does not open it either, on any spelling.
    for (const path of SPELLINGS) {
      const res = await call('POST', path, { body: { identifier: account.email, password: account.password } });
      expect(res.status, path).toBe(429);
      expect(res.body.jwt).toBeUndefined();
    }
    // Nor does the username instead of the e-mail: it is the same account.
    expect((await call('POST', '/api/auth/local', { body: { identifier: account.username, password: account.password } })).status).toBe(429);
  });

  it('does not affect other accounts, nor the same account from another address', async () => {
    const max = await maxAttempts();
    const locked = await newAccount('Author');
    const other = await newAccount('Author');
    for (let i = 0; i < max; i++) await call('POST', '/api/auth/local', { body: { identifier: locked.email, password: 'faux' } });
    expect((await call('POST', '/api/auth/local', { body: { identifier: locked.email, password: locked.password } })).status).toBe(429);

    expect((await call('POST', '/api/auth/local', { body: { identifier: other.email, password: other.password } })).status).toBe(200);
    const elsewhere = await callFrom('127.0.0.2', 'POST', '/api/auth/local', { body: { identifier: locked.email, password: locked.password } });
    expect(elsewhere.status).toBe(200);
    expect(typeof elsewhere.body.jwt).toBe('string');
  });

  it('a success before the limit starts the count again', async () => {
    const max = await maxAttempts();
    const account = await newAccount('Operator');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < max - 1; i++) {
        expect((await call('POST', '/api/auth/local', { body: { identifier: account.email, password: 'faux' } })).status).toBe(400);
      }
      expect((await call('POST', '/api/auth/local', { body: { identifier: account.email, password: account.password } })).status).toBe(200);
    }
  });

  it('an unknown identifier is locked the same way: the answers tell nothing of which accounts exist', async () => {
    const max = await maxAttempts();
    const ghost = `${unique('fantome')}@mairie.test`;
    const statuses = [];
    for (let i = 0; i <= max; i++) statuses.push((await call('POST', '/api/auth/local', { body: { identifier: ghost, password: 'faux' } })).status);
    expect(statuses).toEqual([...Array(max - 1).fill(400), 429, 429]);
  });

  it('attempts sent all at once cannot get past the limit', async () => {
    const max = await maxAttempts();
    const account = await newAccount('Operator');
    const guesses = Array.from({ length: 20 }, (_, i) => call('POST', '/api/auth/local', { body: { identifier: account.email, password: `essai-${i}` } }));
    const statuses = (await Promise.all(guesses)).map((r) => r.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(max - 1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20 - max + 1);
  });

  it('every failure and success is audited, whatever the path spelling', async () => {
    const max = await maxAttempts();
    const account = await newAccount('Operator');
    await call('POST', '/API/AUTH/LOCAL/', { body: { identifier: account.email, password: 'faux' } });
    await logIn(account.email, account.password, { path: '/Api/Auth/Local' });
    for (let i = 0; i < max; i++) await call('POST', '/api/auth/local/', { body: { identifier: account.email, password: 'faux' } });
    await call('POST', '/api/auth/local', { body: { identifier: account.email, password: account.password } });
    const entries = await auditEntries(`filters[module][$eq]=auth&filters[resourceId][$eq]=${account.id}`);
    const actions = entries.map((e) => e.action).reverse();
    expect(actions).toEqual(['login_failed', 'login', ...Array(max).fill('login_failed'), 'login_locked']);
    expect(entries.find((e) => e.action === 'login')).toMatchObject({ userId: account.id, role: 'Operator', ip: expect.any(String) });
    expect(entries.find((e) => e.action === 'login_locked')).toMatchObject({ userId: null, userName: account.email, resourceLabel: account.username });
  });
});

describe('password policy (settings: passwordMinLength, requirePasswordComplexity)', () => {
  const POLICY = /Le mot de passe doit contenir au moins 8 caractères .*une minuscule, une majuscule, un chiffre et un caractère spécial/;
  const WEAK = ['abcdef', 'abcdefgh', 'Abcdefgh', 'Abcdefg1', 'abcdefg1!', 'ABCDEFG1!', 'Ab1!'];

  it('an administrator cannot create an account with a weak password; nothing is created', async () => {
    const admin = await tokenOf('admin');
    for (const password of WEAK) {
      const name = unique('faible');
      const res = await call('POST', '/api/users', { token: admin, body: { username: name, email: `${name}@mairie.test`, password, role: await roleId('Operator') } });
      expect(res.status, password).toBe(400);
      expect(res.body.error.message).toMatch(POLICY);
      const found = await call('GET', `/api/users?filters[username][$eq]=${name}`, { token: admin });
      expect(found.body).toEqual([]);
    }
    const name = unique('fort');
    expect((await call('POST', '/api/users', { token: admin, body: { username: name, email: `${name}@mairie.test`, password: 'Mayotte976!', role: await roleId('Operator') } })).status).toBe(201);
  });

  it("an administrator cannot set a weak password on someone's account", async () => {
    const account = await newAccount('Author');
    const admin = await tokenOf('admin');
    const res = await call('PUT', `/api/users/${account.id}`, { token: admin, body: { password: 'abcdef' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(POLICY);
    expect((await call('POST', '/api/auth/local', { body: { identifier: account.email, password: 'abcdef' } })).status).toBe(400);
    expect((await call('POST', '/api/auth/local', { body: { identifier: account.email, password: account.password } })).status).toBe(200);
  });

  it('a user changing their password meets the policy; the change ends their other sessions', async () => {
    const account = await newAccount('Operator');
    const token = await logIn(account.email, account.password);
    const otherSession = await logIn(account.email, account.password);
    const weak = await call('POST', '/api/auth/change-password', { token, body: { currentPassword: account.password, password: 'abcdefgh', passwordConfirmation: 'abcdefgh' } });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toMatch(POLICY);
    expect((await call('GET', '/api/users/me', { token })).status).toBe(200);

    const strong = await call('POST', '/api/auth/change-password', { token, body: { currentPassword: account.password, password: 'Nouveau976!', passwordConfirmation: 'Nouveau976!' } });
    expect(strong.status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: strong.body.jwt })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: otherSession })).status).toBe(401);
    expect((await call('GET', '/api/users/me', { token })).status).toBe(401);
    expect(await logIn(account.email, 'Nouveau976!')).toEqual(expect.any(String));
  });

  it('registration meets the policy; a shorter minimum set by an administrator applies at once', async () => {
    const admin = await tokenOf('admin');
    expect((await call('PUT', '/api/setting', { token: admin, body: { data: { allowPublicRegistration: true } } })).status).toBe(200);
    try {
      const name = unique('habitant');
      const weak = await call('POST', '/api/auth/local/register', { body: { username: name, email: `${name}@example.test`, password: 'abcdef' } });
      expect(weak.status).toBe(400);
      const strong = await call('POST', '/api/auth/local/register', { body: { username: name, email: `${name}@example.test`, password: 'Habitant976!' } });
      expect(strong.status).toBe(200);
      expect((await call('GET', '/api/users/me', { token: strong.body.jwt })).status).toBe(200);

      expect((await call('PUT', '/api/setting', { token: admin, body: { data: { passwordMinLength: 6, requirePasswordComplexity: false } } })).status).toBe(200);
      const other = unique('habitant');
      expect((await call('POST', '/api/auth/local/register', { body: { username: other, email: `${other}@example.test`, password: 'abcdef' } })).status).toBe(200);
    } finally {
      await call('PUT', '/api/setting', { token: admin, body: { data: { allowPublicRegistration: false, passwordMinLength: 8, requirePasswordComplexity: true } } });
    }
  });
});

describe("password reset tells nothing of accounts; the plugin's e-mail confirmation stays closed", () => {
  it('gives the same answer for a real account and an unknown address, however the path is spelt, never a 500', async () => {
    const real = await call('POST', '/api/auth/forgot-password', { body: { email: 'admin@mairie.test' } });
    const unknown = await call('POST', '/API/AUTH/FORGOT-PASSWORD/', { body: { email: `${unique('personne')}@mairie.test` } });
    expect(real.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(real.body).toEqual(unknown.body);
    // A code nobody was mailed opens nothing (email.test.ts follows real links).
    const forged = await call('POST', '/api/auth/reset-password', { body: { code: 'x'.repeat(43), password: 'Admin123!', passwordConfirmation: 'Admin123!' } });
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toContain('Ce lien n’est pas valide');
    for (const path of ['/api/auth/send-email-confirmation', '/api/auth/email-confirmation?confirmation=x']) {
      const method = path.includes('email-confirmation?') ? 'GET' : 'POST';
      const res = await call(method, path, { body: method === 'POST' ? { email: 'admin@mairie.test' } : undefined });
      expect([404, 405], path).toContain(res.status);
    }
    // The account still logs in with its own password.
    expect((await call('POST', '/api/auth/local', { body: { identifier: 'admin@mairie.test', password: 'Admin123!' } })).status).toBe(200);
  });
});
