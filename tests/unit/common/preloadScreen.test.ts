// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { preloadScreenAt } from '../../../src/AppRoot';
import { pageAt } from '../../../src/custom/pages';
import { listPageOf } from '../../../src/generic/resourceProps';
import { resourceEntries } from '../../../src/resources/entries';

/** The screen component of an address: a custom page, else the list page of the resource. */
function screenAt(path: string) {
  const page = pageAt(path);
  if (page) return page.component;
  const entry = resourceEntries.find((candidate) => candidate.name === path.split('/')[1])!;
  return listPageOf(entry)!;
}

/**
 * A cold load renders the app once the screen of its address is loaded (src/main.tsx): a lazy screen rendered before
 * its chunk came suspends, and React holds the content back ~300 ms after the fallback it just showed.
 */
describe('the first screen of a cold load', () => {
  it('is not loaded before it is asked for', () => {
    expect(screenAt('/statistiques').isLoaded()).toBe(false);
    expect(screenAt('/signalements').isLoaded()).toBe(false);
  });

  it.each(['/', '/statistiques', '/parametrages/securite', '/profil', '/signalements', '/evenements'])('%s: its screen is loaded once preloadScreenAt settles', async (path) => {
    await preloadScreenAt(path);
    expect(screenAt(path).isLoaded()).toBe(true);
  }, 60_000);

  it('settles for an address that is no screen', async () => {
    await expect(preloadScreenAt('/nulle-part')).resolves.toBeDefined();
    expect(screenAt('/integrations').isLoaded()).toBe(false);
  });
});
