import qs from 'qs';
import { normalizeSearchText, searchTextOf } from '@mamoudzou/domain/search';
import { matches } from './collectionBackend';
import type { fakeBackend } from './fakeBackend';

type Row = Record<string, unknown>;
type Backend = ReturnType<typeof fakeBackend>;

/** users-permissions' roles as the backend lists them: the five staff roles and its own two technical ones. */
export const ROLES = [
  { id: 1, name: 'Authenticated', type: 'authenticated', description: 'Default role', nbUsers: 0 },
  { id: 2, name: 'Public', type: 'public', description: 'Default role', nbUsers: 0 },
  { id: 3, name: 'Administrator', type: 'administrator', description: 'Administrateur du back-office', nbUsers: 1 },
  { id: 4, name: 'Super Admin', type: 'super_admin', description: 'Super Administrateur du back-office', nbUsers: 1 },
  { id: 5, name: 'Editor', type: 'editor', description: 'Éditeur du back-office', nbUsers: 1 },
  { id: 6, name: 'Operator', type: 'operator', description: 'Opérateur du back-office', nbUsers: 1 },
  { id: 7, name: 'Author', type: 'author', description: 'Auteur du back-office', nbUsers: 1 },
];

/** A staff account as /api/users answers it (role populated). */
export function userRow(id: number, username: string, roleName: string, overrides: Row = {}): Row {
  const role = ROLES.find((r) => r.name === roleName)!;
  return { id, documentId: `u${id}`, username, email: `${username.toLowerCase().replace(/\W+/g, '.')}@mairie.test`, service: null, status: 'actif', invitationPending: false, lastAccess: null, role: { id: role.id, name: role.name }, ...overrides };
}

/**
 * users-permissions' /api/users in memory, as the backend answers it: a plain list paged by start and
 * limit, filtered (a role by its name), searched without case or accents, /count, create and update
 * (a role given by id); and the roles list.
 */
export function serveUsers(backend: Backend, rows: Row[]) {
  const filtered = (query: Row) => {
    let found = rows.filter((row) => matches(row, query.filters));
    if (typeof query.search === 'string') {
      const wanted = normalizeSearchText(query.search);
      found = found.filter((row) => searchTextOf('user', row).includes(wanted));
    }
    return found;
  };
  const parse = (url: string) => qs.parse(url.split('?')[1] ?? '', { depth: 20, arrayLimit: 200 }) as Row;
  const withRole = (data: Row) => {
    const role = data.role && typeof data.role === 'object' ? (data.role as Row).id : data.role;
    const found = ROLES.find((r) => r.id === Number(role));
    return found ? { ...data, role: { id: found.id, name: found.name } } : data;
  };
  backend.on('GET', '/api/users/count', (call) => ({ body: filtered(parse(call.url)).length }));
  backend.on('GET', '/api/users', (call) => {
    const query = parse(call.url);
    const [sort] = ([] as string[]).concat((query.sort as string | string[] | undefined) ?? []);
    const [field, order] = (sort ?? 'id:asc').split(':');
    const found = [...filtered(query)].sort((a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'fr', { numeric: true }) * (order === 'desc' ? -1 : 1));
    const start = Number(query.start ?? 0);
    const limit = Number(query.limit ?? 25);
    return { body: found.slice(start, start + limit) };
  });
  backend.on('GET', /^\/api\/users\/\d+$/, (call) => ({ body: rows.find((r) => String(r.id) === call.path.split('/').pop()) ?? null }));
  backend.on('POST', '/api/users', (call) => {
    const created = withRole({ id: rows.length + 100, documentId: `new-${rows.length}`, lastAccess: null, ...(call.body as Row) });
    delete created.password;
    rows.push(created);
    return { status: 201, body: created };
  });
  backend.on('PUT', /^\/api\/users\/\d+$/, (call) => {
    const row = rows.find((r) => String(r.id) === call.path.split('/').pop());
    if (!row) return { status: 404, body: { error: { status: 404, message: 'Not Found' } } };
    Object.assign(row, withRole(call.body as Row));
    return { body: row };
  });
  backend.on('GET', '/api/users-permissions/roles', { body: { roles: ROLES } });
  return backend;
}
