/**
 * What a rule reads from one table (its milestones, its budget rows), kept by a lint session
 * (memo.ts) by the table's own text: a keystroke elsewhere reads no table again, and a keystroke
 * in a table reads only that one. The reading is a pure function of the table's source text and
 * the column it starts at (its cells and their layout); only its positions depend on where the
 * table sits, so a kept reading has its lines moved to the table's line in this text.
 */
import type { Table } from 'mdast'
import { memoized } from '../../memo'
import type { PitchDocument } from '../../parse'
import type { Position } from '../../types'

interface Kept<T> {
  readonly value: T
  /** The table's first line when `value` was read. */
  readonly line: number
}

/**
 * `read(table)`, from the session's memo when `doc` has one. `move(value, lines)` gives a copy
 * of the reading with every position `lines` further down: the kept reading is never changed.
 */
export function byTableText<T>(
  doc: Pick<PitchDocument, 'memo' | 'source'> | undefined,
  kind: string,
  table: Table,
  read: () => T,
  move: (value: T, lines: number) => T,
): T {
  const start = table.position?.start
  const end = table.position?.end.offset
  if (!doc?.memo || !start || start.offset === undefined || end === undefined) return read()
  const key = `${start.column}:${doc.source.slice(start.offset, end)}`
  const kept = memoized(doc, kind, key, (): Kept<T> => ({ value: read(), line: start.line }))
  return kept.line === start.line ? move(kept.value, 0) : move(kept.value, start.line - kept.line)
}

/** A position `lines` further down. */
export function movePosition(position: Position, lines: number): Position {
  return { ...position, line: position.line + lines, endLine: position.endLine + lines }
}
