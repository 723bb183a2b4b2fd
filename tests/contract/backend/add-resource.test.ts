import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, type DemoAccount } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';

/**
 * « Ajouter une ressource » as docs/ajouter-une-ressource.md says it, done by the test in a copy of the checkout: a
 * collection of five fields is one row of domain/resources.ts, one folder src/resources/reunions/
 * with its configuration and one Strapi folder backend/src/api/meeting/ with its schema. Nothing
 * else is edited. The copy's backend is built and started, its SPA registry loaded through Vite, and
 * the new resource is listed, created, searched without accents, audited and refused to a role the
 * matrix refuses.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The row, as a newcomer types it into the table. */
const ROW = `  {
    key: 'meeting',
    path: 'reunions',
    endpoint: 'meetings',
    module: 'contenus',
    searchFields: ['title', 'room', 'notes'],
    audited: true,
  },
`;

/** The three places, file by file (paths relative to the copy). */
const FILES: Record<string, string> = {
  'backend/src/api/meeting/content-types/meeting/schema.ts': `export default {
  kind: 'collectionType',
  collectionName: 'meetings',
  info: { singularName: 'meeting', pluralName: 'meetings', displayName: 'Réunion' },
  options: { draftAndPublish: false },
  attributes: {
    title: { type: 'string', required: true, maxLength: 200 },
    room: { type: 'string', maxLength: 100 },
    day: { type: 'date' },
    online: { type: 'boolean', default: false },
    notes: { type: 'text', maxLength: 2000 },
  },
};
`,
  'backend/src/api/meeting/routes/meeting.ts': `import { factories } from '@strapi/strapi';\n\nexport default factories.createCoreRouter('api::meeting.meeting');\n`,
  'backend/src/api/meeting/controllers/meeting.ts': `import { factories } from '@strapi/strapi';\n\nexport default factories.createCoreController('api::meeting.meeting');\n`,
  'backend/src/api/meeting/services/meeting.ts': `import { factories } from '@strapi/strapi';\n\nexport default factories.createCoreService('api::meeting.meeting');\n`,
  'src/resources/reunions/index.ts': `import MeetingIcon from '@mui/icons-material/GroupsOutlined';
import { defineResource } from '../../generic/defineResource';
import { optionalText, requiredText } from '../../generic/schema';

/** Les réunions de quartier. */
const reunions = defineResource('meeting', {
  label: 'Réunions',
  recordLabel: 'Réunion',
  icon: MeetingIcon,
  menu: { group: 'gestion', order: 4 },
  fields: [
    { source: 'title', label: 'Objet', type: 'text', cell: 'title', schema: requiredText(200) },
    { source: 'room', label: 'Salle', type: 'text', schema: optionalText(100) },
    { source: 'day', label: 'Jour', type: 'date' },
    { source: 'online', label: 'En ligne', type: 'boolean' },
    { source: 'notes', label: 'Notes', type: 'longtext', schema: optionalText(2000) },
  ],
  list: { columns: ['title', 'room', 'day', 'online'], sort: { field: 'day', order: 'DESC' } },
  filters: [{ source: 'q' }],
  views: { list: true, create: true, edit: true, detail: true },
});

export default reunions;
`,
};

/** A copy of the checkout's files (not its build outputs), with node_modules linked entry by entry so that @mamoudzou/domain is the copy's own. */
function copyCheckout(into: string) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    try {
      cpSync(path.join(repoRoot, file), path.join(into, file), { recursive: false });
    } catch (error) {
      // A file deleted in the working tree but still in the index.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  for (const dir of ['.', 'backend']) {
    const source = path.join(repoRoot, dir, 'node_modules');
    const target = path.join(into, dir, 'node_modules');
    mkdirSync(target, { recursive: true });
    for (const entry of readdirSync(source)) {
      if (entry === '@mamoudzou') continue;
      symlinkSync(path.join(source, entry), path.join(target, entry));
    }
    mkdirSync(path.join(target, '@mamoudzou'));
    symlinkSync(path.join(into, 'domain'), path.join(target, '@mamoudzou', 'domain'));
  }
}

let dir: string;
let backend: RunningBackend;
let vite: ViteDevServer;
const tokens: Partial<Record<DemoAccount, string>> = {};

