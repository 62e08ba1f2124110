/**
 * The marks' arithmetic: a finding's line and column as offsets (and which findings have a
 * place at all), the text cut into pieces under the marks, marks moved by an edit, and the
 * next mark for F8. Checked against what the text itself says at those offsets.
 */
import { describe, expect, it } from 'vitest'
import type { Finding } from '../../../../src/shared/checklist'
import {
  type PitchMark,
  findingMarks,
  findingSpan,
  lineStarts,
  markSegments,
  marksAt,
  nextMark,
  shiftMarks,
  textEdit,
} from '../../../../src/renderer/src/lib/pitchMarks'

const TEXT = '# Title\n\n## Problem\n\nWallet developers cannot see why.\n'

function finding(over: Partial<Finding>): Finding {
  return {
    ruleId: 'problem-quantified',
    severity: 'warning',
    message: 'Not quantified',
    hint: 'Add a number',
    line: 3,
    column: 1,
    endLine: 3,
    endColumn: 11,
    section: 'Problem',
    ...over,
  }
}

function mark(id: string, from: number, to: number, kind: PitchMark['kind'] = 'thread'): PitchMark {
  return { id, kind, from, to, tag: 'Comment', title: id, detail: '' }
}

describe('findingSpan', () => {
  it('turns a line and column range into the offsets of that text', () => {
    const span = findingSpan(finding({}), TEXT, lineStarts(TEXT))!
    expect(TEXT.slice(span.from, span.to)).toBe('## Problem')
  })

  it('marks the rest of the line for a point, without its leading blanks', () => {
    const text = 'a\n   indented words\n'
    const span = findingSpan(finding({ line: 2, column: 1, endLine: 2, endColumn: 1 }), text, lineStarts(text))!
    expect(text.slice(span.from, span.to)).toBe('indented words')
  })

  it('leaves out a field’s finding, one about the pitch as a whole, a missing part, the review’s own, and a line past the end', () => {
    const starts = lineStarts(TEXT)
    expect(findingSpan(finding({ field: 'repo' }), TEXT, starts)).toBeNull()
    expect(findingSpan(finding({ section: undefined }), TEXT, starts)).toBeNull()
    expect(findingSpan(finding({ missing: 'budget' }), TEXT, starts)).toBeNull()
    expect(findingSpan(finding({ ruleId: 'review-open-threads' }), TEXT, starts)).toBeNull()
    expect(findingSpan(finding({ line: 40, endLine: 40 }), TEXT, starts)).toBeNull()
  })

  it('gives each placed finding one mark, named in words', () => {
    const marks = findingMarks(
      {
        findings: [finding({}), finding({}), finding({ severity: 'error', line: 5, endLine: 5, endColumn: 7 })],
        summary: { error: 1, warning: 2, info: 0 },
      } as never,
      TEXT,
    )
    expect(marks.map((m) => [m.tag, TEXT.slice(m.from, m.to)])).toEqual([
      ['Improve', '## Problem'],
      ['Must fix', 'Wallet'],
    ])
    expect(findingMarks(null, TEXT)).toEqual([])
  })
})

describe('markSegments', () => {
  it('cuts the text where marks start and end, overlapping marks on the pieces they share', () => {
    const a = mark('a', 2, 8)
    const b = mark('b', 5, 10, 'error')
    const pieces = markSegments(12, [a, b]).map((piece) => [piece.from, piece.to, piece.marks.map((m) => m.id).join('+')])
    expect(pieces).toEqual([
      [0, 2, ''],
      [2, 5, 'a'],
      [5, 8, 'a+b'],
      [8, 10, 'b'],
      [10, 12, ''],
    ])
  })

  it('clips marks outside the text and drops empty ones', () => {
    expect(markSegments(5, [mark('a', 3, 9), mark('b', 7, 9), mark('c', 2, 2)]).map((p) => [p.from, p.to, p.marks.length])).toEqual([
      [0, 3, 0],
      [3, 5, 1],
    ])
  })
})

describe('shiftMarks and textEdit', () => {
  // A random edit anywhere: each surviving mark still covers the same characters it covered (grown by what was typed inside it).
  it('keeps every mark over its own words through edits before, inside, after and across it', () => {
    const before = 'alpha beta gamma delta'
    const marks = [mark('beta', 6, 10), mark('delta', 17, 22)]
    const cases: [string, Record<string, string | undefined>][] = [
      ['XX alpha beta gamma delta', { beta: 'beta', delta: 'delta' }],
      ['alpha beta gamma delta!', { beta: 'beta', delta: 'delta' }],
      ['alpha beXXta gamma delta', { beta: 'beXXta', delta: 'delta' }],
      ['alpha gamma delta', { beta: undefined, delta: 'delta' }],
      ['alpha betX delta', { beta: 'bet', delta: 'delta' }],
    ]
    for (const [after, expected] of cases) {
      const edit = textEdit(before, after)!
      const moved = shiftMarks(marks, edit.from, edit.oldTo, edit.newTo)
      const seen = Object.fromEntries(moved.map((m) => [m.id, after.slice(m.from, m.to)]))
      expect({ after, seen }).toEqual({ after, seen: Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined)) })
    }
    expect(textEdit('same', 'same')).toBeNull()
  })
})

describe('nextMark and marksAt', () => {
  const marks = [mark('c', 30, 35), mark('a', 2, 5), mark('b', 10, 20), mark('inner', 12, 14)]
  it('walks the marks in text order and wraps around', () => {
    expect(nextMark(marks, 0, 1)!.id).toBe('a')
    expect(nextMark(marks, 2, 1)!.id).toBe('b')
    expect(nextMark(marks, 30, 1)!.id).toBe('a')
    expect(nextMark(marks, 10, -1)!.id).toBe('a')
    expect(nextMark(marks, 0, -1)!.id).toBe('c')
    expect(nextMark([], 0, 1)).toBeNull()
  })
  it('finds the marks under a caret, the innermost first', () => {
    expect(marksAt(marks, 13).map((m) => m.id)).toEqual(['inner', 'b'])
    expect(marksAt(marks, 20)).toEqual([])
  })
})
