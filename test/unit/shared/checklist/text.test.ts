import { describe, expect, it } from 'vitest'
import { sentences } from '../../../../src/shared/checklist/text'
import { seededRandom } from '../../../support/random'

/** What `sentences` was before it looked for sentence ends with indexOf: a split on a lookbehind. */
function sentencesBySplit(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .filter((s) => s.length > 0)
}

describe('sentences', () => {
  it('splits after . ! ? before a capital, a digit, a quote or a parenthesis', () => {
    expect(sentences('We build it. 2 people work on it!  “Why?”\n(See below) and more... ok')).toEqual([
      'We build it.',
      '2 people work on it!',
      '“Why?” (See below) and more... ok',
    ])
    expect(sentences('  \n ')).toEqual([])
    expect(sentences('e.g. This')).toEqual(['e.g.', 'This'])
  })

  it('gives what the split on a lookbehind gave, on 5,000 random texts', () => {
    const pieces = ['.', '!', '?', ' ', '  ', '\n', '\t', '\u00a0', 'A', 'a', '1', '"', '“', '(', 'x', '.A', '. ', ' .', '?\n(']
    const random = seededRandom(11)
    let split = 0
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: Math.floor(random() * 14) }, () => pieces[Math.floor(random() * pieces.length)]!).join('')
      const expected = sentencesBySplit(text)
      if (expected.length > 1) split++
      expect(sentences(text), JSON.stringify(text)).toEqual(expected)
    }
    expect(split).toBeGreaterThan(500)
  })
})