async function tokenOf(account: DemoAccount): Promise<string> {
  if (!tokens[account]) {
    const { email, password } = DEMO_ACCOUNTS[account];
    const res = await call('POST', '/api/auth/local', { baseUrl: backend.url, body: { identifier: email, password } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    tokens[account] = res.body.jwt as string;
  }
  return tokens[account]!;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'backoffice-add-resource-'));
  copyCheckout(dir);
  // The three places, and nothing else.
  const table = path.join(dir, 'domain/resources.ts');
  const source = readFileSync(table, 'utf8');
  const end = source.indexOf('] as const satisfies readonly ResourceRow[];');
  expect(end, 'the table of domain/resources.ts').toBeGreaterThan(0);
  writeFileSync(table, source.slice(0, end) + ROW + source.slice(end));
  for (const [file, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  backend = await startBackend({ appDir: path.join(dir, 'backend'), database: 'sqlite' });
  vite = await createServer({ root: dir, configFile: false, logLevel: 'error', server: { middlewareMode: true, hmr: false }, appType: 'custom', optimizeDeps: { noDiscovery: true } });
}, 300_000);

afterAll(async () => {
  await vite?.close();
  await backend?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a resource added in three places', () => {
  it('is in the SPA registry with its route, endpoint, module and server search, taken from its row', async () => {
    const { resources, endpointOptionsOf, accessRulesOf } = await vite.ssrLoadModule('/src/resources/index.ts');
    const reunions = resources.find((r: { name: string }) => r.name === 'reunions');
    expect(reunions).toMatchObject({ key: 'meeting', endpoint: 'meetings', label: 'Réunions', serverSearch: true, access: { module: 'contenus' } });
    expect(endpointOptionsOf(resources).reunions).toMatchObject({ endpoint: 'meetings', kind: 'collection', serverSearch: true });
    expect(accessRulesOf(resources).reunions).toMatchObject({ module: 'contenus' });
  });

  it('is listed, created and searched without case or accents through the SPA\'s data provider', async () => {
    const { resources, endpointOptionsOf } = await vite.ssrLoadModule('/src/resources/index.ts');
    const { createStrapiDataProvider } = await vite.ssrLoadModule('/src/providers/dataProvider.ts');
    const token = await tokenOf('admin');
    const provider = createStrapiDataProvider({ apiUrl: backend.url, resources: endpointOptionsOf(resources), getToken: () => token });
    const created = await provider.create('reunions', { data: { title: 'Réunion de quartier à Kawéni', room: 'Salle des fêtes', day: '2026-12-05', online: false, notes: 'Éclairage de la rue' } });
    expect(created.data.id).toEqual(expect.any(String));
    const page = { pagination: { page: 1, perPage: 25 }, sort: { field: 'day', order: 'DESC' } };
    const listed = await provider.getList('reunions', { ...page, filter: {} });
    expect(listed.data.map((r: { title: string }) => r.title)).toContain('Réunion de quartier à Kawéni');
    for (const words of ['kaweni', 'KAWÉNI', 'eclairage salle']) {
      const found = await provider.getList('reunions', { ...page, filter: { q: words } });
      expect(found.data.map((r: { id: string }) => r.id), words).toEqual([created.data.id]);
    }
    expect((await provider.getList('reunions', { ...page, filter: { q: 'mtsapere' } })).total).toBe(0);
  });

  it('is audited under its module and key', async () => {
    const res = await call('GET', '/api/audit-logs?filters[resourceType][$eq]=meeting&filters[action][$eq]=create', { baseUrl: backend.url, token: await tokenOf('admin') });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ module: 'contenus', resourceType: 'meeting', resourceLabel: 'Réunion de quartier à Kawéni', role: 'Administrator' })]);
  });

  it('is refused (403) to a role the matrix refuses, and allowed to one it allows', async () => {
    const { resources, accessRulesOf } = await vite.ssrLoadModule('/src/resources/index.ts');
    const { canAccessResource } = await vite.ssrLoadModule('/src/providers/authProvider.ts');
    const rules = accessRulesOf(resources);
    // Contenus: an Operator reads, an Author writes.
    expect(canAccessResource('Operator', rules.reunions, 'list')).toBe(true);
    expect(canAccessResource('Operator', rules.reunions, 'create')).toBe(false);
    expect(canAccessResource('Author', rules.reunions, 'create')).toBe(true);
    const data = { data: { title: 'Réunion refusée' } };
    expect((await call('GET', '/api/meetings', { baseUrl: backend.url, token: await tokenOf('operator') })).status).toBe(200);
    expect((await call('POST', '/api/meetings', { baseUrl: backend.url, token: await tokenOf('operator'), body: data })).status).toBe(403);
    expect((await call('POST', '/api/meetings', { baseUrl: backend.url, token: await tokenOf('author'), body: { data: { title: 'Réunion des auteurs' } } })).status).toBe(201);
    expect([401, 403]).toContain((await call('GET', '/api/meetings', { baseUrl: backend.url })).status);
  });
});
