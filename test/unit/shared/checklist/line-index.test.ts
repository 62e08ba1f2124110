/**
 * A lint session's line index after an edit (line-index.ts): only the lines around the edit are
 * split again, and the result must be the new text's lines and line starts read from scratch,
 * whatever the edit does to line breaks (LF, CRLF, a lone CR, a CR typed before an LF or an LF
 * after a CR, which join into one line break). Lines away from the edit are the same strings.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { editedLineIndex, lineIndex } from '../../../../src/shared/checklist/line-index'

const textArb = fc.array(fc.constantFrom('\n', '\r\n', '\r', 'a', 'bc', ' ', 'line of words'), { maxLength: 40 }).map((p) => p.join(''))
const insertArb = fc.array(fc.constantFrom('\n', '\r', '\r\n', 'x', ' '), { maxLength: 4 }).map((p) => p.join(''))

describe('editedLineIndex', () => {
  it('gives the lines and line starts of the edited text, as split from scratch', () => {
    fc.assert(
      fc.property(textArb, fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(4), insertArb), { maxLength: 8 }), (start, edits) => {
        let index = lineIndex(start)
        for (const [at, remove, insert] of edits) {
          const text = index.source
          const from = Math.floor(at * text.length)
          const to = Math.min(text.length, from + remove)
          const next = text.slice(0, from) + insert + text.slice(to)
          index = editedLineIndex(index, next, { from, to, inserted: insert.length })
          expect(index).toEqual(lineIndex(next))
          expect(index.lines).toEqual(next.split(/\r\n|\n|\r/))
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('keeps the strings of the lines away from the edit, and moves the starts after it', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i} ${'w'.repeat(i)}`)
    const last = lineIndex(lines.join('\n'))
    const from = last.lineStart[20]! + 8
    const next = last.source.slice(0, from) + 'typed' + last.source.slice(from)
    const index = editedLineIndex(last, next, { from, to: from, inserted: 5 })
    expect(index).toEqual(lineIndex(next))
    expect(index.lines[20]).toBe('line 20 typed' + 'w'.repeat(20))
    // The very strings of the last index, before and after the edit's lines.
    for (const i of [0, 10, 18, 23, 49]) expect(index.lines[i]).toBe(last.lines[i])
    expect(index.lineStart[30]).toBe(last.lineStart[30]! + 5)
  })

  it('splits from scratch when the edit does not turn the last text into the new one', () => {
    const last = lineIndex('a\nb\nc')
    expect(editedLineIndex(last, 'a\nb', { from: 0, to: 0, inserted: 1 })).toEqual(lineIndex('a\nb'))
  })
})
