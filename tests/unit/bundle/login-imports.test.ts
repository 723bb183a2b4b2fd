import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closure, root } from '../../../scripts/staticImports';

/**
 * The first visit's /login loads main.tsx and StandaloneLogin.tsx with what they import statically
 * (lazy `import()` aside). That stays light (under 150 KB of JavaScript, quick on a phone's network),
 * so no screen, no react-admin and no heavy library may enter it, whatever later screens add. Read from the sources' import statements.
 */

describe('what the first visit to /login loads', () => {
  const { files, packages } = closure(['src/main.tsx', 'src/custom/login/StandaloneLogin.tsx']);
  const relative = [...files].map((f) => path.relative(root, f));

  it('follows the login page and the providers it logs in with (the check reads real imports)', () => {
    expect(relative).toEqual(expect.arrayContaining(['src/custom/login/LoginForm.tsx', 'src/providers/authProvider.ts', 'src/i18n/fr-shell.ts']));
    expect(packages).toContain('@mui/material');
  });

  it('holds no screen, no resource config, no generic view and not every string', () => {
    expect(relative.filter((f) => /^src\/(resources|generic|custom\/(dashboard|pages|layout\/(?!themeBase)))/.test(f))).toEqual([]);
    expect(relative).not.toContain('src/i18n/fr.ts');
    expect(relative).not.toContain('src/App.tsx');
  });

  it('holds neither react-admin nor the heavy libraries (schemas, charts, maps, editor, router)', () => {
    const heavy = ['react-admin', 'ra-core', 'ra-i18n-polyglot', 'ra-language-french', '@tanstack/react-query', 'zod', '@mui/x-charts', 'leaflet', 'react-leaflet', 'slate', 'slate-react', 'papaparse', 'socket.io-client', 'react-router', 'react-router-dom', 'date-fns'];
    expect([...packages].filter((p) => heavy.includes(p))).toEqual([]);
  });
});
