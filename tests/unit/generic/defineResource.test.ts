import { describe, expect, it } from 'vitest';
import { resources } from '../../../src/resources';
import annuaire from '../../../src/resources/annuaire';

/**
 * Every resource's configuration is part of the first load (the menu, the routes, the access rules), but a screen
 * shows one resource: each one's fields are worked out when a screen first reads them, once.
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
