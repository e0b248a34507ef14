/** A small seeded pseudo-random generator: the same seed gives the same sequence, everywhere. */
export interface Prng {
  /** The next number in [0, 1). */
  next(): number;
  /** An integer in [0, n) (0 when n ≤ 0). */
  int(n: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One item of a non-empty list (undefined for an empty one). */
  pick<T>(items: readonly T[]): T | undefined;
}

/**
 * mulberry32: a 32-bit seeded generator (fast, good enough for choosing where a scripted model goes wrong;
 * not for anything secret).
 *
 * @example
 * ```ts
 * const rng = mulberry32(1);
 * rng.int(4); // the same value on every run with seed 1
 * ```
 */
export function mulberry32(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => (n <= 0 ? 0 : Math.floor(next() * n)),
    chance: (p) => next() < p,
    pick: (items) => (items.length === 0 ? undefined : items[Math.floor(next() * items.length)]),
  };
}
