import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceRow } from '../../../domain/resources';
import { startPreparedBackend, type PreparedBackend } from '../support/prepared-backend';

/**
 * A role made before roles kept their grants (through users-permissions' raw permission format):
 * at the next start its grants are read from the permissions it holds, kept, and its permissions
 * derived from them like any role's: what the matrix shows is what the backend grants.
 */
describe('a role made before grants were kept', () => {
  let prepared: PreparedBackend | undefined;
  const name = `Lecteurs anciens ${Date.now().toString(36)}`;
  // The reports' read (every route of it) and half of the contents' read (articles without events).
  const HELD = [
    ...['find', 'findOne', ...(resourceRow('report').routes?.read ?? [])].map((action) => `api::report.report.${action}`),
    'api::article.article.find',
  ];

  beforeAll(async () => {
    prepared = await startPreparedBackend('legacy-role', async (knex) => {
      const now = new Date();
      const id = (suffix: string) => `legacy${suffix}`.padEnd(24, 'x').slice(0, 24);
      const [role] = await knex('up_roles').insert({ document_id: id('role'), name, description: 'Ancien rôle', type: 'lecteurs_anciens', created_at: now, updated_at: now, published_at: now }).returning('id');
      const roleId = typeof role === 'object' ? role.id : role;
      for (const [i, action] of HELD.entries()) {
        const [permission] = await knex('up_permissions').insert({ document_id: id(`p${i}`), action, created_at: now, updated_at: now, published_at: now }).returning('id');
        await knex('up_permissions_role_lnk').insert({ permission_id: typeof permission === 'object' ? permission.id : permission, role_id: roleId, permission_ord: i + 1 });
      }
    });
  }, 240_000);

  afterAll(async () => {
    await prepared?.stop();
  });

  it('gets the grants its permissions covered, and only what they derive', async () => {
    const { backend, adminToken } = prepared!;
    const get = async (path: string, token = adminToken) => {
      const res = await fetch(`${backend.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
      return { status: res.status, body: await res.json().catch(() => null) };
    };
    const matrix = (await get('/api/role-matrix')).body.data;
    const legacy = matrix.roles.find((r: any) => r.name === name);
    expect(legacy).toMatchObject({ system: false, permissions: { signalements: ['read'] } });

    const stored = await prepared!.withKnex((knex) => knex('up_roles').where({ name }).first());
    expect(typeof stored.grants === 'string' ? JSON.parse(stored.grants) : stored.grants).toEqual({ signalements: ['read'] });

    const actions = await prepared!.withKnex((knex) =>
      knex('up_permissions').join('up_permissions_role_lnk', 'up_permissions.id', 'up_permissions_role_lnk.permission_id').where('up_permissions_role_lnk.role_id', stored.id).pluck('action'),
    );
    expect(actions).toEqual(expect.arrayContaining(['api::report.report.find', 'api::report.report.stats']));
    // Half of a module's read is not a right of the matrix: dropped.
    expect(actions).not.toContain('api::article.article.find');
  });
});
