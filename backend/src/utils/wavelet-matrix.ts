/**
 * A wavelet matrix over a sequence of small whole numbers (0 ≤ value < 2^levels): for any range of positions
 * [from, to), how many values are below x, and the k-th smallest value, each in `levels` steps whatever the length
 * of the range (Claude, Navarro and Ordóñez, « The wavelet matrix », 2015). The figures' index keeps each list of
 * durations in the order of the day they happened: a period is a range of positions, and its median is one query.
 *
 * Built level by level: `build` is a generator that yields after each level, so that a large matrix is built in
 * steps between which the event loop serves requests.
 */

/** Ones in a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export class WaveletMatrix {
  readonly length: number;
  readonly levels: number;
  /** Per level (most significant bit first): the bits, 32 to a word. */
  private bits: Uint32Array[] = [];
  /** Per level: the ones before each word. */
  private ones: Uint32Array[] = [];
  /** Per level: how many zeros (they come first at the next level). */
  private zeros: Int32Array;

  private constructor(length: number, levels: number) {
    this.length = length;
    this.levels = levels;
    this.zeros = new Int32Array(levels);
  }

  /** The levels a matrix needs for values below `size`. */
  static levelsFor(size: number): number {
    let levels = 1;
    while (2 ** levels < size) levels++;
    return levels;
  }

  /** Built at once (small sequences, tests). */
  static of(values: ArrayLike<number>, levels = WaveletMatrix.levelsFor(Math.max(1, ...Array.from(values, (v) => v + 1)))): WaveletMatrix {
    const steps = WaveletMatrix.build(values, levels);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** Built level by level: yields after each one; its return value is the matrix. */
  static *build(values: ArrayLike<number>, levels: number): Generator<void, WaveletMatrix, void> {
    const n = values.length;
    const matrix = new WaveletMatrix(n, levels);
    let current = Uint32Array.from(values as ArrayLike<number>);
    let next = new Uint32Array(n);
    const words = (n >>> 5) + 1;
    for (let level = 0; level < levels; level++) {
      const shift = levels - 1 - level;
      const bits = new Uint32Array(words);
      const ones = new Uint32Array(words + 1);
      let zeros = 0;
      for (let i = 0; i < n; i++) {
        if ((current[i] >>> shift) & 1) bits[i >>> 5] |= 1 << (i & 31);
        else zeros++;
      }
      for (let w = 0; w < words; w++) ones[w + 1] = ones[w] + popcount(bits[w]);
      // Stable: the values whose bit is 0 first, then those whose bit is 1, each in their order.
      let z = 0;
      let o = zeros;
      for (let i = 0; i < n; i++) {
        const value = current[i];
        if ((value >>> shift) & 1) next[o++] = value;
        else next[z++] = value;
      }
      matrix.bits.push(bits);
      matrix.ones.push(ones);
      matrix.zeros[level] = zeros;
      [current, next] = [next, current];
      yield;
    }
    return matrix;
  }

  /** Ones of `level` before position `i`. */
  private rank1(level: number, i: number): number {
    const word = i >>> 5;
    const bit = i & 31;
    const before = this.ones[level][word];
    return bit === 0 ? before : before + popcount(this.bits[level][word] & (0xffffffff >>> (32 - bit)));
  }

  /** How many values of [from, to) are below `x`. */
  countLess(from: number, to: number, x: number): number {
    if (from >= to || x <= 0) return 0;
    if (x >= 2 ** this.levels) return to - from;
    let count = 0;
    let l = from;
    let r = to;
    for (let level = 0; level < this.levels && l < r; level++) {
      const shift = this.levels - 1 - level;
      const onesL = this.rank1(level, l);
      const onesR = this.rank1(level, r);
      if ((x >>> shift) & 1) {
        // Those with a 0 here are below x: counted; go on with the ones.
        count += r - l - (onesR - onesL);
        l = this.zeros[level] + onesL;
        r = this.zeros[level] + onesR;
      } else {
        l -= onesL;
        r -= onesR;
      }
    }
    return count;
  }

  /** The k-th smallest value of [from, to), k from 0 (to - from > k). */
  kth(from: number, to: number, k: number): number {
    let value = 0;
    let l = from;
    let r = to;
    for (let level = 0; level < this.levels; level++) {
      const onesL = this.rank1(level, l);
      const onesR = this.rank1(level, r);
      const zeros = r - l - (onesR - onesL);
      if (k < zeros) {
        l -= onesL;
        r -= onesR;
      } else {
        k -= zeros;
        value |= 1 << (this.levels - 1 - level);
        l = this.zeros[level] + onesL;
        r = this.zeros[level] + onesR;
      }
    }
    return value >>> 0;
  }
}
