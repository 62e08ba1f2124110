// @vitest-environment jsdom
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
  type Keystroke,
  keystrokeEdit,
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

describe('keystrokeEdit', () => {
  /** What the browser does with a keystroke on `text` (Backspace and Delete remove `width` code units at a caret: a surrogate pair is two). */
  function press(text: string, key: Keystroke, width = 1): string {
    const { start, end } = key
    if (key.inputType === 'insertText') return text.slice(0, start) + (key.data ?? '') + text.slice(end)
    if (key.inputType === 'insertLineBreak') return `${text.slice(0, start)}\n${text.slice(end)}`
    if (start !== end) return text.slice(0, start) + text.slice(end)
    return key.inputType === 'deleteContentBackward' ? text.slice(0, start - width) + text.slice(start) : text.slice(0, start) + text.slice(start + width)
  }

  // Random keystrokes at random places of a text with repeated letters (where a comparison of
  // the texts could place an edit differently): the edit read from the keystroke rebuilds the
  // new text from the old one, as textEdit's does.
  it('gives an edit that turns the text before into the text after, for typing, Enter, Backspace and Delete', () => {
    let seed = 7
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const types = ['insertText', 'insertLineBreak', 'deleteContentBackward', 'deleteContentForward'] as const
    let text = 'aaa bbb aaa\n\nbbb 😀 aaa'
    for (let i = 0; i < 400; i++) {
      const a = random(text.length + 1)
      const b = random(4) === 0 ? random(text.length + 1) : a
      const key: Keystroke = { inputType: types[random(types.length)]!, data: random(2) ? 'a' : 'ab', start: Math.min(a, b), end: Math.max(a, b) }
      const width = text.codePointAt(key.inputType === 'deleteContentBackward' ? key.start - 2 : key.start)! > 0xffff ? 2 : 1
      if (key.start === key.end && key.inputType === 'deleteContentBackward' && key.start < width) continue
      if (key.start === key.end && key.inputType === 'deleteContentForward' && key.start + width > text.length) continue
      const after = press(text, key, width)
      const edit = keystrokeEdit(text, after, key)
      expect(edit, JSON.stringify({ text, key })).toBeDefined()
      const { from, oldTo, newTo } = edit!
      expect(text.slice(0, from) + after.slice(from, newTo) + text.slice(oldTo)).toBe(after)
      expect(after.length - newTo).toBe(text.length - oldTo)
      text = after.length > 0 ? after : 'aaa'
    }
  })

  it('leaves other changes to a comparison of the texts: a paste, an undo, a keystroke that does not match the change', () => {
    const before = 'alpha beta'
    expect(keystrokeEdit(before, 'alpha XYZbeta', { inputType: 'insertFromPaste', data: null, start: 6, end: 6 })).toBeUndefined()
    expect(keystrokeEdit(before, 'alpha', { inputType: 'historyUndo', data: null, start: 10, end: 10 })).toBeUndefined()
    // A keystroke announced for one place while the text changed elsewhere (a toolbar command after a cancelled key).
    expect(keystrokeEdit(before, 'Xalpha beta', { inputType: 'insertText', data: 'Y', start: 0, end: 0 })).toBeUndefined()
    expect(keystrokeEdit(before, 'alpha bet', { inputType: 'deleteContentBackward', data: null, start: 6, end: 8 })).toBeUndefined()
    expect(keystrokeEdit(before, 'alpha beta!', { inputType: 'deleteContentForward', data: null, start: 3, end: 3 })).toBeUndefined()
    expect(keystrokeEdit(before, 'alpha betaX', { inputType: 'insertText', data: 'X', start: 11, end: 11 })).toBeUndefined()
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
