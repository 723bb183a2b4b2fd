import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_ACCOUNTS, PNG_1PX, type DemoAccount } from '../support/api';
import { startBackend, type RunningBackend } from '../support/backend-server';

/**
 * « Ajouter une ressource » as docs/ajouter-une-ressource.md says it, done by the test in a copy of the checkout:
 * « Salles municipales », six fields (a text, an integer with a lower bound, a switch, a photo, opening hours, a
 * point of interest it stands at), is one row of domain/resources.ts with its attributes, one Strapi folder
 * backend/src/api/room/ whose schema derives from them, and one folder src/resources/salles/ with its entry in
 * the menu, its screen and its labels. Nothing else is edited. The copy type-checks against its own domain/, its backend is built and
 * started, its SPA registry loaded through Vite, and the new resource is listed, created with its photo, refused
 * in French (a bad opening time, a capacity of 0, by the backend and by the form), found without accents,
 * audited with its label and refused to a role the matrix refuses.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The row, as a newcomer types it into the table: its attributes are named on purpose neither `name` nor `openingHours`. */
const ROW = `  withAttributes({
    key: 'room',
    path: 'salles',
    endpoint: 'rooms',
    module: 'contenus',
    attributes: {
      designation: { type: 'string', required: true, maxLength: 120 },
      capacity: { type: 'integer', required: true, min: 1 },
      accessible: { type: 'boolean', default: false },
      photo: { type: 'media', multiple: false, allowedTypes: ['images'] },
      hours: { type: 'json', kind: 'openingHours' },
      place: { type: 'relation', relation: 'manyToOne', target: 'api::poi.poi' },
    },
    labelField: 'designation',
    noun: { singular: 'salle', plural: 'salles', gender: 'f' },
    searchFields: ['designation'],
    populate: ['photo', 'place'],
    audited: true,
  }),
`;

const coreFile = (kind: 'Router' | 'Controller' | 'Service') => `import { factories } from '@strapi/strapi';\n\nexport default factories.createCore${kind}('api::room.room');\n`;

/** The two other places, file by file (paths relative to the copy). */
const FILES: Record<string, string> = {
  'backend/src/api/room/content-types/room/schema.ts': `import { contentType } from '../../../../utils/content-type';\n\nexport default contentType('room');\n`,
  'backend/src/api/room/routes/room.ts': coreFile('Router'),
  'backend/src/api/room/controllers/room.ts': coreFile('Controller'),
  'backend/src/api/room/services/room.ts': coreFile('Service'),
  'src/resources/salles/messages.ts': `/** Les textes des salles : les libellés de leurs champs (les autres viennent de leur nom, domain/resources.ts). */
export const messages = {
  fields: { designation: 'Désignation', capacity: 'Capacité', accessible: 'Accessible PMR', photo: 'Photo', hours: "Horaires d'ouverture", place: 'Lieu' },
};
`,
  'src/resources/salles/entry.ts': `import RoomIcon from '@mui/icons-material/MeetingRoomOutlined';
import { defineEntry } from '../../generic/resourceEntry';

/** Les salles municipales dans le menu. */
export default defineEntry('room', { icon: RoomIcon, menu: { group: 'gestion', order: 4 }, views: { list: true, create: true, edit: true, detail: true } });
`,
  'src/resources/salles/index.ts': `import { defineResource } from '../../generic/defineResource';
import entry from './entry';
import { messages } from './messages';

/** Les salles municipales. */
export default defineResource(entry, {
  labels: messages.fields,
  list: { columns: ['designation', 'capacity', 'accessible', 'place'], sort: { field: 'designation', order: 'ASC' } },
  filters: [{ source: 'q' }],
});
`,
};

const lineCount = (text: string) => text.split('\n').filter((line) => line.trim() !== '').length;

/**
 * A copy of the checkout's files (not its build outputs). The SPA's node_modules are the checkout's, shared: a
 * path in tsconfig.json (and Vite's alias below) takes `@mamoudzou/domain` from the copy's own domain/. The
 * backend runs compiled code, which finds the domain through node_modules: its node_modules are the
 * checkout's, entry by entry, but for the domain, its own.
 */
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
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(into, 'node_modules'));
  const source = path.join(repoRoot, 'backend', 'node_modules');
  const target = path.join(into, 'backend', 'node_modules');
  mkdirSync(path.join(target, '@mamoudzou'), { recursive: true });
  for (const entry of readdirSync(source)) if (entry !== '@mamoudzou') symlinkSync(path.join(source, entry), path.join(target, entry));
  symlinkSync(path.join(into, 'domain'), path.join(target, '@mamoudzou', 'domain'));
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

