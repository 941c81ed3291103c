/** A small seeded PRNG (mulberry32) so the demo seed is the same on every run. */
export type Rng = {
  next: () => number;
  int: (min: number, max: number) => number;
  float: (min: number, max: number, digits?: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  hex: (length: number) => string;
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    float: (min, max, digits = 2) => Number((min + next() * (max - min)).toFixed(digits)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    hex: (length) => Array.from({ length }, () => int(0, 15).toString(16)).join(""),
  };
}
