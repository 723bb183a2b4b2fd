import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closure, root } from '../../../scripts/staticImports';

/**
 * The citizens' page (signaler.html → src/citizen/main.tsx) is the lightest thing the product serves: plain React
 * and its own small modules, never the back-office (react-admin, MUI, its shell, its providers) nor a heavy library
 * on the first load (Leaflet comes with the map, lazily). Read from the sources' import statements; the built files
 * it loads are checked end to end (tests/e2e/citizen-page.e2e.test.ts) and weighed by the bench.
 */
describe('what the citizens’ page loads first', () => {
  const { files, packages } = closure(['src/citizen/main.tsx']);
  const relative = [...files].map((f) => path.relative(root, f));

  it('follows the page’s own modules (the check reads real imports)', () => {
    expect(relative).toEqual(expect.arrayContaining(['src/citizen/App.tsx', 'src/citizen/ReportForm.tsx', 'src/citizen/queue.ts', 'domain/citizen-page.ts']));
    expect([...packages].sort()).toEqual(['idb-keyval', 'react', 'react-dom']);
  });

  it('holds nothing of the back-office: only its own files and the shared domain', () => {
    expect(relative.filter((f) => !f.startsWith('src/citizen/') && !f.startsWith('domain/'))).toEqual([]);
    // The domain files it reads are plain vocabulary: none pulls the permission matrix, the settings' schema or zod.
    expect(relative.filter((f) => /domain\/(permissions|resources|settings-schema|settings)\.ts$/.test(f))).toEqual([]);
  });

  it('loads Leaflet only with a map, through a lazy import', () => {
    const lazyMaps = relative.filter((f) => /import\(\s*'\.\/SignalerMap'\s*\)/.test(readFileSync(path.join(root, f), 'utf8')));
    expect(lazyMaps).toEqual(['src/citizen/ReportForm.tsx', 'src/citizen/ReportPage.tsx']);
    expect(relative).not.toContain('src/citizen/SignalerMap.tsx');
  });
});
