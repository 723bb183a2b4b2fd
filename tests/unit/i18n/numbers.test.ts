import { describe, expect, it } from 'vitest';
import { smallDecimal } from '../../../src/i18n/numbers';

describe('a small decimal written as French writes it, without Intl', () => {
  it('equals toLocaleString("fr-FR") for every percentage with one decimal, and for three decimals', () => {
    for (let tenths = 0; tenths <= 1000; tenths++) {
      const n = Math.round(tenths) / 10;
      expect(smallDecimal(n)).toBe(n.toLocaleString('fr-FR'));
    }
    for (const n of [0.125, 12.5, 999.999, -3.5, -0]) expect(smallDecimal(n)).toBe(n.toLocaleString('fr-FR'));
  });

  it('asks Intl beyond that (group separators, rounding of more decimals)', () => {
    for (const n of [1000, 12345.6, 0.12345, 1e21]) expect(smallDecimal(n)).toBe(n.toLocaleString('fr-FR'));
  });
});
