import { describe, expect, it } from 'vitest';
import { call, logIn, newAccount, reportData, roleId, tokenOf, unique } from '../support/api';

/**
 * Roles that administrators manage: made from the matrix's modules and actions (`grants`), applied
 * by the backend at once, edited while not a system role, deleted once nobody holds them.
 */
const ROLES = '/api/users-permissions/roles';

async function createRole(grants: Record<string, string[]>, name = `Agents voirie ${unique()}`) {
  const res = await call('POST', ROLES, { token: await tokenOf('admin'), body: { name, description: 'Équipe de terrain', grants } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.role as { id: number; name: string; grants: Record<string, string[]> };
}

describe('creating a role (POST /api/users-permissions/roles)', () => {
  it('stores its grants and shows them in the matrix', async () => {
    const role = await createRole({ signalements: ['edit', 'read'], contenus: ['read'] });
    // Read first, in the matrix's order; an action implies reading.
    expect(role.grants).toEqual({ signalements: ['read', 'edit'], contenus: ['read'] });
    const matrix = (await call('GET', '/api/role-matrix', { token: await tokenOf('admin') })).body.data;
    expect(matrix.roles.find((r: any) => r.id === role.id)).toMatchObject({ name: role.name, system: false, users: 0, permissions: { signalements: ['read', 'edit'], contenus: ['read'] } });
  });

  it('refuses a bad name, a taken name, no permission, unknown modules only; and anyone but an administrator', async () => {
    const admin = await tokenOf('admin');
    const taken = await createRole({ poi: ['read'] });
    const cases: [unknown, RegExp][] = [
      [{ name: 'ab', grants: { poi: ['read'] } }, /^Le nom du rôle compte de 3 à 50 caractères$/],
      [{ name: 'Éditeur', grants: { poi: ['read'] } }, /est celui d'un rôle système/],
      [{ name: taken.name.toUpperCase(), grants: { poi: ['read'] } }, /^Un rôle s'appelle déjà/],
      [{ name: `Vide ${unique()}`, grants: {} }, /^Cochez au moins une permission$/],
      [{ name: `Inconnu ${unique()}`, grants: { cuisine: ['read'], poi: ['voler'] } }, /^Cochez au moins une permission$/],
      [{ name: `Liste ${unique()}`, grants: ['poi'] }, /^Permissions : un objet module → actions est attendu$/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', ROLES, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    const editor = await call('POST', ROLES, { token: await tokenOf('editor'), body: { name: `Éditeurs bis ${unique()}`, grants: { poi: ['read'] } } });
    expect(editor.status).toBe(403);
  });
});

describe('the backend honours a new role at once', () => {
  it('allows exactly what its grants say, in the permissions and in the rules that read the matrix', async () => {
    const role = await createRole({ signalements: ['read', 'edit'], contenus: ['read'] });
    const account = await newAccount('Operator', { role: role.id });
    const token = await logIn(account.email, account.password);

    // The account reads its role with the grants (the SPA's canAccess reads them there).
    const me = await call('GET', '/api/users/me?populate=role', { token });
    expect(me.body.role).toMatchObject({ name: role.name, grants: { signalements: ['read', 'edit'], contenus: ['read'] } });

    const list = await call('GET', '/api/reports?pagination[pageSize]=1', { token });
    expect(list.status).toBe(200);
    const documentId = list.body.data[0].documentId;
    expect((await call('PUT', `/api/reports/${documentId}`, { token, body: { data: { priority: 'haute' } } })).status).toBe(200);
    expect((await call('POST', '/api/reports', { token, body: { data: reportData() } })).status).toBe(403);
    expect((await call('DELETE', `/api/reports/${documentId}`, { token })).status).toBe(403);
    expect((await call('GET', '/api/articles', { token })).status).toBe(200);
    expect((await call('GET', '/api/events', { token })).status).toBe(200);
    expect((await call('POST', '/api/articles', { token, body: { data: { title: 'Non', slug: unique('non') } } })).status).toBe(403);
    expect((await call('GET', '/api/pois', { token })).status).toBe(403);
    expect((await call('GET', '/api/users', { token })).status).toBe(403);
    expect((await call('GET', '/api/audit-logs', { token })).status).toBe(403);
    // Its own account, as every role.
    expect((await call('GET', '/api/search?q=kaweni', { token })).status).toBe(200);

    // Every staff role reads the settings its screens follow (types, templates, the menu): no 403 on each page
    // of a role without the settings module; the secrets stay with those who change them, and it changes none.
    const settings = await call('GET', '/api/setting', { token });
    expect(settings.status).toBe(200);
    expect(settings.body.data.signalementCategories.length).toBeGreaterThan(0);
    expect(settings.body.data).not.toHaveProperty('mapApiKey');
    expect((await call('PUT', '/api/setting', { token, body: { data: { siteName: 'Mamoudzou' } } })).status).toBe(403);
  });

  it('applies an edit of its grants to the next request of its holders', async () => {
    const admin = await tokenOf('admin');
    const role = await createRole({ signalements: ['read'] });
    const account = await newAccount('Operator', { role: role.id });
    const token = await logIn(account.email, account.password);
    expect((await call('POST', '/api/reports', { token, body: { data: reportData() } })).status).toBe(403);
    expect((await call('PUT', '/api/setting', { token, body: { data: { siteName: 'Mamoudzou' } } })).status).toBe(403);

    const edited = await call('PUT', `${ROLES}/${role.id}`, { token: admin, body: { grants: { signalements: ['read', 'create'], parametrages: ['read', 'edit'] } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.role.grants).toEqual({ signalements: ['read', 'create'], parametrages: ['read', 'edit'] });
    expect((await call('POST', '/api/reports', { token, body: { data: reportData() } })).status).toBe(201);
    // The settings' rules (domain/settings.ts) let it change the Général tab, not the Sécurité one.
    const siteName = (await call('GET', '/api/setting', { token })).body.data.siteName;
    expect((await call('PUT', '/api/setting', { token, body: { data: { siteName } } })).status).toBe(200);
    const security = await call('PUT', '/api/setting', { token, body: { data: { maxLoginAttempts: 9 } } });
    expect(security.status).toBe(403);
    expect(security.body.error.message).toMatch(/^Votre rôle ne permet pas de modifier ces paramètres : maxLoginAttempts/);

    const audit = await call('GET', `/api/audit-logs?filters[resourceType][$eq]=role&filters[resourceId][$eq]=${role.id}&sort[0]=id:desc`, { token: admin });
    const update = audit.body.data.find((e: any) => e.action === 'update');
    expect(update.changedFields).toEqual(['grants']);
    expect(update.changes.grants).toEqual({ before: { signalements: ['read'] }, after: { signalements: ['read', 'create'], parametrages: ['read', 'edit'] } });
  });
});

describe('deleting a role', () => {
  it('is refused while someone holds it, and done once nobody does', async () => {
    const admin = await tokenOf('admin');
    const role = await createRole({ annuaire: ['read'] });
    const account = await newAccount('Operator', { role: role.id });
    const refused = await call('DELETE', `${ROLES}/${role.id}`, { token: admin });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("Ce rôle est attribué à 1 utilisateur : donnez-leur d'abord un autre rôle.");
    // The holder keeps the role and its rights.
    const token = await logIn(account.email, account.password);
    expect((await call('GET', '/api/directory-entries', { token })).status).toBe(200);

    expect((await call('PUT', `/api/users/${account.id}`, { token: admin, body: { role: await roleId('Operator') } })).status).toBe(200);
    expect((await call('DELETE', `${ROLES}/${role.id}`, { token: admin })).status).toBe(200);
    const matrix = (await call('GET', '/api/role-matrix', { token: admin })).body.data;
    expect(matrix.roles.some((r: any) => r.id === role.id)).toBe(false);
  });

  it('keeps system roles read only', async () => {
    const admin = await tokenOf('admin');
    const editor = await roleId('Editor');
    const res = await call('PUT', `${ROLES}/${editor}`, { token: admin, body: { grants: { audit: ['read'] } } });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Les rôles système ne se modifient pas : leurs droits viennent de la table des permissions.');
  });
});
