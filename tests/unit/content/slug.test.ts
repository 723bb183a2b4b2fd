import { describe, expect, it } from 'vitest';
import { slugify, SLUG_PATTERN } from '@mamoudzou/domain/vocabulary';

/** slugify (domain/vocabulary.ts): lowercase, accents removed, other characters dropped, spaces to hyphens, repeated hyphens collapsed. */
describe('slug derivation', () => {
  it('lowercases and removes accents', () => {
    expect(slugify('Fête À MAMOUDZOU')).toBe('fete-a-mamoudzou');
    expect(slugify('Kawéni, Mtsapéré, Passamainti, Cavani')).toBe('kaweni-mtsapere-passamainti-cavani');
    expect(slugify('Noël à l’école çà et là')).toBe('noel-a-lecole-ca-et-la');
    // Ligatures are letters: spelt out.
    expect(slugify('Cœur de ville, ex æquo')).toBe('coeur-de-ville-ex-aequo');
  });

  it('drops punctuation and other characters', () => {
    expect(slugify("L'été : 12 rues rénovées !")).toBe('lete-12-rues-renovees');
    expect(slugify('Budget 2026 (vote) — 3/4 € & « plus »')).toBe('budget-2026-vote-34-plus');
    expect(slugify('Emoji 🎉 fête')).toBe('emoji-fete');
  });

  it('turns spaces into hyphens and collapses repeated ones', () => {
    expect(slugify('Marché   nocturne')).toBe('marche-nocturne');
    expect(slugify('Marché -- nocturne - - du port')).toBe('marche-nocturne-du-port');
    expect(slugify('a\tb')).toBe('ab');
  });

  it('leaves no hyphen at the start or the end', () => {
    expect(slugify('  - Fête -  ')).toBe('fete');
    expect(slugify('!!! Fête ???')).toBe('fete');
    expect(slugify('---')).toBe('');
    expect(slugify('')).toBe('');
  });

  it('always gives what the backend accepts (SLUG_PATTERN) when there is a letter or digit', () => {
    for (const title of ['Fête', '  Kawéni  ', 'Mtsapéré / Cavani', 'A-B', "L'Été  -- au   Front de mer !", '2026']) {
      expect(slugify(title)).toMatch(new RegExp(SLUG_PATTERN));
    }
  });
});
