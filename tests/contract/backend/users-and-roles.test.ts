import { describe, expect, it } from 'vitest';
import { call, newAccount, tokenOf, unique } from '../support/api';

async function auditEntries(query: string) {
  const res = await call('GET', `/api/audit-logs?sort[0]=id:desc&pagination[pageSize]=20&${query}`, { token: await tokenOf('admin') });
  return res.body.data as any[];
}

describe('users: paged like the other collections', () => {
  it('honours pagination[page] / pagination[pageSize] and start / limit, capped at 200', async () => {
    const admin = await tokenOf('admin');
    for (let i = 0; i < 3; i++) await newAccount('Author');
    const all = await call('GET', '/api/users?sort=id:asc&limit=200', { token: admin });
    expect(all.body.length).toBeGreaterThan(12);
    const page2 = await call('GET', '/api/users?sort=id:asc&pagination[page]=2&pagination[pageSize]=5', { token: admin });
    expect(page2.body.map((u: { id: number }) => u.id)).toEqual(all.body.slice(5, 10).map((u: { id: number }) => u.id));
    const window = await call('GET', '/api/users?sort=id:asc&start=3&limit=4', { token: admin });
    expect(window.body.map((u: { id: number }) => u.id)).toEqual(all.body.slice(3, 7).map((u: { id: number }) => u.id));
    const defaults = await call('GET', '/api/users', { token: admin });
    expect(defaults.body.length).toBeLessThanOrEqual(25);
    for (const query of ['limit=100000', 'pagination[pageSize]=100000', 'limit=-1']) {
      const res = await call('GET', `/api/users?${query}`, { token: admin });
      expect(res.status, query).toBe(200);
      expect(res.body.length, query).toBeLessThanOrEqual(200);
    }
    expect((await call('GET', '/api/users?pagination[page]=0', { token: admin })).status).toBe(400);
  });

  it('an administrator cannot delete their own account', async () => {
    for (const account of ['admin', 'superadmin'] as const) {
      const token = await tokenOf(account);
      const me = await call('GET', '/api/users/me', { token });
      const res = await call('DELETE', `/api/users/${me.body.id}`, { token });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('Vous ne pouvez pas supprimer votre propre compte.');
      expect((await call('GET', '/api/users/me', { token })).status).toBe(200);
    }
    const other = await newAccount('Operator');
    expect((await call('DELETE', `/api/users/${other.id}`, { token: await tokenOf('admin') })).status).toBe(200);
  });
});

describe('roles', () => {
  it('Operators and Authors cannot list the roles (nor their user counts); they still read their own', async () => {
    for (const account of ['operator', 'author'] as const) {
      const token = await tokenOf(account);
      expect((await call('GET', '/api/users-permissions/roles', { token })).status, account).toBe(403);
      expect((await call('GET', '/api/users-permissions/roles/1', { token })).status, account).toBe(403);
      const me = await call('GET', '/api/users/me?populate=role', { token });
      expect(me.body.role.name).toBe(account === 'operator' ? 'Operator' : 'Author');
    }
    for (const account of ['admin', 'editor'] as const) {
      expect((await call('GET', '/api/users-permissions/roles', { token: await tokenOf(account) })).status, account).toBe(200);
    }
  });

  it('refuses a new role with the name of a system role, in any case or accent', async () => {
    const admin = await tokenOf('admin');
    const before = (await call('GET', '/api/users-permissions/roles', { token: admin })).body.roles.length;
    for (const name of ['Administrator', 'administrator', ' Super Admin ', 'super_admin', 'Éditeur', 'editeur', 'AUTHENTICATED', 'Public', 'Opérateur']) {
      const res = await call('POST', '/api/users-permissions/roles', { token: admin, body: { name, description: 'Imposteur', grants: { contenus: ['read'] } } });
      expect(res.status, name).toBe(400);
      expect(res.body.error.message).toMatch(/est celui d'un rôle système/);
    }
    expect((await call('GET', '/api/users-permissions/roles', { token: admin })).body.roles.length).toBe(before);
  });

  it('system roles are neither changed nor deleted through the API', async () => {
    const admin = await tokenOf('admin');
    const roles = (await call('GET', '/api/users-permissions/roles', { token: admin })).body.roles;
    const operator = roles.find((r: { name: string }) => r.name === 'Operator');
    expect((await call('PUT', `/api/users-permissions/roles/${operator.id}`, { token: admin, body: { name: 'Operator', description: 'x', permissions: {} } })).status).toBe(403);
    expect((await call('DELETE', `/api/users-permissions/roles/${operator.id}`, { token: admin })).status).toBe(403);
    const again = (await call('GET', `/api/users-permissions/roles/${operator.id}`, { token: admin })).body.role;
    expect(again.description).toBe(operator.description);
  });

  it('creating, changing and deleting a role is audited', async () => {
    const admin = await tokenOf('admin');
    const name = `Stagiaires ${unique()}`;
    expect((await call('POST', '/api/users-permissions/roles', { token: admin, body: { name, description: 'Lecture', grants: { contenus: ['read'] } } })).status).toBe(201);
    const role = (await call('GET', '/api/users-permissions/roles', { token: admin })).body.roles.find((r: { name: string }) => r.name === name);
    expect((await call('PUT', `/api/users-permissions/roles/${role.id}`, { token: admin, body: { name: `${name} (2)`, description: 'Lecture seule' } })).status).toBe(200);
    expect((await call('PUT', `/api/users-permissions/roles/${role.id}`, { token: admin, body: { name: 'Editor' } })).status).toBe(400);
    expect((await call('DELETE', `/api/users-permissions/roles/${role.id}`, { token: admin })).status).toBe(200);
    const entries = await auditEntries(`filters[resourceType][$eq]=role&filters[resourceId][$eq]=${role.id}`);
    expect(entries.map((e) => [e.action, e.resourceLabel, e.role, e.module]).reverse()).toEqual([
      ['create', name, 'Administrator', 'utilisateurs'],
      ['update', `${name} (2)`, 'Administrator', 'utilisateurs'],
      ['delete', `${name} (2)`, 'Administrator', 'utilisateurs'],
    ]);
    expect(entries.find((e) => e.action === 'update').changedFields).toEqual(['name', 'description']);
  });
});
