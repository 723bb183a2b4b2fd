import { describe, expect, it } from 'vitest';
import { createAuthProvider, canAccessResource } from '../../../src/providers/authProvider';
import { createSession, TOKEN_KEY, USER_KEY } from '../../../src/providers/session';
import { mockFetch } from '../../support/mockFetch';
import { memoryStorage } from '../../support/memoryStorage';

const accessRules = {
  signalements: { module: 'signalements' as const },
  actualites: { module: 'contenus' as const, approvalSetting: 'articleApprovalRequired' as const },
  utilisateurs: { module: 'utilisateurs' as const },
  audit: { module: 'audit' as const },
  parametrages: { module: 'parametrages' as const, action: 'edit' as const },
};

function jwt(expSeconds: number) {
  const payload = Buffer.from(JSON.stringify({ id: 1, exp: expSeconds })).toString('base64url');
  return `h.${payload}.s`;
}

function setup(stored?: { token: string; user: object }, now = 1_000_000_000_000) {
  const storage = memoryStorage(stored ? { [TOKEN_KEY]: stored.token, [USER_KEY]: JSON.stringify(stored.user) } : {});
  const session = createSession(storage);
  const api = mockFetch();
  const auth = createAuthProvider({ apiUrl: 'http://api.test', session, fetch: api.fetch, accessRules, now: () => now });
  return { storage, session, api, auth };
}

const editor = { id: 3, username: 'editeur', email: 'editeur@mairie.test', role: { id: 4, name: 'Editor', type: 'editor' } };

describe('login', () => {
  it('posts identifier and password, stores the JWT and the user with the role read from /users/me', async () => {
    const { api, auth, session } = setup();
    api
      .on('POST', '/api/auth/local', { body: { jwt: 'jwt-1', user: { id: 3, username: 'editeur', email: 'editeur@mairie.test' } } })
      .on('GET', '/api/users/me', { body: editor });
    const result = await auth.login({ identifier: 'editeur@mairie.test', password: 'Editeur123!' });
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/local', body: { identifier: 'editeur@mairie.test', password: 'Editeur123!' } });
    expect(api.calls[0].headers.Authorization).toBeUndefined();
    expect(api.calls[1]).toMatchObject({ path: '/api/users/me', query: 'populate=role' });
    expect(api.calls[1].headers.Authorization).toBe('Bearer jwt-1');
    expect(session.getToken()).toBe('jwt-1');
    expect(session.getUser()?.role?.name).toBe('Editor');
    expect(result).not.toHaveProperty('redirectTo');
  });

  it('a wrong password rejects with the backend message and stores nothing', async () => {
    const { api, auth, storage } = setup();
    api.on('POST', '/api/auth/local', {
      status: 400,
      statusText: 'Bad Request',
      body: { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password' } },
    });
    await expect(auth.login({ identifier: 'x@y.z', password: 'bad' })).rejects.toMatchObject({
      message: 'Strapi 400: Invalid identifier or password',
      status: 400,
    });
    expect(storage.length).toBe(0);
  });
});

describe('checkAuth: the stored session', () => {
  it('rejects to /login with no stored session, without any call', async () => {
    const { api, auth } = setup();
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(api.calls).toHaveLength(0);
  });

  it('checks a stored session once with /api/users/me?populate=role', async () => {
    const { api, auth, session } = setup({ token: 'jwt-1', user: { id: 3, username: 'old' } });
    api.on('GET', '/api/users/me', { body: editor });
    await auth.checkAuth({});
    await auth.checkAuth({});
    expect(api.calls.filter((c) => c.path === '/api/users/me')).toHaveLength(1);
    expect(session.getUser()?.username).toBe('editeur');
  });

  it('a failed check clears the stored session', async () => {
    const { api, auth, storage } = setup({ token: 'expired', user: editor });
    api.on('GET', '/api/users/me', { status: 401, body: { error: { message: 'Unauthorized' } } });
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(storage.getItem(USER_KEY)).toBeNull();
  });

  it('refreshes a token about to expire with /api/auth/refresh-token', async () => {
    const now = 1_000_000_000_000;
    const { api, auth, session } = setup({ token: jwt(now / 1000 + 60), user: editor }, now);
    api.on('GET', '/api/users/me', { body: editor }).on('GET', '/api/auth/refresh-token', { body: { jwt: 'fresh', user: { id: 3, username: 'editeur' } } });
    await auth.checkAuth({});
    expect(session.getToken()).toBe('fresh');
    expect(session.getUser()?.role?.name).toBe('Editor');
  });

  it('a failed refresh logs out', async () => {
    const { api, auth, storage } = setup({ token: 'jwt-1', user: editor });
    api.on('GET', '/api/auth/refresh-token', { status: 401, body: { error: { message: 'Invalid token' } } });
    expect(await auth.refresh()).toBeNull();
    expect(storage.length).toBe(0);
  });
});

describe('without a network (an agent on site)', () => {
  const unreachable = (stored: { token: string; user: object }, now = 1_000_000_000_000) => {
    const storage = memoryStorage({ [TOKEN_KEY]: stored.token, [USER_KEY]: JSON.stringify(stored.user) });
    const auth = createAuthProvider({ apiUrl: 'http://api.test', session: createSession(storage), fetch: () => Promise.reject(new TypeError('Failed to fetch')), accessRules, now: () => now });
    return { storage, auth };
  };

  it('keeps the stored session when the check gets no answer, and checks again next time', async () => {
    const { storage, auth } = unreachable({ token: 'jwt-1', user: editor });
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(storage.getItem(TOKEN_KEY)).toBe('jwt-1');
    expect(JSON.parse(storage.getItem(USER_KEY)!).username).toBe('editeur');
  });

  it('keeps a token about to expire when its refresh gets no answer', async () => {
    const now = 1_000_000_000_000;
    const token = jwt(now / 1000 + 60);
    const { storage, auth } = unreachable({ token, user: editor }, now);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.refresh()).toBe(token);
    expect(storage.getItem(TOKEN_KEY)).toBe(token);
  });
});

