/**
 * The marks in the pitch's text: an open thread's passage (highlighted) and a checklist
 * finding's span (underlined in its severity's colour), as offsets in one text. Pure: the
 * backdrop (marksBackdrop.ts) draws them, the popover says what they are.
 */
import { severityTag, type Finding, type LintResult, type Severity } from '../../../shared/checklist'

export type MarkKind = 'thread' | Severity

export interface PitchMark {
  /** Stable across pauses: `thread:<id>` or `finding:<rule>:<line>:<column>`. */
  id: string
  kind: MarkKind
  /** [from, to) in the text the marks were made for. */
  from: number
  to: number
  /** What the popover says in words (the severity is never only a colour): "Comment", "Must fix"… */
  tag: string
  /** Who and what: the comment's author and first line, or the finding's message. */
  title: string
  detail: string
}

/** The marks and the text they were placed in: offsets mean nothing in another text. */
export interface MarkSet {
  text: string
  marks: readonly PitchMark[]
}

export const NO_MARKS: MarkSet = { text: '', marks: [] }

/** The offset of each line's first character (line 1 at index 0). */
export function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return starts
}

/**
 * Whether a finding is about a passage of the pitch: it sits in a section (the checklist lists
 * the others under "The pitch as a whole", at a nominal line 1, and marking the title for them
 * would point at the wrong place), is not about a field, and is not the review's own reminder
 * of an open thread (the thread's passage is highlighted already).
 */
export function isPlacedFinding(finding: Finding): boolean {
  return finding.field === undefined && finding.missing === undefined && finding.section !== undefined && !finding.ruleId.startsWith('review-')
}

/**
 * A finding's span as offsets, or null when it has none in the pitch (see isPlacedFinding) or
 * its position is outside the text (the text changed since the checklist ran). An empty span (a point) marks the rest of its line, so
 * that there is something to see and to point at.
 */
export function findingSpan(finding: Finding, text: string, starts: readonly number[]): { from: number; to: number } | null {
  if (!isPlacedFinding(finding)) return null
  const lineStart = starts[finding.line - 1]
  const endLineStart = starts[finding.endLine - 1]
  if (lineStart === undefined || endLineStart === undefined) return null
  const lineEnd = (line: number) => {
    const next = starts[line]
    return next === undefined ? text.length : next - 1
  }
  const from = Math.min(lineStart + Math.max(0, finding.column - 1), lineEnd(finding.line))
  let to = Math.min(endLineStart + Math.max(0, finding.endColumn - 1), lineEnd(finding.endLine))
  if (to <= from) to = lineEnd(finding.line)
  // Leading blanks of a line are not part of what the finding is about.
  let start = from
  while (start < to && (text[start] === ' ' || text[start] === '\t')) start++
  return to > start ? { from: start, to } : null
}

/** Every finding of the checklist that has a place in the pitch, as a mark. */
export function findingMarks(result: LintResult | null, text: string): PitchMark[] {
  if (!result) return []
  const starts = lineStarts(text)
  const marks: PitchMark[] = []
  const seen = new Set<string>()
  for (const finding of result.findings) {
    const span = findingSpan(finding, text, starts)
    if (!span) continue
    const id = findingMarkId(finding)
    if (seen.has(id)) continue
    seen.add(id)
    marks.push({ id, kind: finding.severity, ...span, tag: severityTag(finding.severity), title: finding.message, detail: finding.hint })
  }
  return marks
}

/** The same key the checklist's button carries (`data-finding`), so a mark finds its finding. */
export function findingMarkId(finding: Pick<Finding, 'ruleId' | 'line' | 'column'>): string {
  return `finding:${finding.ruleId}:${finding.line}:${finding.column}`
}

export interface MarkSegment {
  from: number
  to: number
  /** The marks covering this piece of text; empty for plain text. */
  marks: readonly PitchMark[]
}

/**
 * The text cut where any mark starts or ends: each piece with the marks over it. Marks may
 * overlap (a comment on a sentence with a finding inside it); out-of-range marks are clipped.
 */
export function markSegments(length: number, marks: readonly PitchMark[]): MarkSegment[] {
  const valid = marks.filter((mark) => mark.from < mark.to && mark.from < length && mark.to > 0)
  const cuts = new Set<number>([0, length])
  for (const mark of valid) {
    cuts.add(Math.max(0, mark.from))
    cuts.add(Math.min(length, mark.to))
  }
  const points = [...cuts].sort((a, b) => a - b)
  const segments: MarkSegment[] = []
  for (let i = 0; i + 1 < points.length; i++) {
    const from = points[i]!
    const to = points[i + 1]!
    const over = valid.filter((mark) => mark.from <= from && mark.to >= to)
    const last = segments[segments.length - 1]
    // Adjacent plain pieces are one piece.
    if (over.length === 0 && last && last.marks.length === 0) last.to = to
    else segments.push({ from, to, marks: over })
  }
  return segments
}

/**
 * The marks after an edit that replaced [from, oldTo) with text ending at newTo: a mark before
 * the edit stays, one after it moves by the change in length, one the edit falls inside grows
 * or shrinks with it, and one the edit swallowed whole is dropped.
 */
