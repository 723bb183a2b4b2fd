import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closure, root } from '../../../scripts/staticImports';

/**
 * A logged-in first load: the app's shell (AppRoot: App, the layout, the registry) and the dashboard,
 * with what they import statically. To keep that first load light, the forms' libraries (zod,
 * react-hook-form) load with the forms, and react-admin's <Admin> (whose default pages bring its
 * layout, its login form and English messages) is replaced by src/custom/layout/Admin.tsx.
 */
describe('what a logged-in first load of the dashboard loads', () => {
  const { files, packages } = closure(['src/main.tsx', 'src/AppRoot.tsx', 'src/custom/dashboard/Dashboard.tsx']);
  const relative = [...files].map((f) => path.relative(root, f));

  it('follows the shell, the registry and the dashboard (the check reads real imports)', () => {
    expect(relative).toEqual(expect.arrayContaining(['src/App.tsx', 'src/custom/layout/Layout.tsx', 'src/resources/signalements/index.ts', 'src/generic/schema.ts']));
    expect(packages).toContain('react-admin');
  });

  it('holds no form library: the configs describe their schemas, validation.ts builds them with zod', () => {
    expect([...packages].filter((p) => ['zod', 'react-hook-form'].includes(p))).toEqual([]);
    expect(relative).not.toContain('src/generic/validation.ts');
  });

  it("does not use react-admin's <Admin> and its default pages", () => {
    const users = relative.filter((f) => /import\s*\{[^}]*\b(Admin|AdminUI|Login|LoginForm)\b[^}]*\}\s*from\s*'react-admin'/.test(readFileSync(path.join(root, f), 'utf8')));
    expect(users).toEqual([]);
  });
});

/**
 * A phone's lists are cards: the table (react-admin's DataTable, its column chooser and bulk actions' bar, MUI's table
 * and tooltips) is a chunk of its own, asked for on wider screens only, and its libraries stay out of the first files.
 */
describe('what a cold load of a list loads', () => {
  const { files } = closure(['src/main.tsx', 'src/AppRoot.tsx', 'src/generic/list/ResourceListPage.tsx']);
  const relative = [...files].map((f) => path.relative(root, f));

  it('follows the list page and its cards', () => {
    expect(relative).toEqual(expect.arrayContaining(['src/generic/list/ResourceListPage.tsx', 'src/generic/list/ListCards.tsx']));
  });

  it('holds no table: ListTable is imported lazily', () => {
    expect(relative).not.toContain('src/generic/list/ListTable.tsx');
    expect(readFileSync(path.join(root, 'src/generic/list/ResourceListPage.tsx'), 'utf8')).toMatch(/import\('\.\/ListTable'\)/);
  });
});

/**
 * The menu and the routes read each resource's entry (entry.ts); its configuration (index.ts: fields, lists, forms,
 * dialogs) is a chunk loaded with its screen. A cold load of the events list loads the shell, the list page and the
 * events' configuration, none of the other resources'.
 */
describe("what a cold load of a list loads of the resources' configurations", () => {
  const { files } = closure(['src/main.tsx', 'src/AppRoot.tsx', 'src/generic/list/ResourceListPage.tsx', 'src/resources/evenements/index.ts']);
  const configs = [...files].map((f) => path.relative(root, f)).filter((f) => /^src\/resources\/[^/]+\/index\.ts$/.test(f));

  it('the entries of every resource, in the shell', () => {
    expect([...closure(['src/AppRoot.tsx']).files].map((f) => path.relative(root, f)).filter((f) => /^src\/resources\/[^/]+\/entry\.ts$/.test(f))).toHaveLength(9);
  });

  it("the events' configuration only", () => {
    expect(configs).toEqual(['src/resources/evenements/index.ts']);
  });
});
