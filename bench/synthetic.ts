/**
 * Deterministic pitch-like text for the benchmarks: a seeded PRNG (mulberry32) and the word
 * lists the sentences are made of, so every run (and every machine) measures the same text.
 */
export function prng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export const SUBJECTS = [
  'The indexer',
  'Our team',
  'This milestone',
  'The SDK',
  'Each release',
  'The audit',
  'The relayer',
  'A community call',
  'The dashboard',
  'Our maintainer',
]
export const VERBS = ['delivers', 'covers', 'documents', 'benchmarks', 'replaces', 'publishes', 'funds', 'tests', 'ships', 'measures']
export const OBJECTS = [
  'the wallet adapters',
  'three rollup bridges',
  'a public test suite',
  'the fee estimator',
  'light client proofs',
  'the onboarding guide',
  'gas usage per call',
  'the grant report',
  'every RPC endpoint',
  'the block explorer',
]
export const TAILS = [
  'before the second payout',
  'with open-source tooling',
  'for small teams',
  'within six weeks',
  'under the MIT license',
  'on testnet first',
  'with weekly updates',
  'at no cost to users',
  'for Arcadia and Nova',
  'in two languages',
]

/** A seeded source of choices: a number in [0, 1), one item of a list, an integer in a range. */
export function chooser(seed: number) {
  const random = prng(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1))
  return { random, pick, int }
}
