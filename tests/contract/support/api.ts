import { inject } from 'vitest';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@mairie.test', password: 'Admin123!', role: 'Administrator' },
  superadmin: { email: 'superadmin@mairie.test', password: 'Super123!', role: 'Super Admin' },
  editor: { email: 'editeur@mairie.test', password: 'Editeur123!', role: 'Editor' },
  operator: { email: 'operateur@mairie.test', password: 'Operateur123!', role: 'Operator' },
  author: { email: 'auteur@mairie.test', password: 'Auteur123!', role: 'Author' },
} as const;
export type DemoAccount = keyof typeof DEMO_ACCOUNTS;

export const backendUrl = () => inject('backendUrl');

export interface ApiResponse<T = any> {
  status: number;
  body: T;
}

/** A JSON call to the backend; `token` adds the bearer header. */
export async function call<T = any>(
  method: string,
  pathAndQuery: string,
  options: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${backendUrl()}${pathAndQuery}`, { method, headers, body });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

const tokens = new Map<string, Promise<string>>();

/** The JWT of a demo account (logged in once per test file). */
export function tokenOf(account: DemoAccount): Promise<string> {
  if (!tokens.has(account)) {
    const { email, password } = DEMO_ACCOUNTS[account];
    tokens.set(
      account,
      call('POST', '/api/auth/local', { body: { identifier: email, password } }).then((res) => {
        if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.jwt as string;
      }),
    );
  }
  return tokens.get(account)!;
}

/** A tiny valid PNG (1x1 pixel). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function upload(token: string, name: string, content: Buffer, type: string) {
  const form = new FormData();
  form.append('files', new Blob([content], { type }), name);
  return call('POST', '/api/upload', { token, form });
}

let counter = 0;
/** A unique suffix so that tests never depend on each other's records. */
export const unique = (prefix = 't') => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function reportData(overrides: Record<string, unknown> = {}) {
  return {
    title: `Test ${unique()}`,
    type: 'Voirie',
    subType: 'Nid-de-poule',
    description: 'Un nid-de-poule profond devant la pharmacie.',
    priority: 'haute',
    zone: 'Kawéni',
    address: 'Rue du Commerce, Kawéni',
    latitude: -12.7601,
    longitude: 45.2251,
    ...overrides,
  };
}

/** Counts a collection's rows matching a Strapi filter query string (as admin). */
export async function countOf(collection: string, query = '') {
  const token = await tokenOf('admin');
  const res = await call('GET', `/api/${collection}?pagination[pageSize]=1${query ? `&${query}` : ''}`, { token });
  if (res.status !== 200) throw new Error(`count ${collection}: ${res.status}`);
  return res.body.meta.pagination.total as number;
}

/** The id of a backend role, by name. */
export async function roleId(name: string): Promise<number> {
  const res = await call('GET', '/api/users-permissions/roles', { token: await tokenOf('admin') });
  const role = res.body.roles.find((r: { name: string }) => r.name === name);
  if (!role) throw new Error(`role ${name} not found`);
  return role.id;
}
