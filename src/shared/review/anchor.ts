/**
 * Where a review comment's quoted text is now. A comment is anchored to a passage of the pitch
 * (or of a field) by a W3C Web Annotation TextQuoteSelector, the quoted text with some text
 * either side, and the line where it started. Offsets would go stale with the first edit; a
 * quote can be found again. Found as it was → 'exact'; found with a few words changed →
 * 'fuzzy' (the thread shows the passage as it reads now); gone → 'outdated' (the thread keeps
 * the old quote and is shown apart).
 *
 * Pure and synchronous, with no Node or DOM imports: the renderer, the service (Node) and a web
 * worker all call it, and must all agree on where a comment sits.
 *
 * A quote that is gone can take long to be sure of: the fuzzy search compares it with the text
 * where it might be, and a 5,000-character quote against unlike text is tens of milliseconds.
 * `placeAnchors` therefore works within a time budget, per quote and in total: what it cannot
 * place in time is `pending` ("not placed yet"), never a guess, and a later call (another slice,
 * a worker) goes on from its answer. Whatever it places is what `locateQuotes` answers.
 */
import DiffMatchPatch from 'diff-match-patch'
import { GRAM_INDEX_FROM, TextIndex } from './text-index'

export interface TextQuote {
  exact: string
  prefix: string
  suffix: string
  /** 1-based line of the start of `exact` when the quote was made */
  line: number
}

export type AnchorMatch =
  | {
      status: 'exact' | 'fuzzy'
      start: number
      end: number
      /** 1-based */
      line: number
      endLine: number
      /** text[start,end) now */
      text: string
    }
  | { status: 'outdated' }

/**
 * A quote's place within a budget: found, gone, or `pending`, not placed yet. `triedMs`: how long
 * it was searched for before its own budget ran out (0: the total budget ran out first).
 */
export type Placement = AnchorMatch | { status: 'pending'; triedMs: number }

export interface AnchorBudget {
  /** The longest one quote is searched for, in milliseconds. */
  perQuoteMs: number
  /**
   * No quote is started once this many milliseconds have passed; one started before may take
   * its own budget, so a call returns within `totalMs + perQuoteMs` (give or take one step of a
   * search). A quote is never cut short by the total: a search that restarted in every slice
   * would never finish.
   */
  totalMs: number
}

/** The budget of a whole draft's anchors where an answer is awaited (the CLI): about half a second. */
export const ANCHOR_BUDGET: AnchorBudget = { perQuoteMs: 50, totalMs: 500 }

export interface Placements {
  /** One per quote, in order. */
  matches: Placement[]
  /** The indexes of the quotes not placed yet. */
  pending: number[]
  /**
   * Nothing left that another call with the same per-quote budget could place: every quote is
   * placed, gone, or was searched for as long as a quote may be.
   */
  complete: boolean
  /** The text and quotes these are for (a later call goes on only from its own). */
  textLength: number
}

const DEFAULT_CONTEXT = 32
/** Bitap keeps the pattern in one 32-bit word: diff-match-patch throws on longer patterns. */
const MAX_BITS = 32
/** Shorter quotes ("the", "SDK", "2025") would match somewhere in any text with a few errors. */
const MIN_FUZZY_LENGTH = 12
/** A fuzzy span may differ from the quote by at most this share of the longer of the two... */
const MAX_CHANGE = 0.4
/** ...and by more than this share only where the text around it still matches the quote's context. */
const CHANGE_WITHOUT_CONTEXT = 0.2
/** How many characters of the old context must still border a much-changed span. */
const MIN_CONTEXT = 8

const dmp = new DiffMatchPatch()
// Bitap scores a candidate as errors / pattern length + distance / Match_Distance and keeps it
// under Match_Threshold. 0.4 lets a 32-char piece of a quote carry a dozen edited characters (a
// word or two replaced) where we expect it; Match_Distance is set per search (`matchNear`) so
// that an unchanged piece is still found as far away as the hint can be wrong. The checks in
// `spanNear` are what keep a deleted quote from being "found" in text that only looks like it.
dmp.Match_Threshold = 0.4
// A diff cut short by the timeout is not minimal, so its distance depends on the machine. Only a
// span thousands of characters long and mostly unlike its quote takes that long, and such a
// span is rejected either way; the cap is there so that it cannot stall the renderer.
dmp.Diff_Timeout = 0.1
/** How far bitap looks around a hint from the quote's old context: it is exact unless the edit reached it. */
const NEAR = 64
/** ...and around where the old line number puts the quote: the text above may have grown or shrunk by a paragraph or two. */
const FAR = 1_000

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff

