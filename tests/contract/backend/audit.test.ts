import { describe, expect, it } from 'vitest';
import { call, reportData, roleId, tokenOf, unique } from '../support/api';

async function auditEntries(query: string) {
  const token = await tokenOf('admin');
  const res = await call('GET', `/api/audit-logs?sort[0]=timestamp:desc&pagination[pageSize]=20&${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.data as any[];
}

describe('the audit log', () => {
  it('records a creation, an update and a deletion with the right user, role, module and fields', async () => {
    const author = await tokenOf('author');
    const slug = unique('audit');
    const created = await call('POST', '/api/articles', { token: author, body: { data: { title: `Audit ${slug}`, slug, date: new Date().toISOString() } } });
    expect(created.status).toBe(201);
    const documentId = created.body.data.documentId;
    await call('PUT', `/api/articles/${documentId}`, { token: author, body: { data: { summary: 'Nouveau résumé', title: `Audit ${slug}` } } });
    await call('DELETE', `/api/articles/${documentId}`, { token: author });

    const entries = await auditEntries(`filters[resourceId][$eq]=${documentId}`);
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ userName: expect.any(String), role: 'Author', module: 'contenus', resourceType: 'article', resourceLabel: `Audit ${slug}` });
      expect(entry.userId).toBeTypeOf('number');
      expect(entry.ip).toBeTruthy();
      expect(Date.parse(entry.timestamp)).toBeGreaterThan(Date.now() - 120_000);
    }
    const me = await call('GET', '/api/users/me', { token: author });
    expect(entries[0].userId).toBe(me.body.id);
    const update = entries.find((e) => e.action === 'update');
    // The unchanged title is not a changed field.
    expect(update.changedFields).toEqual(['summary']);
    expect(entries.find((e) => e.action === 'create').changedFields).toEqual(expect.arrayContaining(['title', 'slug', 'date']));
  });

  it('records logins and failed logins', async () => {
    const ok = await call('POST', '/api/auth/local', { body: { identifier: 'editeur@mairie.test', password: 'Editeur123!' } });
    expect(ok.status).toBe(200);
    const wrongIdentifier = `${unique('inconnu')}@mairie.test`;
    await call('POST', '/api/auth/local', { body: { identifier: wrongIdentifier, password: 'faux' } });

    const [login] = await auditEntries(`filters[action][$eq]=login&filters[userId][$eq]=${ok.body.user.id}`);
    expect(login).toMatchObject({ action: 'login', module: 'auth', role: 'Editor' });
    const [failed] = await auditEntries(`filters[action][$eq]=login_failed&filters[userName][$eq]=${encodeURIComponent(wrongIdentifier)}`);
    expect(failed).toMatchObject({ action: 'login_failed', module: 'auth', userId: null, resourceId: null });

    await call('POST', '/api/auth/local', { body: { identifier: 'editeur@mairie.test', password: 'mauvais' } });
    const [tried] = await auditEntries('filters[action][$eq]=login_failed&filters[userName][$eq]=editeur@mairie.test');
    expect(tried).toMatchObject({ resourceId: String(ok.body.user.id), resourceLabel: ok.body.user.username, userId: null });
  });

  it('records changes to users made by an administrator', async () => {
    const admin = await tokenOf('admin');
    const name = unique('agent');
    const created = await call('POST', '/api/users', { token: admin, body: { username: name, email: `${name}@mairie.test`, password: 'Agent123!', service: 'Urbanisme', role: await roleId('Author') } });
    expect(created.status).toBe(201);
    await call('PUT', `/api/users/${created.body.id}`, { token: admin, body: { status: 'suspendu' } });
    const entries = await auditEntries(`filters[module][$eq]=utilisateurs&filters[resourceId][$eq]=${created.body.id}`);
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update']);
    expect(entries.find((e) => e.action === 'update').changedFields).toContain('status');
  });

  it('an Author can neither read nor write it, and nobody can change or delete an entry', async () => {
    const author = await tokenOf('author');
    expect((await call('GET', '/api/audit-logs', { token: author })).status).toBe(403);
    const [entry] = await auditEntries('');
    expect((await call('GET', `/api/audit-logs/${entry.documentId}`, { token: author })).status).toBe(403);
    const admin = await tokenOf('admin');
    for (const token of [author, admin]) {
      expect((await call('POST', '/api/audit-logs', { token, body: { data: { action: 'login', module: 'auth', timestamp: new Date().toISOString() } } })).status).toBeGreaterThanOrEqual(400);
      expect((await call('PUT', `/api/audit-logs/${entry.documentId}`, { token, body: { data: { module: 'falsifié' } } })).status).toBeGreaterThanOrEqual(400);
      expect((await call('DELETE', `/api/audit-logs/${entry.documentId}`, { token })).status).toBeGreaterThanOrEqual(400);
    }
    const again = await call('GET', `/api/audit-logs/${entry.documentId}`, { token: admin });
    expect(again.body.data.module).toBe(entry.module);
  });

  it('a refused action leaves the record unchanged and no audit entry claiming it happened', async () => {
    const admin = await tokenOf('admin');
    const created = await call('POST', '/api/reports', { token: admin, body: { data: reportData() } });
    const documentId = created.body.data.documentId;
    const operator = await tokenOf('operator');
    expect((await call('DELETE', `/api/reports/${documentId}`, { token: operator })).status).toBe(403);
    const author = await tokenOf('author');
    expect((await call('PUT', `/api/reports/${documentId}`, { token: author, body: { data: { report_status: 'resolu' } } })).status).toBe(403);

    const still = await call('GET', `/api/reports/${documentId}`, { token: admin });
    expect(still.body.data.report_status).toBe('nouveau');
    const entries = await auditEntries(`filters[resourceId][$eq]=${documentId}`);
    expect(entries.map((e) => e.action)).toEqual(['create']);
  });
});
