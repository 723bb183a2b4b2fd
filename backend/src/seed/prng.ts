/** A small seeded pseudo-random generator (mulberry32): the demo data is the same at every seed. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
    sample: (items, count) => random.shuffle(items).slice(0, count),
  };
  return random;
}

/** A shuffled list of `total` values, each about `weight / sum` of the time and every value at least once. */
export function weightedDeck<T>(random: Random, weights: [T, number][], total: number): T[] {
  const sum = weights.reduce((acc, [, w]) => acc + w, 0);
  const counts = weights.map(([value, weight]) => ({ value, count: Math.max(1, Math.round((weight / sum) * total)) }));
  let size = counts.reduce((acc, c) => acc + c.count, 0);
  while (size !== total) {
    const largest = counts.reduce((a, b) => (b.count > a.count ? b : a));
    largest.count += size < total ? 1 : -1;
    size += size < total ? 1 : -1;
  }
  return random.shuffle(counts.flatMap(({ value, count }) => Array.from({ length: count }, () => value)));
}
