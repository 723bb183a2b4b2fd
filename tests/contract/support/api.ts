import { request } from 'node:http';
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

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A body sent as is (JSON content type), e.g. text no JSON.stringify would write. */
  rawBody?: string;
  form?: FormData;
  /** Another backend than the one of the whole run (a test file that starts its own). */
  baseUrl?: string;
  /** Extra request headers (Idempotency-Key...). */
  headers?: Record<string, string>;
}

const parse = (text: string) => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
};

/** A JSON call to the backend; `token` adds the bearer header. */
export async function call<T = any>(method: string, pathAndQuery: string, options: CallOptions = {}): Promise<ApiResponse<T> & { headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.rawBody !== undefined || options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = options.rawBody ?? JSON.stringify(options.body);
  }
  const res = await fetch(`${options.baseUrl ?? backendUrl()}${pathAndQuery}`, { method, headers, body });
  return { status: res.status, body: parse(await res.text()), headers: res.headers };
}

/**
 * A JSON call sent from another local address (127.0.0.2, ...): the backend sees another client,
 * as a colleague's computer or an attacker elsewhere would be.
 */
export function callFrom<T = any>(localAddress: string, method: string, pathAndQuery: string, options: Omit<CallOptions, 'form' | 'rawBody'> = {}): Promise<ApiResponse<T>> {
  const url = new URL(`${options.baseUrl ?? backendUrl()}${pathAndQuery}`);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        localAddress,
        headers: {
          ...(payload ? { 'Content-Type': 'application/json' } : {}),
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Logs an account in and answers its token (throws on refusal). */
export async function logIn(identifier: string, password: string, options: { path?: string; baseUrl?: string } = {}): Promise<string> {
  const res = await call('POST', options.path ?? '/api/auth/local', { body: { identifier, password }, baseUrl: options.baseUrl });
  if (res.status !== 200) throw new Error(`login ${identifier}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.jwt as string;
}

/**
 * Calls and demo logins bound to a backend of a file's own; its address is read at each call, since the backend
 * starts in the file's beforeAll (or restarts on another port).
 */
export function callsTo(baseUrl: () => string) {
  return {
    api: <T = any>(method: string, pathAndQuery: string, options: CallOptions = {}) => call<T>(method, pathAndQuery, { ...options, baseUrl: baseUrl() }),
    login: (account: DemoAccount) => logIn(DEMO_ACCOUNTS[account].email, DEMO_ACCOUNTS[account].password, { baseUrl: baseUrl() }),
  };
}

const tokens = new Map<string, Promise<string>>();

/** The JWT of a demo account (logged in once per test file). */
export function tokenOf(account: DemoAccount): Promise<string> {
  if (!tokens.has(account)) {
    const { email, password } = DEMO_ACCOUNTS[account];
    tokens.set(account, logIn(email, password));
  }
  return tokens.get(account)!;
}

/** A tiny valid PNG (1x1 pixel). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function upload(token: string, name: string, content: Buffer, type: string, options: { path?: string; fields?: Record<string, string>; baseUrl?: string } = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  form.append('files', new Blob([content], { type }), name);
  return call('POST', options.path ?? '/api/upload', { token, form, baseUrl: options.baseUrl });
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

/** A new staff account of `role` (created by an administrator) with a password that meets the policy. */
export async function newAccount(role: string, overrides: Record<string, unknown> = {}) {
  const name = unique('agent');
  const account = { username: name, email: `${name}@mairie.test`, password: 'Agent123!' };
  const res = await call('POST', '/api/users', { token: await tokenOf('admin'), body: { ...account, confirmed: true, role: await roleId(role), ...overrides } });
  if (res.status !== 201) throw new Error(`new ${role} account: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...account, id: res.body.id as number };
}

/** The id of a backend role, by name. */
export async function roleId(name: string): Promise<number> {
  const res = await call('GET', '/api/users-permissions/roles', { token: await tokenOf('admin') });
  const role = res.body.roles.find((r: { name: string }) => r.name === name);
  if (!role) throw new Error(`role ${name} not found`);
  return role.id;
}
