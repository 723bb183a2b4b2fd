import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What a set of entry files imports statically (lazy `import()` aside), read from the sources' import
 * statements and their eager `import.meta.glob` (the registry's entries). The first-load tests (tests/unit/bundle)
 * check it; vite.config.ts groups the app's chunks by it.
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Static value imports of a source file (`import type` and `import()` left out). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (match[2]) continue; // import type / export type
    if (match[3] && /^\s*\{\s*(type\s+[^,}]+,?\s*)+\}\s+from\s+$/.test(match[3])) continue; // only inline type imports
    // ra-core's HttpError class alone (the providers throw it; vite.config.ts keeps it out of react-admin's chunk, in MUI's).
    if (match[4] === 'ra-core' && /^\s*\{\s*HttpError\s*\}\s+from\s+$/.test(match[3] ?? '')) specifiers.push('ra-core/HttpError');
    else specifiers.push(match[4]);
  }
  // An eager glob of one folder level (`./*/entry.ts`): every file it matches, as Vite imports them.
  for (const match of source.matchAll(/import\.meta\.glob(?:<[^>]*>)?\(\s*'\.\/\*\/([^'*/]+)'\s*,\s*\{[^}]*\beager:\s*true/g)) {
    const dir = path.dirname(file);
    for (const folder of readdirSync(dir, { withFileTypes: true })) if (folder.isDirectory() && existsSync(path.join(dir, folder.name, match[1]))) specifiers.push(`./${folder.name}/${match[1]}`);
  }
  return specifiers;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@mamoudzou/domain/') ? path.join(root, 'domain', specifier.slice('@mamoudzou/domain/'.length)) : path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(candidate) && !candidate.endsWith('.css') && /\.tsx?$/.test(candidate)) return candidate;
  return undefined;
}

export function closure(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.') || specifier.startsWith('@mamoudzou/domain/')) {
        const resolved = resolveLocal(file, specifier);
        if (resolved) visit(resolved);
      } else {
        packages.add(specifier === 'ra-core/HttpError' ? specifier : specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);
      }
    }
  };
  entries.forEach((entry) => visit(path.join(root, entry)));
  return { files, packages };
}
