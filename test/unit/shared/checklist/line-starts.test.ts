/**
 * Patterns anchored at line starts, tried only there (line-starts.ts): the same matches, in the
 * same order, as the engine trying every character, on texts with every kind of line break; and
 * patterns that are not so anchored (a top-level `|`, no `^`, no m flag) are run as they are.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { matchesAtLineStarts, testAtLineStarts } from '../../../../src/shared/checklist/line-starts'

const textArb = fc
  .array(fc.constantFrom('\n', '\r\n', '\r', '\u2028', '\u2029', '- ', 'Milestone 1', 'Duration: 4 weeks', ' ', 'x', '|', '| a |'), { maxLength: 30 })
  .map((p) => p.join(''))

const PATTERNS = [
  /^[ \t>*+-]*(?:milestone|phase)[ \t]*#?\d{1,2}\b/im,
  /^[ \t>*+-]*(?:duration|time ?frame)[ \t]*:[ \t]*([^\n]{1,120})$/gim,
  /^(?=[ \t>|:-]*-)(?=[ \t>|:-]*[|:])[ \t>|:-]+$/m,
  /^\s*$/gm,
  /^(?:a|b)|x/gm, // a top-level alternation: not anchored
  /x$/gm, // no ^
  /^Milestone/gi, // no m flag: only the text's start
]

describe('line-start patterns', () => {
  it('test and match as the pattern does at every character', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        for (const pattern of PATTERNS) {
          if (pattern.global) {
            const expected = [...text.matchAll(pattern)].map((m) => [m.index, m[0], m[1]])
            expect([...matchesAtLineStarts(text, pattern)].map((m) => [m.index, m[0], m[1]])).toEqual(expected)
            expect(testAtLineStarts(text, new RegExp(pattern.source, pattern.flags.replace('g', '')))).toBe(expected.length > 0)
          } else expect(testAtLineStarts(text, pattern)).toBe(pattern.test(text))
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('refuses a pattern of the wrong kind', () => {
    expect(() => testAtLineStarts('a', /a/g)).toThrow(/without the g or y flag/)
    expect(() => [...matchesAtLineStarts('a', /a/)]).toThrow(/with the g flag/)
  })
})