/** Build a quote for text[start, end) with up to `context` (default 32) chars of prefix/suffix. Throws RangeError for an empty or out-of-range span. */
export function quoteAt(text: string, start: number, end: number, context: number = DEFAULT_CONTEXT): TextQuote {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > text.length || start >= end) {
    throw new RangeError(`The span [${start}, ${end}) is empty or outside the text (${text.length} characters)`)
  }
  if (!Number.isInteger(context) || context < 0) throw new RangeError(`The context must be a whole number of characters, not ${context}`)
  let from = Math.max(0, start - context)
  let to = Math.min(text.length, end + context)
  // Half an emoji in the context could never match the text again, which would cost the
  // context score a character for nothing: leave the whole pair out.
  if (from > 0 && from < start && isLow(text.charCodeAt(from)) && isHigh(text.charCodeAt(from - 1))) from++
  if (to < text.length && to > end && isHigh(text.charCodeAt(to - 1)) && isLow(text.charCodeAt(to))) to--
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < start; i = text.indexOf('\n', i + 1)) line++
  return { exact: text.slice(start, end), prefix: text.slice(from, start), suffix: text.slice(end, to), line }
}

/** Find one quote in the text. */
export function locateQuote(text: string, quote: TextQuote): AnchorMatch {
  return locateIn(new TextIndex(text, false), quote, NO_DEADLINE)
}

/** Find many quotes in one text, sharing the work that depends only on the text (line index etc.). Same answers as locateQuote, in the same order. */
export function locateQuotes(text: string, quotes: readonly TextQuote[]): AnchorMatch[] {
  const index = new TextIndex(text, quotes.length >= GRAM_INDEX_FROM)
  return quotes.map((quote) => locateIn(index, quote, NO_DEADLINE))
}

/**
 * Places quotes in the text within `budget`: each placed one as `locateQuotes` places it, the
 * rest `pending`. First every quote found as it was (cheap: one lookup each), then the others
 * one by one, each for at most `perQuoteMs`, until `totalMs` is spent.
 *
 * Resumable: give the previous answer (for the same text and quotes) as `previous`, and only its
 * pending quotes are searched for, those whose own budget ran out only when this one gives them
 * longer. A caller that must never wait (the editor) can so run it in slices of a few
 * milliseconds, or in a worker, and show "not placed yet" meanwhile.
 */
export function placeAnchors(input: { text: string; quotes: readonly TextQuote[]; previous?: Placements }, budget: AnchorBudget): Placements {
  const start = Date.now()
  const end = start + Math.max(0, budget.totalMs)
  const { quotes } = input
  const text = typeof input.text === 'string' ? input.text : ''
  const previous = input.previous && input.previous.textLength === text.length && input.previous.matches.length === quotes.length ? input.previous : null
  const matches: Placement[] = previous ? [...previous.matches] : quotes.map(() => ({ status: 'pending', triedMs: 0 }))
  const todo = matches.flatMap((match, i) => (match.status === 'pending' && match.triedMs < budget.perQuoteMs ? [i] : []))
  if (todo.length > 0) {
    const index = new TextIndex(text, todo.length >= GRAM_INDEX_FROM)
    const fuzzy: number[] = []
    // Found as they were: a lookup each, so none waits behind a quote that is hard to place.
    for (const i of todo) {
      if (Date.now() >= end) break
      const found = locateExact(index, quotes[i]!)
      if (found === null) fuzzy.push(i)
      else matches[i] = found
    }
    for (const i of fuzzy) {
      const from = Date.now()
      if (from >= end) break
      try {
        matches[i] = locateIn(index, quotes[i]!, from + budget.perQuoteMs)
      } catch (error) {
        if (error !== OVER_BUDGET) throw error
        matches[i] = { status: 'pending', triedMs: Math.max(Date.now() - from, budget.perQuoteMs) }
      }
    }
  }
  const pending = matches.flatMap((match, i) => (match.status === 'pending' ? [i] : []))
  const complete = pending.every((i) => (matches[i] as { triedMs: number }).triedMs >= budget.perQuoteMs)
  return { matches, pending, complete, textLength: text.length }
}