describe('checkError, logout', () => {
  it('logs out on 401 and stays logged in on 403', async () => {
    const { auth, storage } = setup({ token: 'jwt-1', user: editor });
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(storage.length).toBe(2);
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login' });
    expect(storage.length).toBe(0);
  });

  it('logout ends the session on the backend with its token, then clears it here', async () => {
    const { api, auth, storage } = setup({ token: 'jwt-1', user: editor });
    api.on('POST', '/api/auth/logout', { status: 204 });
    expect(await auth.logout({})).toBe('/login');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/logout' });
    expect(api.calls[0].headers.Authorization).toBe('Bearer jwt-1');
    expect(storage.length).toBe(0);
  });

  it('logout clears the session even when the backend refuses or cannot be reached', async () => {
    const refused = setup({ token: 'jwt-1', user: editor });
    refused.api.on('POST', '/api/auth/logout', { status: 401, body: { error: { message: 'Session déjà terminée' } } });
    expect(await refused.auth.logout({})).toBe('/login');
    expect(refused.storage.length).toBe(0);

    const storage = memoryStorage({ [TOKEN_KEY]: 'jwt-2', [USER_KEY]: JSON.stringify(editor) });
    const unreachable = createAuthProvider({ apiUrl: 'http://api.test', session: createSession(storage), fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await unreachable.logout({})).toBe('/login');
    expect(storage.length).toBe(0);

    const hanging = memoryStorage({ [TOKEN_KEY]: 'jwt-3', [USER_KEY]: JSON.stringify(editor) });
    const slow = createAuthProvider({
      apiUrl: 'http://api.test',
      session: createSession(hanging),
      logoutTimeoutMs: 20,
      fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    });
    expect(await slow.logout({})).toBe('/login');
    expect(hanging.length).toBe(0);
  });

  it('logout without a session makes no call', async () => {
    const { api, auth } = setup();
    expect(await auth.logout({})).toBe('/login');
    expect(api.calls).toHaveLength(0);
  });
});

describe('identity and permissions', () => {
  it('gives the name and the French role name', async () => {
    const { auth } = setup({ token: 't', user: editor });
    expect(await auth.getIdentity()).toEqual({ id: 3, fullName: 'editeur', email: 'editeur@mairie.test', role: 'Editor', roleLabel: 'Éditeur' });
    expect(await auth.getPermissions!({})).toEqual({ role: editor.role, userId: 3 });
  });

  it('shows "Aucun" when the account has no role', async () => {
    const { auth } = setup({ token: 't', user: { id: 9, username: 'nouveau', email: 'n@m.test', role: null } });
    expect((await auth.getIdentity()).roleLabel).toBe('Aucun');
  });

  it('shows "Aucun" for a self-registered account, which keeps Strapi\'s default role until one is assigned', async () => {
    const { auth } = setup({ token: 't', user: { id: 10, username: 'habitant', email: 'h@m.test', role: { id: 1, name: 'Authenticated', type: 'authenticated' } } });
    expect((await auth.getIdentity()).roleLabel).toBe('Aucun');
    expect(await auth.canAccess!({ resource: 'signalements', action: 'list' })).toBe(false);
  });

  it('canAccess follows the matrix alone: an Editor reads the users but neither manages them nor reads the audit log', async () => {
    const { auth } = setup({ token: 't', user: editor });
    expect(await auth.canAccess!({ resource: 'signalements', action: 'delete' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'utilisateurs', action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'utilisateurs', action: 'create' })).toBe(false);
    expect(await auth.canAccess!({ resource: 'audit', action: 'list' })).toBe(false);
    // A page opened by another action than reading: the settings page is for those who change settings.
    expect(await auth.canAccess!({ resource: 'parametrages', action: 'list' })).toBe(true);
    expect(canAccessResource('Operator', accessRules.parametrages, 'list')).toBe(false);
    expect(canAccessResource('Operator', accessRules.parametrages, 'read')).toBe(true);
    expect(canAccessResource('Author', accessRules.signalements, 'list')).toBe(true);
    expect(canAccessResource('Author', accessRules.signalements, 'create')).toBe(false);
    expect(canAccessResource('Author', accessRules.actualites, 'create')).toBe(true);
    expect(canAccessResource('Operator', accessRules.actualites, 'edit')).toBe(false);
    expect(canAccessResource('Super Admin', accessRules.audit, 'list')).toBe(true);
    expect(canAccessResource('Administrator', accessRules.audit, 'delete')).toBe(false);
    expect(canAccessResource(undefined, accessRules.signalements, 'list')).toBe(false);
    expect(canAccessResource('Author', undefined, 'list')).toBe(true);
  });

  it('canAccess reads a custom role’s grants, carried by the session’s role, through the same access table', async () => {
    const agent = { id: 9, username: 'agent', email: 'agent@mairie.test', role: { id: 12, name: 'Agents voirie', type: 'custom_agents_voirie', grants: { signalements: ['read', 'edit'], contenus: ['read'] } } };
    const { auth } = setup({ token: 't', user: agent });
    expect(await auth.canAccess!({ resource: 'signalements', action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'signalements', action: 'edit' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'signalements', action: 'delete' })).toBe(false);
    expect(await auth.canAccess!({ resource: 'actualites', action: 'list' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'actualites', action: 'create' })).toBe(false);
    expect(await auth.canAccess!({ resource: 'utilisateurs', action: 'list' })).toBe(false);
    expect(await auth.getIdentity()).toMatchObject({ role: 'Agents voirie', roleLabel: 'Agents voirie' });
    // Without its grants (a role read without them), nothing is open.
    expect(canAccessResource({ name: 'Agents voirie', type: 'custom_agents_voirie' }, accessRules.signalements, 'list')).toBe(false);
  });
});

describe('answers at once', () => {
  const roles = [
    { name: 'Super Admin', type: 'super_admin' },
    { name: 'Administrator', type: 'administrator' },
    { name: 'Editor', type: 'editor' },
    { name: 'Operator', type: 'operator' },
    { name: 'Author', type: 'author' },
    { name: 'Authenticated', type: 'authenticated' },
    { name: 'Agents voirie', type: 'custom_agents_voirie', grants: { signalements: ['read', 'edit'], contenus: ['read', 'create'] } },
  ];
  const actions = ['list', 'show', 'read', 'create', 'edit', 'delete', 'export', 'publish'];

  it.each(roles)('canAccessNow gives canAccess\'s answer for $name, without a request, except a publication that waits on the approval setting', async (role) => {
    const { auth, api } = setup({ token: 't', user: { id: 7, username: 'x', email: 'x@m.test', role } });
    api.on('GET', '/api/setting', { body: { data: { articleApprovalRequired: true } } });
    const provider = auth as ReturnType<typeof createAuthProvider>;
    let waited = 0;
    for (const resource of [...Object.keys(accessRules), 'dashboard']) {
      for (const action of actions) {
        const now = provider.canAccessNow({ resource, action });
        const later = await provider.canAccess!({ resource, action });
        if (now === undefined) {
          waited++;
          expect({ resource, action, role: role.name }).toMatchObject({ resource: 'actualites', action: 'publish' });
        } else expect({ resource, action, answer: now }).toEqual({ resource, action, answer: later });
      }
    }
    // Only an Author waits for the settings (the custom role here is not granted publishing at all).
    expect(waited).toBe(role.name === 'Author' ? 1 : 0);
    expect(api.calls.filter((c) => c.path !== '/api/setting')).toEqual([]);
  });

  it('identityNow and permissionsNow are what getIdentity and getPermissions answer', async () => {
    const { auth } = setup({ token: 't', user: editor });
    const provider = auth as ReturnType<typeof createAuthProvider>;
    expect(provider.identityNow()).toEqual(await provider.getIdentity());
    expect(provider.permissionsNow()).toEqual(await provider.getPermissions!({}));
    expect(setup().auth.identityNow()).toBeUndefined();
  });
});

describe('publishing under approval', () => {
  const author = { id: 5, username: 'auteur', email: 'auteur@mairie.test', role: { id: 6, name: 'Author', type: 'author' } };

  it('an Author may not publish while the setting asks for approval, and may once it is off', async () => {
    const { auth, api } = setup({ token: 't', user: author });
    api.on('GET', '/api/setting', { body: { data: { articleApprovalRequired: true } } });
    expect(await auth.canAccess!({ resource: 'actualites', action: 'publish' })).toBe(false);
    expect(await auth.canAccess!({ resource: 'actualites', action: 'edit' })).toBe(true);

    const off = setup({ token: 't', user: author });
    off.api.on('GET', '/api/setting', { body: { data: { articleApprovalRequired: false } } });
    expect(await off.auth.canAccess!({ resource: 'actualites', action: 'publish' })).toBe(true);
  });

  it('an Editor publishes under approval; settings that cannot be read count as approval required', async () => {
    const { auth } = setup({ token: 't', user: editor });
    expect(await auth.canAccess!({ resource: 'actualites', action: 'publish' })).toBe(true);
    const unreadable = setup({ token: 't', user: author });
    unreadable.api.on('GET', '/api/setting', { status: 500, body: { error: { status: 500, message: 'x' } } });
    expect(await unreadable.auth.canAccess!({ resource: 'actualites', action: 'publish' })).toBe(false);
  });
});

describe('register', () => {
  it('posts to /api/auth/local/register and keeps the session without a role', async () => {
    const { api, auth, session } = setup();
    api.on('POST', '/api/auth/local/register', { body: { jwt: 'r1', user: { id: 20, username: 'citoyen', email: 'c@m.test' } } });
    const user = await auth.register({ username: 'citoyen', email: 'c@m.test', password: 'Secret123!' });
    expect(api.last()).toMatchObject({ path: '/api/auth/local/register', body: { username: 'citoyen', email: 'c@m.test', password: 'Secret123!' } });
    expect(user.username).toBe('citoyen');
    expect(session.getUser()?.role).toBeNull();
  });
});
