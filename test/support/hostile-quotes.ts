/**
 * Review quotes that are expensive to be sure of: 5,000 characters of the pitch with every word
 * written backwards and every digit changed. Such text is not in the pitch, but it has its shape
 * (the same spaces, punctuation, line breaks and table pipes), so that the fuzzy search finds
 * where it might be and compares the two at length (about a tenth of a second a quote on our
 * machines without a budget). What a comment on a long passage that was rewritten since looks
 * like, at its worst.
 */
import type { TextQuote } from '../../src/shared/review'

export const HOSTILE_QUOTE_CHARS = 5_000

/** A hostile quote of the pitch's text from `start` (the pitch must be longer than start + `length`). */
export function hostileQuote(pitch: string, start: number, length = HOSTILE_QUOTE_CHARS): TextQuote {
  if (start < 0 || start + length > pitch.length)
    throw new RangeError(`the pitch (${pitch.length} characters) is too short for a quote of ${length} from ${start}`)
  const exact = pitch
    .slice(start, start + length)
    .replace(/[A-Za-z]{2,}/g, (word) => [...word].reverse().join(''))
    .replace(/\d/g, (digit) => String((Number(digit) + 5) % 10))
  const line = pitch.slice(0, start).split('\n').length
  return { exact, prefix: pitch.slice(Math.max(0, start - 32), start), suffix: pitch.slice(start + length, start + length + 32), line }
}

/** `count` hostile quotes spread over the pitch. */
export function hostileQuotes(pitch: string, count: number, length = HOSTILE_QUOTE_CHARS): TextQuote[] {
  const room = pitch.length - length
  return Array.from({ length: count }, (_, i) => hostileQuote(pitch, Math.floor((i * room) / Math.max(1, count)), length))
}

/** A long pitch made of `text` numbered `times` over (so each copy reads a little differently). */
export function longPitch(text: string, times: number): string {
  return Array.from({ length: times }, (_, i) => text.replace(/^## /gm, `## ${i + 1}. `)).join('\n\n')
}
