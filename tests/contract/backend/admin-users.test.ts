import { describe, expect, it } from 'vitest';
import { call, logIn, newAccount, roleId, tokenOf, unique } from '../support/api';

/** The backend side of the Utilisateurs & Rôles, Journal d'audit and Mon profil screens. */

async function auditEntries(query: string) {
  const res = await call('GET', `/api/audit-logs?sort[0]=id:desc&pagination[pageSize]=20&${query}`, { token: await tokenOf('admin') });
  expect(res.status).toBe(200);
  return res.body.data as any[];
}

describe('the permission matrix of the Rôles & Permissions tab (GET /api/role-matrix)', () => {
  it('lists the five staff roles, never Public nor Authenticated, with their rights per module and action', async () => {
    const res = await call('GET', '/api/role-matrix', { token: await tokenOf('admin') });
    expect(res.status).toBe(200);
    const { roles, modules, actions } = res.body.data;
    expect(modules).toContain('signalements');
    expect(actions).toEqual(expect.arrayContaining(['read', 'create', 'edit', 'delete']));
    const byName = Object.fromEntries(roles.map((r: any) => [r.name, r]));
    expect(Object.keys(byName)).toEqual(expect.arrayContaining(['Administrator', 'Super Admin', 'Editor', 'Operator', 'Author']));
    expect(Object.keys(byName)).not.toContain('Public');
    expect(Object.keys(byName)).not.toContain('Authenticated');
    for (const name of ['Administrator', 'Super Admin', 'Editor', 'Operator', 'Author']) expect(byName[name].system, name).toBe(true);
    // Read from what the backend grants: the operator edits reports but deletes none, reads no users.
    expect(byName.Operator.permissions.signalements).toEqual(expect.arrayContaining(['read', 'create', 'edit']));
    expect(byName.Operator.permissions.signalements).not.toContain('delete');
    expect(byName.Operator.permissions.utilisateurs).toBeUndefined();
    expect(byName.Editor.permissions.utilisateurs).toEqual(['read']);
    // The audit log is an administrators' page: the Editor does not read it (it holds every account's actions and addresses).
    expect(byName.Editor.permissions.audit).toBeUndefined();
    expect(byName.Administrator.permissions.audit).toEqual(['read', 'export']);
    expect(byName.Operator.users).toBeGreaterThanOrEqual(1);
  });

  it('shows a role added through the API as not a system role, with the grants it was given', async () => {
    const admin = await tokenOf('admin');
    const name = unique('Stagiaire');
    // Any action implies reading its module.
    expect((await call('POST', '/api/users-permissions/roles', { token: admin, body: { name, description: 'Lecture des contenus', grants: { contenus: ['read'], poi: ['export'] } } })).status).toBe(201);
    const { roles } = (await call('GET', '/api/role-matrix', { token: admin })).body.data;
    const intern = roles.find((r: any) => r.name === name);
    expect(intern).toMatchObject({ system: false, users: 0, description: 'Lecture des contenus' });
    expect(intern.permissions).toEqual({ contenus: ['read'], poi: ['read', 'export'] });
  });

  it('answers those who read the users (administrators and Editors), 403 to the others', async () => {
    for (const account of ['operator', 'author'] as const) {
      expect((await call('GET', '/api/role-matrix', { token: await tokenOf(account) })).status, account).toBe(403);
    }
    expect((await call('GET', '/api/role-matrix', { token: await tokenOf('editor') })).status).toBe(200);
    expect((await call('GET', '/api/role-matrix', { token: await tokenOf('superadmin') })).status).toBe(200);
    expect((await call('GET', '/api/role-matrix')).status).toBe(403);
  });
});

describe('the user counters and filters of the users list', () => {
  it('counts users by status and filters them by role and service on the backend', async () => {
    const admin = await tokenOf('admin');
    const before = Number((await call('GET', '/api/users/count?filters[status][$eq]=suspendu', { token: admin })).body);
    const suspended = await newAccount('Operator', { service: 'Urbanisme' });
    expect((await call('PUT', `/api/users/${suspended.id}`, { token: admin, body: { status: 'suspendu' } })).status).toBe(200);
    expect(Number((await call('GET', '/api/users/count?filters[status][$eq]=suspendu', { token: admin })).body)).toBe(before + 1);
    const total = Number((await call('GET', '/api/users/count', { token: admin })).body);
    const byStatus = await Promise.all(['actif', 'suspendu', 'inactif'].map(async (s) => Number((await call('GET', `/api/users/count?filters[status][$eq]=${s}`, { token: admin })).body)));
    expect(byStatus.reduce((a, b) => a + b, 0)).toBe(total);
    const operators = await call('GET', '/api/users?filters[role][name][$eq]=Operator&filters[service][$eq]=Urbanisme&populate=role&limit=200', { token: admin });
    expect(operators.status).toBe(200);
    expect(operators.body.map((u: any) => u.id)).toContain(suspended.id);
    for (const user of operators.body) expect(user).toMatchObject({ service: 'Urbanisme', role: { name: 'Operator' } });
  });

  it('an administrator cannot suspend or deactivate their own account', async () => {
    const token = await tokenOf('superadmin');
    const me = await call('GET', '/api/users/me', { token });
    for (const body of [{ status: 'suspendu' }, { status: 'inactif' }, { blocked: true }]) {
      const res = await call('PUT', `/api/users/${me.body.id}`, { token, body });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('Vous ne pouvez pas suspendre ni désactiver votre propre compte.');
    }
    expect((await call('PUT', `/api/users/${me.body.id}`, { token, body: { service: 'Urbanisme' } })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token })).status).toBe(200);
  });

  it('a suspended user can no longer log in; reactivated, they can', async () => {
    const admin = await tokenOf('admin');
    const account = await newAccount('Author');
    await logIn(account.email, account.password);
    await call('PUT', `/api/users/${account.id}`, { token: admin, body: { status: 'suspendu' } });
    expect((await call('POST', '/api/auth/local', { body: { identifier: account.email, password: account.password } })).status).toBe(400);
    await call('PUT', `/api/users/${account.id}`, { token: admin, body: { status: 'actif' } });
    expect((await call('POST', '/api/auth/local', { body: { identifier: account.email, password: account.password } })).status).toBe(200);
  });
});

