import { systemStatus } from './systemStatus';
import { mockFetch } from './mockFetch';
import { ROLES } from './usersBackend';

/**
 * A small stand-in for the Strapi backend behind fetch, for component tests: the demo accounts,
 * /users/me by token, the settings single type and a few collections with paging.
 */
export const ACCOUNTS = {
  admin: { id: 1, username: 'admin', email: 'admin@mairie.test', password: 'Admin123!', role: 'Administrator' },
  superadmin: { id: 2, username: 'superadmin', email: 'superadmin@mairie.test', password: 'Super123!', role: 'Super Admin' },
  editeur: { id: 3, username: 'editeur', email: 'editeur@mairie.test', password: 'Editeur123!', role: 'Editor' },
  operateur: { id: 4, username: 'operateur', email: 'operateur@mairie.test', password: 'Operateur123!', role: 'Operator' },
  auteur: { id: 5, username: 'auteur', email: 'auteur@mairie.test', password: 'Auteur123!', role: 'Author' },
  sansrole: { id: 6, username: 'citoyen', email: 'citoyen@mairie.test', password: 'Citoyen123!', role: null },
} as const;
export type AccountKey = keyof typeof ACCOUNTS;

const userOf = (key: AccountKey) => {
  const { password: _password, role, ...user } = ACCOUNTS[key];
  void _password;
  return { ...user, role: role ? { id: user.id, name: role, type: role.toLowerCase() } : null };
};

export function fakeBackend(collections: Record<string, Record<string, unknown>[]> = {}, settings: Record<string, unknown> = {}) {
  const api = mockFetch('http://api.test');
  const tokenOf = (key: AccountKey) => `token-${key}`;
  const whoIs = (authorization?: string) =>
    (Object.keys(ACCOUNTS) as AccountKey[]).find((key) => authorization === `Bearer ${tokenOf(key)}`);

  api.on('POST', '/api/auth/local', (call) => {
    const { identifier, password } = call.body as { identifier: string; password: string };
    const key = (Object.keys(ACCOUNTS) as AccountKey[]).find((k) => ACCOUNTS[k].email === identifier);
    if (!key || ACCOUNTS[key].password !== password) {
      return { status: 400, statusText: 'Bad Request', body: { data: null, error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: { code: 'invalid_credentials' } } } };
    }
    const { role: _role, ...user } = userOf(key);
    void _role;
    return { body: { jwt: tokenOf(key), user } };
  });
  api.on('GET', '/api/users/me', (call) => {
    const key = whoIs(call.headers.Authorization);
    return key ? { body: userOf(key) } : { status: 401, statusText: 'Unauthorized', body: { error: { status: 401, message: 'Missing or invalid credentials' } } };
  });
  api.on('POST', '/api/auth/logout', { status: 204 });
  api.on('GET', '/api/auth/mfa', { body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false } });
  api.on('GET', '/api/setting/public', { body: { data: { siteName: 'Mamoudzou', allowPublicRegistration: false, maintenanceMode: false, ...settings }, meta: { demoAccounts: true } } });
  api.on('GET', '/api/setting', { body: { data: { id: 1, documentId: 'settings', siteName: 'Mamoudzou', allowPublicRegistration: false, ...settings } } });
  // What only the server knows (Intégrations, the SMS switch).
  api.on('GET', '/api/system-status', { body: { data: systemStatus() } });
  api.on('GET', '/api/reports/stats', { body: { total: 0, byStatus: {}, byType: {}, byZone: {}, resolutionRate: 0 } });
  // The roles (the settings' escalation roles, the accounts' form).
  api.on('GET', '/api/users-permissions/roles', { body: { roles: ROLES } });
  // The reports' origins (the « Origine » filter) and possible duplicates: none unless a test says otherwise.
  api.on('GET', '/api/reports/sources', { body: { data: ['Back-office'] } });
  api.on('GET', /^\/api\/reports\/[^/]+\/nearby$/, { body: { data: [] } });
  api.on('GET', '/api/reports/nearby', { body: { data: [] } });

  const defaults = { reports: [], articles: [], events: [], pois: [], 'directory-entries': [], 'audit-logs': [], notifications: [], 'open311-clients': [], 'report-updates': [] };
  for (const [endpoint, rows] of Object.entries({ ...defaults, ...collections }) as [string, Record<string, unknown>[]][]) {
    api.on('GET', `/api/${endpoint}`, (call) => {
      const params = new URLSearchParams(call.url.split('?')[1] ?? '');
      const page = Number(params.get('pagination[page]') ?? 1);
      const pageSize = Number(params.get('pagination[pageSize]') ?? 25);
      const data = rows.slice((page - 1) * pageSize, page * pageSize);
      return { body: { data, meta: { pagination: { page, pageSize, pageCount: Math.ceil(rows.length / pageSize), total: rows.length } } } };
    });
    // A list's tabs counted in one call (filters aside, as this list's pages are).
    api.on('GET', `/api/${endpoint}/counts`, (call) => {
      const views = [...new URLSearchParams(call.url.split('?')[1] ?? '').keys()].map((key) => /^views\[([^\]]+)\]/.exec(key)?.[1]).filter(Boolean) as string[];
      return { body: { data: Object.fromEntries(views.map((id) => [id, rows.length])) } };
    });
    api.on('POST', `/api/${endpoint}`, (call) => {
      const created = { id: rows.length + 100, documentId: `new-${rows.length + 1}`, ...(call.body as { data: object }).data };
      rows.push(created);
      return { status: 201, body: { data: created } };
    });
  }

  // The current user's notifications: counted, marked read, preferences all on.
  const notifications = () => (collections.notifications ?? []) as Record<string, unknown>[];
  api.on('GET', '/api/notifications/unread-count', () => ({ body: { count: notifications().filter((n) => !n.read).length } }));
  api.on('GET', '/api/notifications/preferences', { body: { data: {} } });

  /** Local storage holding a logged-in session for `key`. */
  const sessionStorageFor = (key: AccountKey) => {
    localStorage.setItem('mamoudzou.auth.token', tokenOf(key));
    localStorage.setItem('mamoudzou.auth.user', JSON.stringify(userOf(key)));
  };

  return { ...api, tokenOf, sessionStorageFor };
}
