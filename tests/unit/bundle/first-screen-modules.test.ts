import path from 'node:path';
import react from '@vitejs/plugin-react';
import { describe, expect, it } from 'vitest';
import { firstScreenModules } from '../../../scripts/firstScreenModules';
import { root } from '../../../scripts/staticImports';

/**
 * The libraries' first file holds what the first screens run: read from a build of those screens alone, not
 * from their imports (MUI's and react-admin's index files import every component).
 */
describe('the first screens’ modules (vite.config.ts keeps the libraries’ first file to them)', () => {
  it('holds the components the first screen uses, not those of a screen it loads later, nor its own lazy files', async () => {
    const entry = path.join(root, 'tests/unit/bundle/first-screen/entry.tsx');
    const modules = await firstScreenModules({ root, entries: [entry], plugins: [react()], alias: {} });
    const relative = [...modules].map((file) => path.relative(root, file));
    expect(relative).toContain('tests/unit/bundle/first-screen/entry.tsx');
    expect(relative).toContain('node_modules/@mui/material/esm/Button/Button.js');
    expect(relative.filter((file) => /Autocomplete|TextField|later\.tsx/.test(file))).toEqual([]);
  }, 60_000);
});