/** No deadline: `locateQuotes` as it always was. */
const NO_DEADLINE = Number.POSITIVE_INFINITY
/** Thrown inside a search whose deadline passed; `placeAnchors` makes the quote pending. One instance: no stack to build. */
class OverBudget extends Error {}
const OVER_BUDGET = new OverBudget('the search for a quote ran past its time budget')

function checkDeadline(deadline: number): void {
  if (deadline !== NO_DEADLINE && Date.now() >= deadline) throw OVER_BUDGET
}

/** A quote's parts as searched for: what a saved file gave, made safe (the API never throws on it). */
function partsOf(index: TextIndex, quote: TextQuote): { exact: string; prefix: string; suffix: string; expected: number } {
  const exact = typeof quote?.exact === 'string' ? quote.exact : ''
  const prefix = typeof quote?.prefix === 'string' ? quote.prefix : ''
  const suffix = typeof quote?.suffix === 'string' ? quote.suffix : ''
  const expected = exact === '' ? 0 : Math.min(index.text.length, index.startOf(quote.line) + columnHint(prefix))
  return { exact, prefix, suffix, expected }
}

/** The quote where it was (or an empty quote or text: outdated); null when it must be searched for. */
function locateExact(index: TextIndex, quote: TextQuote): AnchorMatch | null {
  const { exact, prefix, suffix, expected } = partsOf(index, quote)
  if (exact === '' || index.text === '') return { status: 'outdated' }
  const start = findExact(index, exact, prefix, suffix, expected)
  return start === -1 ? null : matchAt('exact', index, start, start + exact.length)
}

/** Where the quote is now. Past `deadline` (Date.now() milliseconds) the search throws OVER_BUDGET. */
function locateIn(index: TextIndex, quote: TextQuote, deadline: number): AnchorMatch {
  const found = locateExact(index, quote)
  if (found !== null) return found
  const { exact, prefix, suffix, expected } = partsOf(index, quote)
  const span = findFuzzy(index, exact, prefix, suffix, expected, deadline)
  return span ? matchAt('fuzzy', index, span.start, span.end) : { status: 'outdated' }
}

function matchAt(status: 'exact' | 'fuzzy', index: TextIndex, start: number, end: number): AnchorMatch {
  return { status, start, end, line: index.lineAt(start), endLine: index.lineAt(end - 1), text: index.text.slice(start, end) }
}

/**
 * The quote's column on its old line, as far as the prefix tells: exactly, when the prefix
 * reaches back over a line break; otherwise at least the prefix's length. Added to the old
 * line's start it puts the expected position on the quote rather than at the start of a long
 * paragraph line, for the tie-break between equal occurrences and for the fuzzy search.
 */
function columnHint(prefix: string): number {
  const newline = prefix.lastIndexOf('\n')
  return newline === -1 ? prefix.length : prefix.length - newline - 1
}

/** How many characters of the quote's context still border text[start, end). */
function contextScore(text: string, start: number, end: number, prefix: string, suffix: string): number {
  let score = 0
  for (let i = 1; i <= prefix.length && i <= start && text.charCodeAt(start - i) === prefix.charCodeAt(prefix.length - i); i++) score++
  for (let i = 0; i < suffix.length && end + i < text.length && text.charCodeAt(end + i) === suffix.charCodeAt(i); i++) score++
  return score
}

/** The occurrence of `exact` whose surroundings best match the context, nearest `expected` among equals; -1 if none. */
function findExact(index: TextIndex, exact: string, prefix: string, suffix: string, expected: number): number {
  const found = index.occurrences(exact)
  if (found.length <= 1) return found.length ? found[0]! : -1
  let best = -1
  let bestScore = -1
  for (const at of found) {
    const score = contextScore(index.text, at, at + exact.length, prefix, suffix)
    if (score > bestScore || (score === bestScore && Math.abs(at - expected) < Math.abs(best - expected))) {
      best = at
      bestScore = score
    }
  }
  return best
}

/** The occurrence of `needle` nearest `target` (the first of two as near), or -1. */
function nearestOccurrence(index: TextIndex, needle: string, target: number): number {
  let best = -1
  for (const at of index.occurrences(needle)) if (best === -1 || Math.abs(at - target) < Math.abs(best - target)) best = at
  return best
}

interface Span {
  start: number
  end: number
  /** Levenshtein distance between the quote and text[start, end) */
  distance: number
}

