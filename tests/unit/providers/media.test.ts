import { describe, expect, it } from 'vitest';
import { mediaUrl, normaliseMediaField } from '../../../src/providers/media';

const base = 'http://api.test';

describe('mediaUrl: every shape the backend may give (a path, a URL, a media object or a list)', () => {
  it.each([
    ['a relative path string', '/uploads/a.jpg', 'http://api.test/uploads/a.jpg'],
    ['an absolute URL string', 'https://cdn.test/a.jpg', 'https://cdn.test/a.jpg'],
    ['an object with url', { url: '/uploads/b.jpg' }, 'http://api.test/uploads/b.jpg'],
    ['nested attributes.url', { attributes: { url: '/uploads/c.jpg' } }, 'http://api.test/uploads/c.jpg'],
    ['v4 data.attributes.url', { data: { id: 1, attributes: { url: '/uploads/d.jpg' } } }, 'http://api.test/uploads/d.jpg'],
    ['formats.large only', { formats: { large: { url: '/uploads/large_e.jpg' }, small: { url: '/uploads/small_e.jpg' } } }, 'http://api.test/uploads/large_e.jpg'],
    ['formats.medium only', { formats: { medium: { url: '/uploads/medium_f.jpg' } } }, 'http://api.test/uploads/medium_f.jpg'],
    ['formats.small only', { formats: { small: { url: 'uploads/small_g.jpg' } } }, 'http://api.test/uploads/small_g.jpg'],
  ])('reads %s', (_label, value, expected) => {
    expect(mediaUrl(value, base)).toBe(expected);
  });

  it('answers undefined for nothing', () => {
    expect(mediaUrl(null, base)).toBeUndefined();
    expect(mediaUrl({}, base)).toBeUndefined();
  });
});

describe('normaliseMediaField', () => {
  it('normalises a list (v4 {data:[...]} too) and the formats', () => {
    expect(
      normaliseMediaField({ data: [{ id: 4, attributes: { url: '/uploads/x.png', mime: 'image/png' } }] }, base),
    ).toEqual([{ id: 4, url: 'http://api.test/uploads/x.png', mime: 'image/png', attributes: { url: '/uploads/x.png', mime: 'image/png' } }]);
    const [one] = normaliseMediaField([{ id: 1, url: '/u/a.jpg', formats: { small: { url: '/u/s.jpg' } } }], base) as { formats: Record<string, { url: string }> }[];
    expect(one.formats.small.url).toBe('http://api.test/u/s.jpg');
  });
});
