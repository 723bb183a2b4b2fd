import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Imports run one way (STYLE, « One UI system »): domain/ at the bottom, then the SPA's layers up to
 * main.tsx; in the backend, shared code (auth, audit, caching, realtime...) reaches a collection
 * only through Strapi's registry, and no collection imports another's files. And no two files import
 * each other, directly or round a longer circle. Every import counts here, types and lazy ones too.
 */

const root = path.resolve(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, entry);
    if (['node_modules', 'dist', '.tmp'].includes(entry)) continue;
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@mamoudzou/domain/')
    ? path.join('domain', specifier.slice('@mamoudzou/domain/'.length))
    : specifier.startsWith('.')
      ? path.join(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(root, candidate)));
}

/** file → the project files it imports. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) {
      const target = resolve(file, match[1] ?? match[2] ?? match[3]);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/**
 * The SPA's layers, lowest first: a file may import its own layer and those below. The citizens' page (src/citizen,
 * the entry of signaler.html) stands on top, beside main.tsx: nothing imports it.
 */
const SPA_LAYERS = ['domain', 'src/i18n', 'src/common', 'src/offline', 'src/providers', 'src/generic', 'src/resources', 'src/custom', 'src/App.tsx', 'src/AppRoot.tsx', 'src/main.tsx', 'src/citizen'];
const layerOf = (file: string) => SPA_LAYERS.findIndex((layer) => file === layer || file.startsWith(`${layer}/`));

const spa = importGraph([...sources('domain'), ...sources('src')]);
const backend = importGraph(sources('backend/src'));

describe('imports run one way', () => {
  it('in the SPA: no layer imports one above it', () => {
    const upward: string[] = [];
    for (const [file, targets] of spa) {
      for (const target of targets) if (layerOf(target) > layerOf(file)) upward.push(`${file} → ${target}`);
    }
    expect(upward).toEqual([]);
  });

  it('in the backend: shared code imports no collection, and no collection imports another', () => {
    const wrong: string[] = [];
    const apiOf = (file: string) => /^backend\/src\/api\/([^/]+)\//.exec(file)?.[1];
    for (const [file, targets] of backend) {
      // The composition root wires everything.
      if (file === 'backend/src/index.ts') continue;
      for (const target of targets) {
        const to = apiOf(target);
        if (to && apiOf(file) !== to) wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no file imports another that imports it back, however far round', () => {
    const circles: string[] = [];
    for (const graph of [spa, backend]) {
      const state = new Map<string, 'open' | 'done'>();
      const trail: string[] = [];
      const visit = (file: string) => {
        state.set(file, 'open');
        trail.push(file);
        for (const target of graph.get(file) ?? []) {
          if (state.get(target) === 'open') circles.push([...trail.slice(trail.indexOf(target)), target].join(' → '));
          else if (!state.has(target)) visit(target);
        }
        trail.pop();
        state.set(file, 'done');
      };
      for (const file of graph.keys()) if (!state.has(file)) visit(file);
    }
    expect(circles).toEqual([]);
  });

  it('reads a real graph (the check above would pass on an empty one)', () => {
    expect(spa.get('src/App.tsx')).toContain('src/resources/entries.ts');
    expect(backend.get('backend/src/access/roles.ts')).toContain('backend/src/access/grants.ts');
    expect(layerOf('src/resources/signalements/index.ts')).toBeGreaterThan(layerOf('src/generic/types.ts'));
  });
});
