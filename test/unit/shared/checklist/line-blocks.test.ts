/**
 * The blocks a lint session cuts a text into (line-blocks.ts): after an edit the session reuses
 * the blocks before and after it (`recut`), and those must be exactly the blocks of the new text
 * cut from scratch, whatever the edit does to blank lines (makes one, removes one, joins two,
 * types at a block's first or last character). Then the scans read block by block must give the
 * whole text's answer.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anyLineMatches, firstInBlocks, textBlocks } from '../../../../src/shared/checklist/line-blocks'
import { TextMemo } from '../../../../src/shared/checklist/memo'
import { parsePitch } from '../../../../src/shared/checklist/parse'

/** Texts made of what decides a cut: line breaks (LF, CRLF, CR), blank-looking whitespace, and words. */
const textArb = fc.array(fc.constantFrom('\n', '\n\n', '\r\n', '\r', ' ', '\t', 'a', 'Milestone 1', '- M2', '\n \n'), { maxLength: 40 }).map((p) => p.join(''))
const insertArb = fc.array(fc.constantFrom('\n', '\n\n', '\r', ' ', 'b', '\n\t\n'), { maxLength: 4 }).map((p) => p.join(''))

/** The blocks of `text` cut from scratch (outside a session). */
function fresh(text: string) {
  return textBlocks(parsePitch(text), text).map(({ offset, text: t }) => ({ offset, text: t }))
}

describe('textBlocks in a lint session', () => {
  it('cuts the same blocks after any edit, reused around it, as from scratch', () => {
    fc.assert(
      fc.property(textArb, fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(5), insertArb), { maxLength: 8 }), (start, edits) => {
        const memo = new TextMemo()
        let text = start
        memo.nextUpdate()
        const first = parsePitch(text)
        first.memo = memo
        expect(textBlocks(first, text).map(({ offset, text: t }) => ({ offset, text: t }))).toEqual(fresh(text))
        for (const [at, remove, insert] of edits) {
          const from = Math.floor(at * text.length)
          const to = Math.min(text.length, from + remove)
          text = text.slice(0, from) + insert + text.slice(to)
          memo.nextUpdate({ from, to, inserted: insert.length })
          const doc = parsePitch(text)
          doc.memo = memo
          const blocks = textBlocks(doc, text)
          expect(blocks.map(({ offset, text: t }) => ({ offset, text: t }))).toEqual(fresh(text))
          expect(blocks.map((b) => b.text).join('')).toBe(text)
        }
      }),
      { numRuns: 400 },
    )
  })

  it('ignores a remembered edit that does not lead from the last text to this one, and cuts afresh', () => {
    const memo = new TextMemo()
    memo.nextUpdate()
    const a = parsePitch('one\n\ntwo\n\nthree')
    a.memo = memo
    textBlocks(a, a.source)
    // The edit claims one character typed at 0, but the text changed elsewhere.
    memo.nextUpdate({ from: 0, to: 0, inserted: 1 })
    const b = parsePitch('one\n\ntwo\n\nthreeX')
    b.memo = memo
    expect(textBlocks(b, b.source).map((x) => x.text)).toEqual(['one\n\n', 'two\n\n', 'threeX'])
  })

  it('scans block by block as the whole text is scanned, in and out of a session', () => {
    const text = 'Intro\n\n- Milestone 2: SDK\n\nDuration: 3 months\n\n| Phase | Cost |\n'
    const plain = parsePitch(text)
    const inSession = parsePitch(text)
    const memo = new TextMemo()
    memo.nextUpdate()
    inSession.memo = memo
    const list = /^[ \t]*-[ \t]+milestone \d/im
    const absent = /^#{7}/m
    for (const doc of [plain, inSession]) {
      expect(anyLineMatches(doc, text, 'list', list)).toBe(true)
      expect(anyLineMatches(doc, text, 'absent', absent)).toBe(false)
      // The first match's index in the whole text, from the block that holds it.
      const firstIndex = firstInBlocks(
        doc,
        text,
        'duration-index',
        (t) => /^Duration:/m.exec(t)?.index ?? null,
        (index, offset) => index + offset,
      )
      expect(firstIndex).toBe(text.indexOf('Duration:'))
    }
    expect(() => anyLineMatches(plain, text, 'global', /a/g)).toThrow(/without the g or y flag/)
  })
})
