import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKEND_HEAP_FLAG } from '../../../backend/scripts/heap.mjs';

describe('the backend’s heap, capped wherever an instance starts', () => {
  it('`npm --prefix backend start` (production’s and npm start’s) gives the same cap as the launchers, before any NODE_OPTIONS of the town’s', () => {
    const pkg = JSON.parse(readFileSync(path.resolve('backend/package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toContain(`NODE_OPTIONS="${BACKEND_HEAP_FLAG} $NODE_OPTIONS" strapi start`);
    // Only the instance: the build before it (TypeScript) keeps Node's default.
    expect(pkg.scripts.start.indexOf('npm run build')).toBeLessThan(pkg.scripts.start.indexOf('NODE_OPTIONS'));
  });
});
