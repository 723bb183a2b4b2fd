import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../domain/resources';
import { resources } from '../../../src/resources';
import annuaire from '../../../src/resources/annuaire';
import { resourceEntries } from '../../../src/resources/entries';

/**
 * A screen shows one resource: each one's fields are worked out when a screen first reads them, once (and the app
 * loads a resource's configuration with its screen: the menu and the routes read its entry).
 */
describe('a resource configuration', () => {
  it('keeps the same fields and import columns from one read to the next (the screens memoise on them)', () => {
    for (const config of resources) {
      expect(config.fields).toBe(config.fields);
      expect(config.fields.length).toBeGreaterThan(0);
      if (config.import) expect(config.import).toBe(config.import);
    }
  });

  it('reads the import columns from its fields: an export column whose field the form edits is importable', () => {
    const columns = annuaire.import?.columns.map((column) => column.source) ?? [];
    expect(columns).toContain('name');
    expect(annuaire.fields.find((field) => field.source === 'name')?.readOnly).toBeFalsy();
  });

  it('carries its fields in a copy as the screens make one (the settings written into its choices)', () => {
    const copy = { ...annuaire };
    expect(copy.fields).toBe(annuaire.fields);
    expect(copy.import).toBe(annuaire.import);
  });
});

describe("the app's registry of entries", () => {
  it('lists every resource with screens, in the order of domain/resources.ts, each in the folder named after its route (main.tsx finds a cold load’s configuration by the address)', () => {
    expect(resourceEntries.map((entry) => entry.name)).toEqual(resources.map((config) => config.name));
    for (const entry of resourceEntries) expect(RESOURCES.find((row) => row.key === entry.key)?.path).toBe(entry.name);
    const folders = Object.keys(import.meta.glob('../../../src/resources/*/entry.ts')).map((file) => file.split('/').at(-2));
    expect(folders.sort()).toEqual(resourceEntries.map((entry) => entry.name).sort());
  });

  it('loads each configuration once, the one its entry says (label, menu, access and views are the entry’s)', async () => {
    for (const entry of resourceEntries) {
      expect(entry.loaded()).toBeUndefined();
      const config = await entry.load();
      expect(await entry.load()).toBe(config);
      expect(entry.loaded()).toBe(config);
      expect(config).toBe(resources.find((candidate) => candidate.name === entry.name));
      expect(config).toMatchObject({ key: entry.key, label: entry.label, menu: entry.menu, access: entry.access, views: entry.views, icon: entry.icon });
    }
  });
});
