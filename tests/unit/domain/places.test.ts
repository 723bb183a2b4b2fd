import { describe, expect, it } from 'vitest';
import { distinctEmergencyPhone, firstItems, roundRating, telHref } from '@mamoudzou/domain/places';

describe('POI and directory figures', () => {
  it('rounds the average rating to one decimal, halves up', () => {
    expect(roundRating(3.94)).toBe(3.9);
    expect(roundRating(3.95)).toBe(4);
    expect(roundRating(4.25)).toBe(4.3);
    expect(roundRating(4.35)).toBe(4.4); // 43.49999… in binary: still 4.4
    expect(roundRating((3.9 + 3.6 + 4.3) / 3)).toBe(3.9);
    expect(roundRating(5)).toBe(5);
    expect(roundRating(null)).toBeNull();
    expect(roundRating(Number.NaN)).toBeNull();
  });

  it('a category card shows at most three subcategories, then "+n"', () => {
    expect(firstItems(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(firstItems(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(firstItems([])).toEqual({ shown: [], more: 0 });
    expect(firstItems(undefined)).toEqual({ shown: [], more: 0 });
  });

  it('shows the emergency number only when it differs from the phone; phones as tel: links', () => {
    expect(distinctEmergencyPhone('15', '15')).toBeUndefined();
    expect(distinctEmergencyPhone('0269 61 10 10', '02 69 61 10 10')).toBeUndefined();
    expect(distinctEmergencyPhone('18', '112')).toBe('112');
    expect(distinctEmergencyPhone('18', '')).toBeUndefined();
    expect(telHref('+262 269 61 10 10')).toBe('tel:+262269611010');
  });
});
