/** Taking the applicant from a checklist finding or a review thread to the text of the pitch it is about. */

/** The id of the pitch editor's textarea, which the checklist, the review and the submit dialog select text in. */
export const PITCH_EDITOR_ID = 'pitch-editor'

/**
 * Character offsets of the start of `line` and the end of `endLine` (1-based, inclusive; the
 * line break itself, `\n` or `\r\n`, is not part of the range). Lines past the end of the
 * text are clamped to its last line.
 */
export function lineRange(text: string, line: number, endLine: number = line): [number, number] {
  const starts = [0]
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1)
  const last = starts.length
  const first = clamp(Math.floor(line), 1, last)
  const end = clamp(Math.floor(endLine), first, last)
  const start = starts[first - 1]!
  let stop = end < last ? starts[end]! - 1 : text.length
  if (stop > start && text[stop - 1] === '\r') stop -= 1
  return [start, stop]
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min
}

/** Fallback when the computed style gives no number ("normal"): the editor's own 18px. */
const DEFAULT_LINE_HEIGHT = 18

/**
 * Selects the lines in the editor's textarea, focuses it and scrolls them into view. Does
 * nothing when there is no editable textarea (a submitted draft shows only the preview).
 */
export function selectLinesInEditor(textareaId: string, line: number, endLine: number): void {
  const textarea = document.getElementById(textareaId)
  if (!(textarea instanceof HTMLTextAreaElement) || textarea.readOnly || textarea.disabled) return
  // The textarea's value, not the pitch: it has its line breaks normalized to \n.
  const [start, end] = lineRange(textarea.value, line, endLine)
  textarea.focus()
  textarea.setSelectionRange(start, end)
  scrollToLine(textarea, line)
}

function scrollToLine(textarea: HTMLTextAreaElement, line: number): void {
  const lineHeight = Number.parseFloat(getComputedStyle(textarea).lineHeight) || DEFAULT_LINE_HEIGHT
  // Wrapped lines make this approximate; a third of the way down keeps some context above.
  textarea.scrollTop = Math.max(0, (line - 1) * lineHeight - textarea.clientHeight / 3)
}

/** The editor's textarea when it can be edited: none for a submitted draft (only the preview). */
export function editableTextarea(textareaId: string): HTMLTextAreaElement | null {
  const textarea = document.getElementById(textareaId)
  return textarea instanceof HTMLTextAreaElement && !textarea.readOnly && !textarea.disabled ? textarea : null
}

/**
 * A textarea's value has its line breaks normalized to \n: an offset in `text` (which may have
 * \r\n) as an offset in that value. The same number when `text` has no \r\n.
 */
export function toValueOffset(text: string, offset: number): number {
  if (!text.includes('\r\n')) return offset
  let shift = 0
  for (let at = text.indexOf('\r\n'); at !== -1 && at < offset - 1; at = text.indexOf('\r\n', at + 2)) shift += 1
  return offset - shift
}

/** The reverse of toValueOffset: an offset in the textarea's value as an offset in `text`. */
export function fromValueOffset(text: string, offset: number): number {
  if (!text.includes('\r\n')) return offset
  let extra = 0
  for (let at = text.indexOf('\r\n'); at !== -1 && at - extra < offset; at = text.indexOf('\r\n', at + 2)) extra += 1
  return offset + extra
}

/**
 * Selects text[start, end) in the editor's textarea (offsets in `text`, the pitch as the store
 * holds it), focuses it and scrolls the selection into view. False when there is no editable
 * textarea.
 */
export function selectRangeInEditor(textareaId: string, text: string, start: number, end: number): boolean {
  const textarea = editableTextarea(textareaId)
  if (!textarea) return false
  const from = toValueOffset(text, start)
  const to = toValueOffset(text, end)
  textarea.focus()
  textarea.setSelectionRange(from, to)
  let line = 1
  for (let at = textarea.value.indexOf('\n'); at !== -1 && at < from; at = textarea.value.indexOf('\n', at + 1)) line += 1
  scrollToLine(textarea, line)
  return true
}
