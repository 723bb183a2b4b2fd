import { describe, expect, it } from 'vitest';
import { call, reportData, roleId, tokenOf, unique, type DemoAccount } from '../support/api';

/**
 * The permission matrix (domain/permissions.ts) as the backend must enforce it,
 * written out here independently of the backend's own table.
 */
type Action = 'read' | 'create' | 'update' | 'delete';
const ALL: Action[] = ['read', 'create', 'update', 'delete'];
const EXPECTED: Record<DemoAccount, Record<string, Action[]>> = {
  admin: { reports: ALL, articles: ALL, events: ALL, pois: ALL, 'directory-entries': ALL, setting: ['read', 'update'], users: ALL, 'audit-logs': ['read'] },
  superadmin: { reports: ALL, articles: ALL, events: ALL, pois: ALL, 'directory-entries': ALL, setting: ['read', 'update'], users: ALL, 'audit-logs': ['read'] },
  editor: { reports: ALL, articles: ALL, events: ALL, pois: ALL, 'directory-entries': ALL, setting: ['read', 'update'], users: ['read'], 'audit-logs': [] },
  operator: { reports: ['read', 'create', 'update'], articles: ['read'], events: ['read'], pois: ['read'], 'directory-entries': ['read'], setting: ['read'], users: [], 'audit-logs': [] },
  author: { reports: ['read'], articles: ALL, events: ALL, pois: ALL, 'directory-entries': ALL, setting: ['read'], users: [], 'audit-logs': [] },
};

const newRecord: Record<string, () => Record<string, unknown>> = {
  reports: () => reportData(),
  articles: () => {
    const slug = unique('article');
    return { title: `Article ${slug}`, slug, summary: 'Résumé', date: new Date().toISOString(), status: 'draft' };
  },
  events: () => {
    const slug = unique('evenement');
    // A draft, as the articles: what is published is under approval (content.test.ts), not the matrix's concern.
    return { title: `Événement ${slug}`, slug, date: '2026-12-19', time: '18:00:00.000', location: 'Place Mariage', category: 'Culture', status: 'draft' };
  },
  pois: () => ({ name: `POI ${unique()}`, category: 'loisirs', address: 'Front de mer, Mamoudzou' }),
  'directory-entries': () => ({ name: `Entrée ${unique()}`, category: 'associations' }),
};
async function newUser() {
  const name = unique('agent');
  return { username: name, email: `${name}@mairie.test`, password: 'Agent123!', confirmed: true, role: await roleId('Operator') };
}

async function adminCreate(collection: string): Promise<string> {
  const admin = await tokenOf('admin');
  if (collection === 'users') {
    const res = await call('POST', '/api/users', { token: admin, body: await newUser() });
    expect(res.status, `admin creates a user: ${JSON.stringify(res.body)}`).toBe(201);
    return String(res.body.id);
  }
  const res = await call('POST', `/api/${collection}`, { token: admin, body: { data: newRecord[collection]() } });
  expect(res.status, `admin creates ${collection}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body.data.documentId;
}

/**
 * The record an update or a deletion is tried on: the administrator's, but an Author's own draft for the
 * contents (an Author changes only their own drafts: content.test.ts; the matrix says which actions).
 */
async function target(account: DemoAccount, collection: string): Promise<string> {
  if (account !== 'author' || (collection !== 'articles' && collection !== 'events')) return adminCreate(collection);
  const res = await call('POST', `/api/${collection}`, { token: await tokenOf('author'), body: { data: newRecord[collection]() } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.documentId;
}

/** Performs one action as `account` and returns the HTTP status. */
async function attempt(account: DemoAccount, collection: string, action: Action): Promise<number> {
  const token = await tokenOf(account);
  const isUsers = collection === 'users';
  const wrap = (data: Record<string, unknown>) => (isUsers ? data : { data });
  switch (action) {
    case 'read': {
      const list = await call('GET', `/api/${collection}${isUsers ? '' : '?pagination[pageSize]=1'}`, { token });
      if (list.status !== 200) return list.status;
      const first = isUsers ? list.body[0]?.id : list.body.data[0]?.documentId;
      const one = await call('GET', `/api/${collection}/${first}`, { token });
      return one.status;
    }
    case 'create':
      return (await call('POST', `/api/${collection}`, { token, body: isUsers ? await newUser() : wrap(newRecord[collection]()) })).status;
    case 'update': {
      const id = await target(account, collection);
      const change = isUsers ? { username: unique('renamed') } : collection === 'pois' || collection === 'directory-entries' ? { description: 'Modifié' } : { title: `Modifié ${unique()}` };
      return (await call('PUT', `/api/${collection}/${id}`, { token, body: wrap(change) })).status;
    }
    case 'delete': {
      const id = await target(account, collection);
      return (await call('DELETE', `/api/${collection}/${id}`, { token })).status;
    }
  }
}

describe('the role matrix, enforced by the backend', () => {
  for (const account of Object.keys(EXPECTED) as DemoAccount[]) {
    describe(account, () => {
      for (const collection of ['reports', 'articles', 'events', 'pois', 'directory-entries', 'users']) {
        for (const action of ALL) {
          const allowed = EXPECTED[account][collection].includes(action);
          it(`${allowed ? 'may' : 'may not'} ${action} ${collection}`, async () => {
            const status = await attempt(account, collection, action);
            if (allowed) expect(status).toBeGreaterThanOrEqual(200), expect(status).toBeLessThan(300);
            else expect(status).toBe(403);
          });
        }
      }

      it(`settings: ${EXPECTED[account].setting.join(', ')}, never delete`, async () => {
        const token = await tokenOf(account);
        const allowed = EXPECTED[account].setting;
        const read = await call('GET', '/api/setting', { token });
        expect(read.status).toBe(allowed.includes('read') ? 200 : 403);
        const update = await call('PUT', '/api/setting', { token, body: { data: { siteDescription: `Modifié par ${account}` } } });
        expect(update.status).toBe(allowed.includes('update') ? 200 : 403);
        // No role deletes the settings (the next save would recreate them with nulls): the route does not exist.
        expect([403, 404, 405]).toContain((await call('DELETE', '/api/setting', { token })).status);
      });

      it(`audit log: ${EXPECTED[account]['audit-logs'].includes('read') ? 'may read' : 'may not read'}, never write`, async () => {
        const token = await tokenOf(account);
        const read = await call('GET', '/api/audit-logs?pagination[pageSize]=1', { token });
        expect(read.status).toBe(EXPECTED[account]['audit-logs'].includes('read') ? 200 : 403);
        const write = await call('POST', '/api/audit-logs', { token, body: { data: { action: 'delete', module: 'faux', timestamp: new Date().toISOString() } } });
        expect(write.status).toBeGreaterThanOrEqual(400);
      });
    });
  }
});
