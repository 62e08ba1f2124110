/**
 * A seeded pseudo-random source in [0, 1) (the C library's linear congruential generator), so
 * that a test over random texts draws the same cases on every run and a failure can be replayed
 * from its seed.
 */
export function seededRandom(seed: number): () => number {
  let state = seed
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
}