/**
 * The quote with some of its words changed. First between its old prefix and suffix, when both
 * are still in the text with a plausible span between them: an edit inside a quote usually
 * leaves its surroundings alone, and they say where it went even when edits elsewhere moved it
 * further than a line number can. Then with bitap, right after the old prefix or right before
 * the old suffix, then further around where the old line puts it. The first span that passes
 * the checks wins: the context is the stronger evidence, and stopping there keeps the wide
 * search for quotes that are really gone.
 */
function findFuzzy(index: TextIndex, exact: string, prefix: string, suffix: string, expected: number, deadline: number): Span | null {
  if (exact.length < MIN_FUZZY_LENGTH) return null
  const { text } = index
  const before = prefix.slice(-MAX_BITS)
  const after = suffix.slice(0, MAX_BITS)
  // The old context closing up over the gap is a deletion, whatever similar text is near.
  if (before.length >= MIN_CONTEXT && after.length >= MIN_CONTEXT && index.occurrences(before + after).length > 0) return null
  const tried: number[] = []
  if (before.length >= MIN_CONTEXT) {
    const at = nearestOccurrence(index, before, expected - before.length)
    if (at !== -1) {
      const start = at + before.length
      const end = contextEdge(text, after, start, start + 2 * exact.length)
      const span = end === -1 ? null : checkedSpan(text, exact, prefix, suffix, start, end, deadline)
      if (span) return span
      tried.push(start)
    }
  }
  if (after.length >= MIN_CONTEXT) {
    const at = nearestOccurrence(index, after, expected + exact.length)
    const hint = Math.max(0, at - exact.length)
    if (at !== -1 && !tried.includes(hint)) tried.push(hint)
  }
  for (const hint of tried) {
    checkDeadline(deadline)
    const span = spanNear(text, exact, prefix, suffix, hint, NEAR, deadline)
    if (span) return span
  }
  checkDeadline(deadline)
  return spanNear(text, exact, prefix, suffix, expected, FAR, deadline)
}

/**
 * The quote's start found by bitap near `hint`, its end near where that puts it, and the span
 * between if it passes the checks. Bitap finds where a piece of the quote starts, but not how
 * much text it now covers, so the span's edges are then settled from what surrounds them.
 */
function spanNear(text: string, exact: string, prefix: string, suffix: string, hint: number, reach: number, deadline: number): Span | null {
  const n = exact.length
  let start = matchNear(text, exact.slice(0, MAX_BITS), hint, reach)
  if (start === -1) return null
  // Off by however much the edit lengthened or shortened the quote: at most MAX_CHANGE of it.
  const tail = exact.slice(-MAX_BITS)
  const tailAt = matchNear(text, tail, start + n - tail.length, Math.min(FAR, Math.max(NEAR, n)))
  if (tailAt === -1) return null
  let end = tailAt + closestExtent(tail, text.slice(tailAt, tailAt + 2 * tail.length))

  // Best evidence for an edge: the old context, still there right next to it.
  const afterPrefix = contextEdge(text, prefix.slice(-MAX_BITS), start - MAX_BITS, start + MAX_BITS, true)
  const beforeSuffix = contextEdge(text, suffix.slice(0, MAX_BITS), end - MAX_BITS, end + MAX_BITS)
  if (afterPrefix !== -1 && afterPrefix < end) start = afterPrefix
  else if (startsWord(exact, prefix)) start = wordStart(text, start)
  if (beforeSuffix !== -1 && beforeSuffix > start) end = beforeSuffix
  else if (endsWord(exact, suffix)) end = wordEnd(text, end)
  return checkedSpan(text, exact, prefix, suffix, start, end, deadline)
}

/** text[start, end) as the quote now, if it is close enough to the quote to be it. */
function checkedSpan(text: string, exact: string, prefix: string, suffix: string, start: number, end: number, deadline: number): Span | null {
  // Never half an emoji.
  if (start > 0 && isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1))) start--
  if (end < text.length && isLow(text.charCodeAt(end)) && isHigh(text.charCodeAt(end - 1))) end++
  const n = exact.length
  const length = end - start
  if (length <= 0 || length < n / 2 || length > n * 2) return null
  const longest = Math.max(n, length)
  // Cheap bound first: the distance is at least the difference in length.
  if (Math.abs(length - n) > MAX_CHANGE * longest) return null
  // The diff stops at the earlier of its own cap (as it always has) and the quote's deadline; one
  // stopped by the deadline is not minimal, so the quote is not placed from it.
  const diffs =
    deadline === NO_DEADLINE
      ? dmp.diff_main(exact, text.slice(start, end), false)
      : dmp.diff_main(exact, text.slice(start, end), false, Math.min(Date.now() + dmp.Diff_Timeout * 1000, deadline))
  checkDeadline(deadline)
  const distance = dmp.diff_levenshtein(diffs)
  if (distance > MAX_CHANGE * longest) return null
  // A span this different is only the quote if it still sits in the quote's context; otherwise
  // it is more likely a similar sentence elsewhere, and the quote itself was deleted.
  if (distance > CHANGE_WITHOUT_CONTEXT * longest && contextScore(text, start, end, prefix, suffix) < Math.min(MIN_CONTEXT, prefix.length + suffix.length)) {
    return null
  }
  return { start, end, distance }
}

