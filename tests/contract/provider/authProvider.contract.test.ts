import { describe, expect, it } from 'vitest';
import { SecondStepRequired } from '../../../src/providers/authProvider';
import { totp } from '../support/totp';
import { DEMO, loggedInAs, providersFor, unique } from './setup';

describe('the auth provider against the backend', () => {
  it.each([
    ['admin', 'Administrator', 'Administrateur'],
    ['superadmin', 'Super Admin', 'Super Administrateur'],
    ['editor', 'Editor', 'Éditeur'],
    ['operator', 'Operator', 'Opérateur'],
    ['author', 'Author', 'Auteur'],
  ] as const)('logs %s in with the role %s shown as %s', async (account, role, label) => {
    const { authProvider, session } = await loggedInAs(account);
    expect(session.getToken()).toBeTruthy();
    const identity = await authProvider.getIdentity();
    expect(identity).toMatchObject({ email: DEMO[account][0], role, roleLabel: label });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('refuses a wrong password with the backend message and stores nothing', async () => {
    const { authProvider, session } = providersFor();
    await expect(authProvider.login({ identifier: 'admin@mairie.test', password: 'mauvais' })).rejects.toMatchObject({
      status: 400,
      message: 'Strapi 400: Invalid identifier or password',
    });
    expect(session.getToken()).toBeNull();
  });

  it('refreshes the token with /api/auth/refresh-token, and a refused refresh logs out', async () => {
    const { authProvider, session } = await loggedInAs('editor');
    const fresh = await authProvider.refresh();
    expect(fresh).toBeTruthy();
    expect(session.getToken()).toBe(fresh);
    session.setToken('not-a-valid-token');
    expect(await authProvider.refresh()).toBeNull();
    expect(session.getToken()).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('logout ends the session on the backend: the token no longer works there', async () => {
    const { authProvider, session, apiUrl } = await loggedInAs('author');
    const token = session.getToken()!;
    const before = await fetch(`${apiUrl}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(before.status).toBe(200);
    expect(await authProvider.logout({})).toBe('/login');
    expect(session.getToken()).toBeNull();
    const after = await fetch(`${apiUrl}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });

  it('a refresh replaces the token: the previous one no longer works', async () => {
    const { authProvider, session, apiUrl } = await loggedInAs('operator');
    const previous = session.getToken()!;
    const fresh = await authProvider.refresh();
    expect(fresh).toBeTruthy();
    const old = await fetch(`${apiUrl}/api/users/me`, { headers: { Authorization: `Bearer ${previous}` } });
    expect(old.status).toBe(401);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('a stored session with a bad token is cleared on start', async () => {
    const { authProvider, session } = providersFor();
    session.save('bad.token.here', { id: 1, username: 'admin', email: 'admin@mairie.test', role: { name: 'Administrator' } });
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(session.getUser()).toBeNull();
  });

  it('registration is refused while the settings keep it closed', async () => {
    const { authProvider } = providersFor();
    await expect(authProvider.register({ username: 'citoyen', email: 'citoyen@exemple.yt', password: 'Secret123!' })).rejects.toMatchObject({
      message: expect.stringMatching(/^Strapi 4\d\d: /),
    });
  });

  it('logs in in two steps an account with two-factor, and a custom role’s grants open its screens', async () => {
    const admin = await loggedInAs('admin');
    const token = admin.session.getToken()!;
    const post = async (path: string, body: unknown, bearer?: string) => {
      const res = await fetch(`${admin.apiUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) }, body: JSON.stringify(body) });
      return res.json();
    };
    const role = (await post('/api/users-permissions/roles', { name: `Agents ${unique()}`, grants: { signalements: ['read', 'edit'] } }, token)).role;
    const email = `deux-etapes-${unique()}@mairie.test`;
    await post('/api/users', { username: email, email, password: 'Agent123!', confirmed: true, role: role.id }, token);
    const first = (await post('/api/auth/local', { identifier: email, password: 'Agent123!' })).jwt;
    const { secret } = await post('/api/auth/mfa/setup', {}, first);
    const enabledAt = Date.now();
    await post('/api/auth/mfa/enable', { code: totp(secret, enabledAt) }, first);

    const { authProvider, session } = providersFor();
    const held = await authProvider.login({ identifier: email, password: 'Agent123!' }).catch((e) => e);
    expect(held).toBeInstanceOf(SecondStepRequired);
    expect(held).toMatchObject({ step: 'verify', mfaToken: expect.any(String) });
    expect(session.getToken()).toBeNull();
    await expect(authProvider.login({ mfaToken: held.mfaToken, code: '000000' === totp(secret) ? '111111' : '000000' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Strapi 400: Code incorrect/),
    });
    // The step after the enrolment's (each code works once), within one step of now.
    const user = await authProvider.login({ mfaToken: held.mfaToken, code: totp(secret, Math.max((Math.floor(enabledAt / 30_000) + 1) * 30_000, Date.now())) });
    expect(user).toMatchObject({ email, role: { name: role.name, grants: { signalements: ['read', 'edit'] } } });
    expect(session.getToken()).toBeTruthy();
    expect(await authProvider.canAccess!({ resource: 'signalements', action: 'edit' })).toBe(true);
    expect(await authProvider.canAccess!({ resource: 'signalements', action: 'delete' })).toBe(false);
    expect(await authProvider.canAccess!({ resource: 'actualites', action: 'list' })).toBe(false);
    expect(await authProvider.getIdentity()).toMatchObject({ role: role.name, roleLabel: role.name });
  });
});
