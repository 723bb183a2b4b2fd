import { describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, roleId, tokenOf, unique } from '../support/api';

describe('authentication', () => {
  it('logs a demo account in and gives its role through /api/users/me?populate=role', async () => {
    const login = await call('POST', '/api/auth/local', {
      body: { identifier: DEMO_ACCOUNTS.operator.email, password: DEMO_ACCOUNTS.operator.password },
    });
    expect(login.status).toBe(200);
    expect(typeof login.body.jwt).toBe('string');
    expect(login.body.user.email).toBe('operateur@mairie.test');
    expect(login.body.user.password).toBeUndefined();

    const me = await call('GET', '/api/users/me?populate=role', { token: login.body.jwt });
    expect(me.status).toBe(200);
    expect(me.body.role.name).toBe('Operator');
    expect(me.body.status).toBe('actif');
    expect(Date.parse(me.body.lastAccess)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a wrong password with 400', async () => {
    const res = await call('POST', '/api/auth/local', { body: { identifier: 'admin@mairie.test', password: 'mauvais' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid identifier or password');
    expect(res.body.jwt).toBeUndefined();
  });

  it('each demo account has its backend role', async () => {
    for (const account of Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]) {
      const me = await call('GET', '/api/users/me?populate=role', { token: await tokenOf(account) });
      expect(me.body.role.name, account).toBe(DEMO_ACCOUNTS[account].role);
    }
  });

  it('/api/auth/refresh-token gives a fresh token and the user for a valid token, 401 otherwise', async () => {
    const token = await tokenOf('author');
    const refreshed = await call('GET', '/api/auth/refresh-token', { token });
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.body.jwt).toBe('string');
    expect(refreshed.body.user.email).toBe('auteur@mairie.test');
    expect(refreshed.body.user.role.name).toBe('Author');
    expect(refreshed.body.user.password).toBeUndefined();
    const me = await call('GET', '/api/users/me', { token: refreshed.body.jwt });
    expect(me.status).toBe(200);

    expect((await call('GET', '/api/auth/refresh-token')).status).toBe(401);
    expect((await call('GET', '/api/auth/refresh-token', { token: 'not.a.jwt' })).status).toBe(401);
    expect((await call('GET', '/api/auth/refresh-token', { token: `${token}x` })).status).toBe(401);
  });

  it('no token: collections answer 401 or 403 and give no data', async () => {
    for (const path of ['/api/reports', '/api/articles', '/api/events', '/api/pois', '/api/directory-entries', '/api/audit-logs', '/api/users', '/api/setting', '/api/reports/stats']) {
      const res = await call('GET', path);
      expect([401, 403], path).toContain(res.status);
      expect(res.body.data ?? null, path).toBeNull();
    }
  });

  it('public registration is off by default, and on when the settings allow it, with no staff role', async () => {
    const account = { username: 'habitant', email: 'habitant@example.test', password: 'Habitant123!' };
    const closed = await call('POST', '/api/auth/local/register', { body: account });
    expect(closed.status).toBe(400);
    expect(closed.body.error.message).toBe('Register action is currently disabled');

    const visitorView = await call('GET', '/api/setting/public');
    expect(visitorView.status).toBe(200);
    expect(visitorView.body.data).toEqual({
      siteName: 'Mamoudzou',
      siteDescription: expect.any(String),
      allowPublicRegistration: false,
      maintenanceMode: false,
      maintenanceMessage: expect.any(String),
    });
    // Outside production the login page offers the demo accounts.
    expect(visitorView.body.meta).toEqual({ demoAccounts: true });

    const admin = await tokenOf('admin');
    expect((await call('PUT', '/api/setting', { token: admin, body: { data: { allowPublicRegistration: true } } })).status).toBe(200);
    expect((await call('GET', '/api/setting/public')).body.data.allowPublicRegistration).toBe(true);
    try {
      const open = await call('POST', '/api/auth/local/register', { body: account });
      expect(open.status).toBe(200);
      const me = await call('GET', '/api/users/me?populate=role', { token: open.body.jwt });
      expect(me.body.role.type).toBe('authenticated');
      // The default role reads only itself: no report, no settings.
      expect((await call('GET', '/api/reports', { token: open.body.jwt })).status).toBe(403);
      expect((await call('GET', '/api/setting', { token: open.body.jwt })).status).toBe(403);
    } finally {
      await call('PUT', '/api/setting', { token: admin, body: { data: { allowPublicRegistration: false } } });
    }
    expect((await call('POST', '/api/auth/local/register', { body: { ...account, email: 'autre@example.test', username: 'autre' } })).status).toBe(400);
  });

  it('a suspended account can neither log in nor refresh its token; set back to actif, it can', async () => {
    const admin = await tokenOf('admin');
    const name = unique('agent');
    const account = { identifier: `${name}@mairie.test`, password: 'Agent123!' };
    const created = await call('POST', '/api/users', { token: admin, body: { username: name, email: account.identifier, password: account.password, role: await roleId('Operator'), status: 'actif' } });
    expect(created.status).toBe(201);
    const login = await call('POST', '/api/auth/local', { body: account });
    expect(login.status).toBe(200);

    expect((await call('PUT', `/api/users/${created.body.id}`, { token: admin, body: { status: 'suspendu' } })).status).toBe(200);
    const refused = await call('POST', '/api/auth/local', { body: account });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Votre compte est suspendu : vous ne pouvez pas vous connecter. Adressez-vous à un administrateur de la mairie.');
    expect((await call('GET', '/api/auth/refresh-token', { token: login.body.jwt })).status).toBe(401);
    expect([401, 403]).toContain((await call('GET', '/api/reports', { token: login.body.jwt })).status);

    expect((await call('PUT', `/api/users/${created.body.id}`, { token: admin, body: { status: 'actif' } })).status).toBe(200);
    expect((await call('POST', '/api/auth/local', { body: account })).status).toBe(200);
  });
});