/** The SPA's data provider of the copy, as an administrator. */
async function provider() {
  const { resources, endpointOptionsOf } = await vite.ssrLoadModule('/src/resources/index.ts');
  const { createStrapiDataProvider } = await vite.ssrLoadModule('/src/providers/dataProvider.ts');
  const token = await tokenOf('admin');
  return createStrapiDataProvider({ apiUrl: backend.url, resources: endpointOptionsOf(resources), getToken: () => token });
}

const WEEKDAYS = { monday: { isOpen: true, periods: [{ open: '08:00', close: '17:00' }] } };
const page = { pagination: { page: 1, perPage: 25 }, sort: { field: 'designation', order: 'ASC' } };

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
  vite = await createServer({
    root: dir,
    configFile: false,
    logLevel: 'error',
    resolve: { alias: { '@mamoudzou/domain': path.join(dir, 'domain') } },
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true },
  });
}, 300_000);

afterAll(async () => {
  await vite?.close();
  await backend?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a resource added in three places', () => {
  it('is a row of about twenty lines and four small files of each side: under 70 lines in all', () => {
    const written = lineCount(ROW) + Object.values(FILES).reduce((sum, content) => sum + lineCount(content), 0);
    expect(written).toBeLessThanOrEqual(70);
  });

  it('type-checks against the copy’s own domain/ (the shared node_modules lead to the checkout’s)', () => {
    writeFileSync(path.join(dir, 'tsconfig.salles.json'), JSON.stringify({ extends: './tsconfig.json', include: [], files: ['src/resources/salles/index.ts'] }));
    execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.salles.json', '--noEmit'], { cwd: dir, stdio: 'pipe' });
  }, 180_000);

  it('is in the SPA registry with its route, endpoint, module, server search, noun and fields, each from its declaration', async () => {
    const { resources, resourceEntries, endpointOptionsOf, accessRulesOf } = await vite.ssrLoadModule('/src/resources/index.ts');
    const salles = resources.find((r: { name: string }) => r.name === 'salles');
    // The app's registry: its entry in the menu, its configuration loaded with its screen.
    const entry = resourceEntries.find((r: { name: string }) => r.name === 'salles');
    expect(entry).toMatchObject({ key: 'room', label: 'Salles', menu: { group: 'gestion', order: 4 }, access: { module: 'contenus' } });
    expect(await entry.load()).toBe(salles);
    expect(salles).toMatchObject({ key: 'room', endpoint: 'rooms', label: 'Salles', recordLabel: 'Salle', access: { module: 'contenus' }, recordRepresentation: 'designation' });
    const field = (source: string) => salles.fields.find((f: { source: string }) => f.source === source);
    expect(field('designation')).toMatchObject({ type: 'text', label: 'Désignation', cell: 'title' });
    expect(field('capacity')).toMatchObject({ type: 'number', inputProps: { min: 1 } });
    expect(field('accessible')).toMatchObject({ type: 'boolean', label: 'Accessible PMR' });
    expect(field('photo')).toMatchObject({ type: 'image' });
    expect(field('hours')).toMatchObject({ type: 'openingHours' });
    expect(field('place')).toMatchObject({ type: 'relation', reference: 'poi', optionText: 'name' });
    expect(endpointOptionsOf(resources).salles).toMatchObject({ endpoint: 'rooms', kind: 'collection', serverSearch: true, mediaFields: ['photo'], relations: ['place'], populate: ['photo', 'place'] });
    expect(accessRulesOf(resources).salles).toMatchObject({ module: 'contenus' });
    const { textsOf } = await vite.ssrLoadModule('/src/generic/texts.ts');
    expect(textsOf(salles)).toMatchObject({ create: 'Nouvelle salle', count: '{n} salle(s) trouvée(s)', created: { title: 'Salle créée' } });
  });

  it("its form's schema refuses in French a capacity of 0 and a bad opening time, and accepts a right salle", async () => {
    const { resources } = await vite.ssrLoadModule('/src/resources/index.ts');
    const { schemaOf, zodValidate } = await vite.ssrLoadModule('/src/generic/validation.ts');
    const validate = zodValidate(schemaOf(resources.find((r: { name: string }) => r.name === 'salles'), 'create'));
    expect(validate({ designation: 'Salle des fêtes', capacity: 0 })).toEqual({ capacity: 'La valeur doit être supérieure ou égale à 1' });
    expect(validate({ designation: 'Salle des fêtes', capacity: 80, hours: { monday: { isOpen: true, periods: [{ open: '25:00', close: '26:00' }] } } })).toHaveProperty('hours');
    expect(validate({ capacity: 80 })).toEqual({ designation: 'Ce champ est requis' });
    expect(validate({ designation: 'Salle des fêtes', capacity: 80, accessible: true, hours: WEEKDAYS })).toEqual({});
  });

  it('is created with its photo and its place, listed, and searched without case or accents through the SPA’s data provider', async () => {
    const dataProvider = await provider();
    const poi = await call('GET', '/api/pois?pagination[pageSize]=1', { baseUrl: backend.url, token: await tokenOf('admin') });
    const place = poi.body.data[0];
    const photo = new File([PNG_1PX], 'salle.png', { type: 'image/png' });
    const created = await dataProvider.create('salles', { data: { designation: 'Salle polyvalente de Kawéni', capacity: 120, accessible: true, photo, hours: WEEKDAYS, place: place.documentId } });
    expect(created.data.id).toEqual(expect.any(String));
    const listed = await dataProvider.getList('salles', { ...page, filter: {} });
    const row = listed.data.find((r: { id: string }) => r.id === created.data.id);
    expect(row).toMatchObject({ designation: 'Salle polyvalente de Kawéni', capacity: 120, accessible: true, place: { documentId: place.documentId, name: place.name } });
    expect(row.photo.url).toMatch(/^http.*\.png$/);
    for (const words of ['kaweni', 'KAWÉNI', 'polyvalente kaweni']) {
      const found = await dataProvider.getList('salles', { ...page, filter: { q: words } });
      expect(found.data.map((r: { id: string }) => r.id), words).toEqual([created.data.id]);
    }
    expect((await dataProvider.getList('salles', { ...page, filter: { q: 'mtsapere' } })).total).toBe(0);
  });

  it('is refused by the backend, in French as the SPA says it, for a capacity of 0 and a bad opening time, whatever the attribute’s name', async () => {
    const dataProvider = await provider();
    const { frenchErrorMessage, strapiFieldErrors } = await vite.ssrLoadModule('/src/common/serverErrors.ts');
    const refusal = (data: object) => dataProvider.create('salles', { data: { designation: 'Salle refusée', capacity: 10, ...data } }).then(() => undefined, (error: { status: number; body: unknown }) => error);
    const none = await refusal({ capacity: 0 });
    expect(none?.status).toBe(400);
    expect(strapiFieldErrors(none?.body)).toEqual({ capacity: 'La valeur doit être supérieure ou égale à 1' });
    expect(frenchErrorMessage(none)).toBe('Vérifiez les champs signalés.');
    const late = await refusal({ hours: { monday: { isOpen: true, periods: [{ open: '25:00', close: '26:00' }] } } });
    expect(late?.status).toBe(400);
    expect(strapiFieldErrors(late?.body)).toEqual({ hours: expect.stringMatching(/^Heure au format HH:mm attendue/) });
    const listed = await dataProvider.getList('salles', { ...page, filter: { q: 'refusee' } });
    expect(listed.total).toBe(0);
  });

  it('is audited under its module and key, with its label field', async () => {
    const res = await call('GET', '/api/audit-logs?filters[resourceType][$eq]=room&filters[action][$eq]=create', { baseUrl: backend.url, token: await tokenOf('admin') });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ module: 'contenus', resourceType: 'room', resourceLabel: 'Salle polyvalente de Kawéni', role: 'Administrator' })]);
  });

  it('is refused (403) to a role the matrix refuses, and allowed to one it allows', async () => {
    const { resources, accessRulesOf } = await vite.ssrLoadModule('/src/resources/index.ts');
    const { canAccessResource } = await vite.ssrLoadModule('/src/providers/authProvider.ts');
    const rules = accessRulesOf(resources);
    // Contenus: an Operator reads, an Author writes.
    expect(canAccessResource('Operator', rules.salles, 'list')).toBe(true);
    expect(canAccessResource('Operator', rules.salles, 'create')).toBe(false);
    expect(canAccessResource('Author', rules.salles, 'create')).toBe(true);
    expect((await call('GET', '/api/rooms', { baseUrl: backend.url, token: await tokenOf('operator') })).status).toBe(200);
    expect((await call('POST', '/api/rooms', { baseUrl: backend.url, token: await tokenOf('operator'), body: { data: { designation: 'Salle refusée', capacity: 10 } } })).status).toBe(403);
    expect((await call('POST', '/api/rooms', { baseUrl: backend.url, token: await tokenOf('author'), body: { data: { designation: 'Salle des auteurs', capacity: 10 } } })).status).toBe(201);
    expect([401, 403]).toContain((await call('GET', '/api/rooms', { baseUrl: backend.url })).status);
  });
});
