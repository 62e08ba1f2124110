/**
 * What the person selected to comment on: a range of the pitch, from the editor's textarea or
 * from its rendered preview, or of a field's value. Turned into the anchor a thread is saved
 * with (a text quote; see shared/review/anchor.ts).
 */
import { quoteAt, type Anchor, MAX_QUOTE_CHARS } from '../../../shared/review'
import { fromValueOffset } from './selectLines'

export { MAX_QUOTE_CHARS }

export type Picked = { ok: true; start: number; end: number } | { ok: false; reason: string }

export const NOTHING_SELECTED = 'Select text in the pitch first, then choose Comment (Ctrl+Alt+M).'
export const NOT_IN_PITCH = 'Select the text in the editor to comment on it: that passage of the preview could not be found in the pitch as written.'
export const TOO_LONG = `That selection is too long to quote (${MAX_QUOTE_CHARS.toLocaleString('en-US')} characters at most). Select less, or comment on the whole draft.`

/** The range without the white space at either end; null when nothing but white space is left. */
export function trimRange(text: string, start: number, end: number): { start: number; end: number } | null {
  let from = start
  let to = end
  while (from < to && /\s/.test(text[from]!)) from += 1
  while (to > from && /\s/.test(text[to - 1]!)) to -= 1
  return from < to ? { start: from, end: to } : null
}

function checked(text: string, start: number, end: number): Picked | null {
  const range = trimRange(text, start, end)
  if (!range) return null
  if (range.end - range.start > MAX_QUOTE_CHARS) return { ok: false, reason: TOO_LONG }
  return { ok: true, ...range }
}

/** The textarea's selection as a range of `pitch`; null when nothing is selected in it. */
export function textareaSelection(textarea: HTMLTextAreaElement | null, pitch: string): Picked | null {
  if (!textarea || textarea.selectionStart === textarea.selectionEnd) return null
  const start = fromValueOffset(pitch, Math.min(textarea.selectionStart, textarea.selectionEnd))
  const end = fromValueOffset(pitch, Math.max(textarea.selectionStart, textarea.selectionEnd))
  return checked(pitch, start, end)
}

/**
 * Text selected in the rendered preview, found in the pitch. The preview shows the Markdown
 * rendered (no `**`, no `#`), so the selected words are looked for verbatim in the pitch; where
 * they occur more than once, the occurrence nearest the selection's place in the preview (as a
 * share of the preview's length) is taken. Null when nothing in `preview` is selected.
 */
export function previewSelection(preview: Element | null, selection: Selection | null, pitch: string): Picked | null {
  if (!preview || !selection || selection.rangeCount === 0 || selection.isCollapsed) return null
  const range = selection.getRangeAt(0)
  if (!preview.contains(range.commonAncestorContainer)) return null
  const selected = selection.toString()
  const trimmed = selected.trim()
  if (!trimmed) return null
  if (trimmed.length > MAX_QUOTE_CHARS) return { ok: false, reason: TOO_LONG }
  const before = preview.ownerDocument.createRange()
  before.selectNodeContents(preview)
  before.setEnd(range.startContainer, range.startOffset)
  const total = preview.textContent?.length ?? 0
  const share = total > 0 ? before.toString().length / total : 0
  const at = nearestOccurrence(pitch, trimmed, share * pitch.length)
  if (at === -1) return { ok: false, reason: NOT_IN_PITCH }
  return { ok: true, start: at, end: at + trimmed.length }
}

/** Start of the occurrence of `needle` in `text` nearest `target`, or -1. */
export function nearestOccurrence(text: string, needle: string, target: number): number {
  let best = -1
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    if (best === -1 || Math.abs(at - target) < Math.abs(best - target)) best = at
    else if (at > target) break
  }
  return best
}

/** The selection of a field's control (inputs that have one: text and textarea; a select or a url field has none). */
export function controlSelection(control: Element | null, value: string): { start: number; end: number } | null {
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return null
  let start: number | null
  let end: number | null
  try {
    start = control.selectionStart
    end = control.selectionEnd
  } catch {
    return null
  }
  if (start === null || end === null || start === end) return null
  return trimRange(value, Math.min(start, end), Math.max(start, end))
}

export function pitchAnchor(pitch: string, start: number, end: number): Extract<Anchor, { target: 'pitch' }> {
  return { target: 'pitch', quote: quoteAt(pitch, start, end) }
}

/** A thread on a field: on the selected part of its value, or on the field as a whole. */
export function fieldAnchor(field: string, value: string, range: { start: number; end: number } | null): Extract<Anchor, { target: 'field' }> {
  if (!range || range.end - range.start > MAX_QUOTE_CHARS) return { target: 'field', field, quote: null }
  return { target: 'field', field, quote: quoteAt(value, range.start, range.end) }
}
