import { expect } from 'vitest';

export interface ApiAnswer {
  status: number;
  body: any;
}

/**
 * The backend as a test's setup reaches it beside the browser (JSON in and out): to create what a screen then
 * shows, or to read back what a screen stored.
 */
export function backendApi(apiUrl: string) {
  async function api(method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer> {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  const tokenOf = async (identifier: string, password: string) => (await api('POST', '/api/auth/local', { identifier, password })).body.jwt as string;
  const adminToken = () => tokenOf('admin@mairie.test', 'Admin123!');

  /** A new staff account of `role` (a role's name, or its id), made by the administrator. */
  async function newAccount(role: string | number, account: { username: string; email: string; password: string }) {
    const token = await adminToken();
    const roles = await api('GET', '/api/users-permissions/roles', undefined, token);
    const id = typeof role === 'number' ? role : roles.body.roles.find((r: { name: string }) => r.name === role).id;
    const created = await api('POST', '/api/users', { ...account, role: id, confirmed: true }, token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { ...account, id: created.body.id as number };
  }

  return { api, tokenOf, adminToken, newAccount };
}