export function shiftMarks(marks: readonly PitchMark[], from: number, oldTo: number, newTo: number): PitchMark[] {
  const delta = newTo - oldTo
  const out: PitchMark[] = []
  for (const mark of marks) {
    if (mark.to <= from) out.push(mark)
    else if (mark.from >= oldTo) out.push({ ...mark, from: mark.from + delta, to: mark.to + delta })
    else if (mark.from <= from && mark.to >= oldTo) {
      // Typing at a mark's end extends it only when the edit is inside (Google Docs' rule too).
      const to = mark.to === from ? mark.to : mark.to + delta
      if (to > mark.from) out.push({ ...mark, to })
    } else {
      const start = mark.from < from ? mark.from : newTo
      const end = mark.to > oldTo ? mark.to + delta : from
      if (end > start) out.push({ ...mark, from: start, to: end })
    }
  }
  return out
}

/**
 * What changed between two texts: one replaced range (the common prefix and suffix kept).
 * `hint`: where a keystroke's edit is believed to start, and how much text after it is
 * untouched (from the caret); checked with native string comparison before it is trusted, so
 * a keystroke in a long text costs a comparison of two slices, not a loop over every character.
 */
export function textEdit(before: string, after: string, hint?: { from: number; tail: number }): { from: number; oldTo: number; newTo: number } | null {
  if (before === after) return null
  const max = Math.min(before.length, after.length)
  let from = 0
  if (hint && hint.from > 0 && hint.from <= max && before.slice(0, hint.from) === after.slice(0, hint.from)) from = hint.from
  while (from < max && before.charCodeAt(from) === after.charCodeAt(from)) from++
  let tail = 0
  if (hint && hint.tail > 0 && hint.tail <= max - from && before.endsWith(after.slice(after.length - hint.tail))) tail = hint.tail
  while (tail < max - from && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++
  return { from, oldTo: before.length - tail, newTo: after.length - tail }
}

/** A keystroke as its `beforeinput` saw it: what it does, what it inserts, and the selection (in the text before it) it acts on. */
export interface Keystroke {
  inputType: string
  data: string | null
  start: number
  end: number
}

const INSERTS: Record<string, string | null> = { insertText: null, insertLineBreak: '\n', insertParagraph: '\n' }
const DELETES_BACKWARD = new Set(['deleteContentBackward', 'deleteWordBackward'])
const DELETES_FORWARD = new Set(['deleteContentForward', 'deleteWordForward'])

/**
 * The edit one keystroke made, read from the keystroke instead of from the texts: typing,
 * Enter, Backspace and Delete act on the selection they were given, so the edit's place is
 * known without comparing a long pitch's two versions (textEdit's slices cost a fifth of a
 * millisecond per key at 100,000 characters, bench/editor-typing.bench.ts). It is trusted only
 * when the lengths add up (and the inserted text is where it should be); `undefined` for any
 * other keystroke (a paste, an undo, a toolbar command), which textEdit then works out.
 */
export function keystrokeEdit(before: string, after: string, key: Keystroke): { from: number; oldTo: number; newTo: number } | undefined {
  const { start, end } = key
  if (start < 0 || end < start || end > before.length) return undefined
  const removed = before.length - after.length
  if (key.inputType in INSERTS) {
    const data = INSERTS[key.inputType] ?? key.data ?? ''
    if (after.length !== before.length - (end - start) + data.length || !after.startsWith(data, start)) return undefined
    return { from: start, oldTo: end, newTo: start + data.length }
  }
  if (removed <= 0) return undefined
  if (start !== end)
    return removed === end - start && (DELETES_BACKWARD.has(key.inputType) || DELETES_FORWARD.has(key.inputType))
      ? { from: start, oldTo: end, newTo: start }
      : undefined
  if (DELETES_BACKWARD.has(key.inputType) && removed <= start) return { from: start - removed, oldTo: start, newTo: start - removed }
  if (DELETES_FORWARD.has(key.inputType) && start + removed <= before.length) return { from: start, oldTo: start + removed, newTo: start }
  return undefined
}

/** The mark after (or before) an offset, wrapping around; the marks sorted by where they start. */
export function nextMark(marks: readonly PitchMark[], offset: number, direction: 1 | -1): PitchMark | null {
  if (marks.length === 0) return null
  const sorted = [...marks].sort((a, b) => a.from - b.from || a.to - b.to)
  if (direction === 1) return sorted.find((mark) => mark.from > offset) ?? sorted[0]!
  for (let i = sorted.length - 1; i >= 0; i--) if (sorted[i]!.from < offset) return sorted[i]!
  return sorted[sorted.length - 1]!
}

/** The marks under an offset (a caret), innermost (shortest) first. */
export function marksAt(marks: readonly PitchMark[], offset: number): PitchMark[] {
  return marks.filter((mark) => mark.from <= offset && offset < mark.to).sort((a, b) => a.to - a.from - (b.to - b.from))
}
