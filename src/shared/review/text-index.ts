/**
 * What the anchoring (anchor.ts) needs to know about one text: where its lines start, and where a
 * string occurs in it, with an index of its substrings when many quotes are searched for at once.
 * Pure, with no Node or DOM imports, as anchor.ts.
 */

/**
 * From this many quotes on, `locateQuotes` indexes the text's substrings (`GramIndex`): every
 * quote costs at least one scan of the whole text without it (a second occurrence would change
 * the answer), and building it costs about as much as thirty quotes' scans.
 */
export const GRAM_INDEX_FROM = 32

/** What the search needs to know about one text: where its lines start, and where a string occurs. */
export class TextIndex {
  readonly text: string
  readonly starts: number[] = [0]
  private readonly grams: GramIndex | null

  constructor(text: unknown, indexGrams: boolean) {
    // The API promises not to throw on what arrives from saved files; a non-string is no text.
    this.text = typeof text === 'string' ? text : ''
    for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) this.starts.push(i + 1)
    this.grams = indexGrams && this.text.length >= GRAM ? new GramIndex(this.text) : null
  }

  /** 1-based line of the character at `offset`. */
  lineAt(offset: number): number {
    let lo = 0
    let hi = this.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }

  /** Offset where 1-based `line` starts, the line clamped to the text. */
  startOf(line: number): number {
    const clamped = Math.min(Math.max(Number.isFinite(line) ? Math.trunc(line) : 1, 1), this.starts.length)
    return this.starts[clamped - 1]!
  }

  /** Every offset where `needle` occurs (overlapping ones too), ascending. */
  occurrences(needle: string): number[] {
    if (this.grams && needle.length >= GRAM) return this.grams.occurrences(this.text, needle)
    const found: number[] = []
    for (let at = this.text.indexOf(needle); at !== -1; at = this.text.indexOf(needle, at + 1)) found.push(at)
    return found
  }
}

/** Length of the substrings `GramIndex` hashes: quotes shorter than this are searched with indexOf. */
const GRAM = 16
const BASE = 0x01000193
const BASE_TO_GRAM_1 = Array.from({ length: GRAM - 1 }).reduce<number>((power) => Math.imul(power, BASE), 1)

/**
 * Every position of the text, chained by a rolling hash of the GRAM characters starting there:
 * the candidates for a needle are then the few positions whose first GRAM characters hash alike,
 * instead of the whole text. Typed arrays, no Map: about a millisecond to build for 100 KB.
 */
class GramIndex {
  /** The previous position in the same bucket, or -1. */
  private readonly next: Int32Array
  /** The last position in each bucket, or -1. */
  private readonly heads: Int32Array
  private readonly shift: number

  constructor(text: string) {
    const count = text.length - GRAM + 1
    let bits = 4
    while (1 << bits < count) bits++
    const shift = 32 - bits
    const heads = new Int32Array(1 << bits).fill(-1)
    const next = new Int32Array(count)
    let hash = hashOf(text)
    for (let i = 0; i < count; i++) {
      if (i > 0) hash = (Math.imul(hash - Math.imul(text.charCodeAt(i - 1), BASE_TO_GRAM_1), BASE) + text.charCodeAt(i + GRAM - 1)) | 0
      const bucket = bucketOf(hash, shift)
      next[i] = heads[bucket]!
      heads[bucket] = i
    }
    this.next = next
    this.heads = heads
    this.shift = shift
  }

  occurrences(text: string, needle: string): number[] {
    const found: number[] = []
    // A bucket holds every position of the needle's first GRAM characters, and a few others
    // that hash alike; startsWith tells them apart, mostly at the first character.
    for (let i = this.heads[bucketOf(hashOf(needle), this.shift)]!; i !== -1; i = this.next[i]!) if (text.startsWith(needle, i)) found.push(i)
    return found.reverse()
  }
}

/** The hash's top bits after a multiply, which depend on all of its bits. */
const bucketOf = (hash: number, shift: number): number => Math.imul(hash ^ (hash >>> 16), 0x45d9f3b) >>> shift

/** Polynomial hash of the first GRAM characters, as `GramIndex` rolls it. */
function hashOf(text: string): number {
  let hash = 0
  for (let i = 0; i < GRAM; i++) hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0
  return hash
}