/**
 * Where the quote would begin (`isPrefix`: just after `context`) or end (just before it), if
 * `context` is in the text so that this edge falls in [from, to]; the one nearest `from`'s and
 * `to`'s middle, else -1. Short contexts (a space, "| ") are everywhere and say nothing.
 */
function contextEdge(text: string, context: string, from: number, to: number, isPrefix = false): number {
  if (context.length < MIN_CONTEXT) return -1
  const shift = isPrefix ? context.length : 0
  const middle = (from + to) / 2
  // Only the stretch where it may be, so that a context that is gone costs no scan of the text.
  const offset = Math.max(0, from - shift)
  const stretch = text.slice(offset, Math.max(offset, to - shift + context.length))
  let best = -1
  for (let at = stretch.indexOf(context); at !== -1; at = stretch.indexOf(context, at + 1)) {
    const edge = offset + at + shift
    if (edge >= from && edge <= to && (best === -1 || Math.abs(edge - middle) < Math.abs(best - middle))) best = edge
  }
  return best
}

/**
 * How much of `window` (the text from where bitap put `pattern`) the pattern covers: the shortest
 * prefix of the window at the least edit distance from the pattern. Both are at most 32 and 64
 * characters, so the full table is cheap.
 */
function closestExtent(pattern: string, window: string): number {
  const row = Array.from({ length: window.length + 1 }, (_, j) => j)
  for (let i = 1; i <= pattern.length; i++) {
    let diagonal = row[0]!
    row[0] = i
    for (let j = 1; j <= window.length; j++) {
      const above = row[j]!
      row[j] = pattern.charCodeAt(i - 1) === window.charCodeAt(j - 1) ? diagonal : 1 + Math.min(diagonal, above, row[j - 1]!)
      diagonal = above
    }
  }
  let best = 0
  for (let j = 1; j < row.length; j++) if (row[j]! < row[best]!) best = j
  return best
}

const WORD = /[\p{L}\p{N}_]/u
const isWordAt = (text: string, i: number): boolean => i >= 0 && i < text.length && WORD.test(text[i]!)

/** The quote began at a word's start: an edited span should too, not in the middle of the new word. */
const startsWord = (exact: string, prefix: string): boolean => isWordAt(exact, 0) && !isWordAt(prefix, prefix.length - 1)
/** The quote ended at a word's end: an edited span should too. */
const endsWord = (exact: string, suffix: string): boolean => isWordAt(exact, exact.length - 1) && !isWordAt(suffix, 0)

// Bounded: a "word" of thousands of letters is not a word, and the span checks decide the rest.
function wordStart(text: string, start: number): number {
  let at = start
  while (at > start - MAX_BITS && isWordAt(text, at - 1) && isWordAt(text, at)) at--
  return at
}

function wordEnd(text: string, end: number): number {
  let at = end
  while (at < end + MAX_BITS && isWordAt(text, at - 1) && isWordAt(text, at)) at++
  return at
}

/**
 * Bitap (`match_main`) for `pattern` up to `reach` characters from `loc`, given only the slice
 * of text it could accept a match in: bitap allocates an array as long as the text up to `loc`
 * on every error level, and on a 100 KB pitch that, not the search, would be the cost.
 */
function matchNear(text: string, pattern: string, loc: number, reach: number): number {
  // A match `reach` away with no errors is the worst bitap accepts; one with errors must be nearer.
  dmp.Match_Distance = reach / dmp.Match_Threshold
  const at = Math.min(Math.max(loc, 0), text.length)
  const from = Math.max(0, at - reach - pattern.length)
  const to = Math.min(text.length, at + reach + 2 * pattern.length)
  const found = dmp.match_main(text.slice(from, to), pattern, at - from)
  return found === -1 ? -1 : from + found
}
