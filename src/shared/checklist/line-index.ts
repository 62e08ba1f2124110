/**
 * A text's lines and where each starts, as the parse needs them (parse.ts): `lines` is
 * `source.split(/\r\n|\n|\r/)` and `lineStart[i]` the offset of line i.
 *
 * In a lint session (session.ts) a keystroke changes a line or two, yet splitting a pitch of
 * 60 KB and finding its line starts again reads every character, twice, on every key. After an
 * edit the lines are the last update's, with only those around the edit split again: the lines
 * before it are the same strings, and those after it too, their starts moved by the edit's
 * change in length.
 */
import type { TextEdit } from './memo'

export interface LineIndex {
  source: string
  /** `lines[i]` is line i + 1. */
  lines: string[]
  /** Where each line starts in `source`. */
  lineStart: number[]
}

const LINE_BREAK = /\r\n|\n|\r/g

/** The lines of `source` and where they start, read from the whole text. */
export function lineIndex(source: string): LineIndex {
  const lines = source.split(/\r\n|\n|\r/)
  const lineStart: number[] = [0]
  const re = new RegExp(LINE_BREAK)
  let m: RegExpExecArray | null
  while ((m = re.exec(source))) lineStart.push(m.index + m[0].length)
  return { source, lines, lineStart }
}

/**
 * `lineIndex(source)` for the lines around an edit: without a carriage return (most texts) the
 * split by "\n" and `indexOf` find the same lines as the pattern, several times faster on the
 * tens of kilobytes of a pasted image's line, which every keystroke in it splits again.
 */
function lineIndexNear(source: string): LineIndex {
  if (source.includes('\r')) return lineIndex(source)
  const lineStart: number[] = [0]
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) lineStart.push(i + 1)
  return { source, lines: source.split('\n'), lineStart }
}

/** The last line whose start is at or before `offset`. */
function lineAt(lineStart: readonly number[], offset: number): number {
  let lo = 0
  let hi = lineStart.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (lineStart[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  return lo
}

/**
 * The line index of `source`, which is `last.source` with `edit` applied: the lines from the one
 * before the edit's first line to the one after its last are split again (a line break of two
 * characters, `\r\n`, may be joined or cut by the edit at either end, so one line more on each
 * side, whose line breaks the edit does not touch, keeps every other line as it was).
 */
export function editedLineIndex(last: LineIndex, source: string, { from, to, inserted }: TextEdit): LineIndex {
  const delta = inserted - (to - from)
  if (to > last.source.length || last.source.length + delta !== source.length) return lineIndex(source)
  const { lines, lineStart } = last
  const first = Math.max(0, lineAt(lineStart, from) - 1)
  // The first line kept after the edit: two lines past the one holding its end, if there are.
  const after = lineAt(lineStart, to) + 2
  const start = lineStart[first]!
  if (after >= lines.length) {
    const tail = lineIndexNear(source.slice(start))
    return {
      source,
      lines: lines.slice(0, first).concat(tail.lines),
      lineStart: lineStart.slice(0, first).concat(tail.lineStart.map((offset) => offset + start)),
    }
  }
  // Lines `first` .. `after - 1` are cut again from the new text; it ends where line `after` now starts.
  const end = lineStart[after]! + delta
  const middle = lineIndexNear(source.slice(start, end))
  // The middle ends right after a line break: its split's last element is the empty start of line `after`.
  middle.lines.pop()
  middle.lineStart.pop()
  return {
    source,
    lines: lines.slice(0, first).concat(middle.lines, lines.slice(after)),
    lineStart: lineStart.slice(0, first).concat(
      middle.lineStart.map((offset) => offset + start),
      delta === 0 ? lineStart.slice(after) : lineStart.slice(after).map((offset) => offset + delta),
    ),
  }
}
