import { describe, expect, it } from 'vitest';
import { WaveletMatrix } from '../../../backend/src/utils/wavelet-matrix';

/**
 * The wavelet matrix the figures' index reads its medians and counts from (backend/src/utils/wavelet-matrix.ts):
 * for every range of positions, the count of values below x and the k-th smallest value, against the plain way
 * (slice, filter, sort).
 */

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every k and every x of a range, or about 60 of each (the first, the last, and spread between) in a long one. */
const sample = <T,>(all: T[]) => (all.length <= 60 ? all : all.filter((_, i) => i % Math.ceil(all.length / 60) === 0 || i === all.length - 1));

function check(values: number[], levels: number, ranges: [number, number][]) {
  const matrix = WaveletMatrix.of(values, levels);
  for (const [from, to] of ranges) {
    const slice = values.slice(from, to).sort((a, b) => a - b);
    for (const k of sample([...slice.keys()])) expect(matrix.kth(from, to, k), `kth(${from}, ${to}, ${k})`).toBe(slice[k]);
    const below = (x: number) => {
      let n = 0;
      while (n < slice.length && slice[n] < x) n++;
      return n;
    };
    for (const x of [0, 1, ...sample(slice), ...sample(slice).map((v) => v + 1), 2 ** levels, 2 ** levels + 5]) {
      expect(matrix.countLess(from, to, x), `countLess(${from}, ${to}, ${x})`).toBe(below(x));
    }
  }
}

describe('the wavelet matrix', () => {
  it('answers every range of a short sequence: k-th smallest and count below, ties included', () => {
    const values = [5, 1, 7, 1, 0, 3, 3, 6, 2, 7, 4];
    const ranges: [number, number][] = [];
    for (let from = 0; from <= values.length; from++) for (let to = from; to <= values.length; to++) ranges.push([from, to]);
    check(values, 3, ranges);
  });

  it('answers random ranges of long sequences, across word boundaries, with one level and with twenty', () => {
    const next = random(43);
    for (const [length, levels] of [
      [1000, 1],
      [1000, 4],
      [2049, 11],
      [5000, 20],
    ]) {
      const values = Array.from({ length }, () => Math.floor(next() * 2 ** levels));
      const ranges: [number, number][] = [[0, length], [0, 0], [length, length], [31, 33], [32, 64], [length - 1, length]];
      for (let i = 0; i < 40; i++) {
        const a = Math.floor(next() * (length + 1));
        const b = Math.floor(next() * (length + 1));
        ranges.push([Math.min(a, b), Math.max(a, b)]);
      }
      check(values, levels, ranges);
    }
  });

  it('is built level by level: one step per level', () => {
    const steps = WaveletMatrix.build([3, 1, 2], 5);
    let yields = 0;
    for (let step = steps.next(); !step.done; step = steps.next()) yields++;
    expect(yields).toBe(5);
    expect(WaveletMatrix.levelsFor(1)).toBe(1);
    expect(WaveletMatrix.levelsFor(2)).toBe(1);
    expect(WaveletMatrix.levelsFor(3)).toBe(2);
    expect(WaveletMatrix.levelsFor(1025)).toBe(11);
  });
});
