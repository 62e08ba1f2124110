/**
 * Suggesting mode: what a teammate typed into someone else's pitch, as suggestions. The text in
 * the file and the text on the reviewer's screen are compared word by word (jsdiff's
 * `diffWordsWithSpace`, the engine the review's diffs already use, spaces exact), and each contiguous changed passage
 * becomes one suggestion: the passage as the file has it (a quote with its context, so that it
 * can be found again however the text moves) and what the reviewer wrote instead.
 *
 * Changes separated only by spaces, a line break or one unchanged word of the same line are one
 * passage ("fast and cheap" → "quick and free" is one suggestion, not two), and a pure insertion is anchored to the word before it
 * (or after it, at the start of the pitch): a quote is never empty.
 *
 * Pure, no DOM or Node imports: the renderer calls it, and the unit tests check it directly.
 */
import { diffWordsWithSpace } from 'diff'
import { type TextQuote, quoteAt } from './anchor'
import { MAX_QUOTE_CHARS } from './limits'

export interface PassageSuggestion {
  /** The passage in the file's text: [start, end). */
  start: number
  end: number
  quote: TextQuote
  /** What replaces `quote.exact`. */
  replacement: string
}

export type SuggestionsResult =
  | { ok: true; suggestions: PassageSuggestion[] }
  /** The edit cannot be said as suggestions: too large to diff in time, or a passage longer than a quote may be. */
  | { ok: false; reason: string }

/** Past this many milliseconds the diff gives up: a rewrite of the whole pitch is not a suggestion. */
const DIFF_TIMEOUT_MS = 300

interface Hunk {
  /** In the file's text. */
  from: number
  to: number
  /** In the edited text. */
  editFrom: number
  editTo: number
}

/** A stretch that only separates words: two changes with only this between them are one passage. */
const SEPARATOR = /^[ \t]*\r?\n?[ \t]*$/
/** One unchanged word within a line: "see why a" → "tell why any" reads as one suggestion, not two. */
const ONE_WORD = /^[ \t]*\S+[ \t]*$/
const joins = (unchanged: string): boolean => SEPARATOR.test(unchanged) || ONE_WORD.test(unchanged)

/** The changed passages from `original` (the file) to `edited` (the screen), each as a suggestion. */
export function suggestionsFromEdit(original: string, edited: string): SuggestionsResult {
  if (original === edited) return { ok: true, suggestions: [] }
  // With its spaces as tokens: diffWords matches words across changed spacing and reports an
  // unchanged stretch as the edited text has it, so counting its length in the file's text would
  // drift (a space added after the last word pointed past the end of the file's pitch).
  const changes = diffWordsWithSpace(original, edited, { timeout: DIFF_TIMEOUT_MS })
  if (!changes) return { ok: false, reason: 'The change is too large to turn into suggestions; comment on the draft instead, or switch to Editing.' }

  const hunks: Hunk[] = []
  let at = 0
  let editAt = 0
  let open: Hunk | null = null
  // The unchanged stretch just passed, if it only separated words: a following change joins it.
  let gap = false
  for (const change of changes) {
    const length = change.value.length
    if (!change.added && !change.removed) {
      if (open) {
        gap = joins(change.value)
        if (!gap) {
          hunks.push(open)
          open = null
        }
      }
      at += length
      editAt += length
      continue
    }
    if (open && gap) {
      // The separator between the two changes becomes part of the passage, on both sides.
      open.to = at
      open.editTo = editAt
    } else if (!open) {
      open = { from: at, to: at, editFrom: editAt, editTo: editAt }
    }
    gap = false
    if (change.removed) at += length
    else editAt += length
    open.to = at
    open.editTo = editAt
  }
  if (open) hunks.push(open)

  const suggestions: PassageSuggestion[] = []
  for (const hunk of hunks) {
    const { from, to, editFrom, editTo } = anchored(original, trimmed(original, edited, hunk))
    if (to === from)
      return {
        ok: false,
        reason: 'The pitch in the file is empty, so there is no passage to suggest a change to: ask an author to start it, or switch to Editing.',
      }
    if (to - from > MAX_QUOTE_CHARS) {
      return {
        ok: false,
        reason: `One changed passage is longer than ${MAX_QUOTE_CHARS.toLocaleString('en-US')} characters; suggest it in smaller parts, or switch to Editing.`,
      }
    }
    suggestions.push({ start: from, end: to, quote: quoteAt(original, from, to), replacement: edited.slice(editFrom, editTo) })
  }
  return { ok: true, suggestions }
}

/**
 * Spacing both sides share at a passage's ends is not part of the change: with spaces as tokens
 * the diff may take "cannot " for "can never ", which reads as a change of the space too.
 */
function trimmed(original: string, edited: string, hunk: Hunk): Hunk {
  let { from, to, editFrom, editTo } = hunk
  const space = (char: string | undefined) => char !== undefined && /\s/.test(char)
  while (from < to && editFrom < editTo && original[from] === edited[editFrom] && space(original[from])) {
    from++
    editFrom++
  }
  while (to > from && editTo > editFrom && original[to - 1] === edited[editTo - 1] && space(original[to - 1])) {
    to--
    editTo--
  }
  return { from, to, editFrom, editTo }
}

const WORD_END = /\S+\s*$/
const WORD_START = /^\s*\S+/

/**
 * A pure insertion has nothing to quote: it takes in the word before it (after it, at the very
 * start), which both texts share, so that the suggestion replaces "word" with "word + insertion".
 */
function anchored(original: string, hunk: Hunk): Hunk {
  if (hunk.to > hunk.from) return hunk
  const before = WORD_END.exec(original.slice(Math.max(0, hunk.from - 200), hunk.from))?.[0].length ?? 0
  if (before > 0) return { from: hunk.from - before, to: hunk.to, editFrom: hunk.editFrom - before, editTo: hunk.editTo }
  const after = WORD_START.exec(original.slice(hunk.to, hunk.to + 200))?.[0].length ?? 0
  return { from: hunk.from, to: hunk.to + after, editFrom: hunk.editFrom, editTo: hunk.editTo + after }
}
