import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../../../src/offline/reloadOnce';

/** A failed dynamic import after a redeploy, as each browser words it, is told apart from a screen's own error. */
describe('chunk load errors', () => {
  it('recognises what Chromium, Firefox and Safari say when a chunk is gone', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://localhost:5173/assets/ListPage-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error("Failed to load module script: Expected a JavaScript module script but the server responded with a MIME type of 'text/html'"))).toBe(true);
  });

  it('leaves a screen’s own error alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reload once', () => {
  it('reloads at the first failure, not again within a minute', async () => {
    const { reloadOnce } = await import('../../../src/offline/reloadOnce?first' as string);
    const values = new Map<string, string>();
    const storage = { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
    let reloads = 0;
    const reload = () => void (reloads += 1);
    expect(reloadOnce({ storage, reload, now: () => 1_000_000 })).toBe(true);
    expect(reloads).toBe(1);
    // The reloaded page (a new module instance) fails again at once: the error screen, no loop.
    const fresh = await import('../../../src/offline/reloadOnce?second' as string);
    expect(fresh.reloadOnce({ storage, reload, now: () => 1_030_000 })).toBe(false);
    expect(reloads).toBe(1);
    // A later redeploy, hours after: reloads again.
    const later = await import('../../../src/offline/reloadOnce?third' as string);
    expect(later.reloadOnce({ storage, reload, now: () => 1_000_000 + 3_600_000 })).toBe(true);
    expect(reloads).toBe(2);
  });
});