describe('the audit log keeps what changed and cannot be changed', () => {
  it('keeps each changed field before and after, the role by its name, and never a password', async () => {
    const admin = await tokenOf('admin');
    const name = unique('agent');
    // The body the users form sends.
    const created = await call('POST', '/api/users', { token: admin, body: { username: name, email: `${name}@mairie.test`, password: 'Agent123!', role: await roleId('Author'), service: 'Urbanisme', status: 'actif', confirmed: true } });
    expect(created.status).toBe(201);
    await call('PUT', `/api/users/${created.body.id}`, { token: admin, body: { service: 'Communication', role: await roleId('Operator'), password: 'Nouveau123!' } });
    const [update] = await auditEntries(`filters[module][$eq]=utilisateurs&filters[resourceId][$eq]=${created.body.id}&filters[action][$eq]=update`);
    expect(update.changes.service).toEqual({ before: 'Urbanisme', after: 'Communication' });
    expect(update.changes.role).toEqual({ before: 'Author', after: 'Operator' });
    expect(update.changes.password).toEqual({ masked: true });
    expect(JSON.stringify(update.changes)).not.toContain('Nouveau123!');
    const [creation] = await auditEntries(`filters[module][$eq]=utilisateurs&filters[resourceId][$eq]=${created.body.id}&filters[action][$eq]=create`);
    // One creation makes one entry (the plugin writes users through two layers).
    const byLabel = await auditEntries(`filters[module][$eq]=utilisateurs&filters[resourceLabel][$eq]=${name}&filters[action][$eq]=create`);
    expect(byLabel).toHaveLength(1);
    expect(creation.changes.username).toEqual({ before: null, after: name });
    expect(creation.changes.role).toEqual({ before: null, after: 'Author' });
  });

  it('keeps the before and after of a content change', async () => {
    const editor = await tokenOf('editor');
    const slug = unique('audit');
    const created = await call('POST', '/api/articles', { token: editor, body: { data: { title: `Avant ${slug}`, slug, date: new Date().toISOString() } } });
    const documentId = created.body.data.documentId;
    await call('PUT', `/api/articles/${documentId}`, { token: editor, body: { data: { title: `Après ${slug}` } } });
    const [update] = await auditEntries(`filters[resourceId][$eq]=${documentId}&filters[action][$eq]=update`);
    expect(update.changes.title).toEqual({ before: `Avant ${slug}`, after: `Après ${slug}` });
  });

  it('refuses to create, edit or delete an entry, even to an administrator (403 or 405)', async () => {
    const [entry] = await auditEntries('');
    for (const account of ['admin', 'superadmin', 'editor'] as const) {
      const token = await tokenOf(account);
      const statuses = [
        (await call('POST', '/api/audit-logs', { token, body: { data: { action: 'login', module: 'auth', timestamp: new Date().toISOString() } } })).status,
        (await call('PUT', `/api/audit-logs/${entry.documentId}`, { token, body: { data: { module: 'falsifié' } } })).status,
        (await call('DELETE', `/api/audit-logs/${entry.documentId}`, { token })).status,
      ];
      for (const status of statuses) expect([403, 405], `${account}: ${statuses}`).toContain(status);
    }
    const [again] = await auditEntries(`filters[documentId][$eq]=${entry.documentId}`);
    expect(again.module).toBe(entry.module);
  });
});

describe('Mon profil: the password change', () => {
  it('keeps the user logged in with a new token and ends their other sessions', async () => {
    const account = await newAccount('Operator');
    const other = await logIn(account.email, account.password);
    const current = await logIn(account.email, account.password);
    const wrong = await call('POST', '/api/auth/change-password', { token: current, body: { currentPassword: 'Mauvais123!', password: 'Nouveau123!', passwordConfirmation: 'Nouveau123!' } });
    expect(wrong.status).toBe(400);
    const weak = await call('POST', '/api/auth/change-password', { token: current, body: { currentPassword: account.password, password: 'court', passwordConfirmation: 'court' } });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(weak.body)).toContain('Le mot de passe doit contenir');
    const changed = await call('POST', '/api/auth/change-password', { token: current, body: { currentPassword: account.password, password: 'Nouveau123!', passwordConfirmation: 'Nouveau123!' } });
    expect(changed.status).toBe(200);
    expect(changed.body.jwt).toBeTruthy();
    expect((await call('GET', '/api/users/me', { token: changed.body.jwt })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: other })).status).toBe(401);
    await logIn(account.email, 'Nouveau123!');
  });
});
