import { describe, it, expect } from 'vitest'
import { type AnchorMatch, type TextQuote, locateQuote, locateQuotes, quoteAt } from '../../../../src/shared/review'

const PITCH = [
  '# Payments SDK for Arcadia',
  '',
  '## Summary',
  '',
  'We build a payments SDK so that small shops on Arcadia can take stablecoin payments without running a node.',
  '',
  '## Milestones',
  '',
  '1. The indexer will cache results for fast queries across all rollups, and it ships in three months.',
  '2. The wallet adapters land in month four, after the audit.',
  '',
].join('\n')

const SENTENCE = 'The indexer will cache results for fast queries across all rollups'

/** A quote of the first occurrence of `exact` in `text`. */
function quoteOf(text: string, exact: string, context?: number): TextQuote {
  const start = text.indexOf(exact)
  if (start === -1) throw new Error(`not in the text: ${exact}`)
  return quoteAt(text, start, start + exact.length, context)
}

/** The match, asserted to be found, for reading its fields. */
function located(text: string, quote: TextQuote): Extract<AnchorMatch, { start: number }> {
  const match = locateQuote(text, quote)
  if (match.status === 'outdated') throw new Error(`not found: ${quote.exact}`)
  return match
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

describe('quoteAt', () => {
  it('takes 32 characters either side by default, and the 1-based line', () => {
    const quote = quoteOf(PITCH, SENTENCE)
    expect(quote).toEqual({
      exact: SENTENCE,
      prefix: 'ning a node.\n\n## Milestones\n\n1. ',
      suffix: ', and it ships in three months.\n',
      line: 9,
    })
    expect(quote.prefix).toHaveLength(32)
    expect(quote.suffix).toHaveLength(32)
  })

  it('has an empty or short prefix at the start of the text', () => {
    expect(quoteAt(PITCH, 0, 9)).toEqual({ exact: '# Payment', prefix: '', suffix: 's SDK for Arcadia\n\n## Summary\n\nW', line: 1 })
    expect(quoteAt(PITCH, 2, 10)).toEqual({ exact: 'Payments', prefix: '# ', suffix: ' SDK for Arcadia\n\n## Summary\n\nWe', line: 1 })
  })

  it('has an empty or short suffix at the end of the text', () => {
    const end = PITCH.length
    expect(quoteAt(PITCH, end - 7, end)).toEqual({ exact: 'audit.\n', prefix: 's land in month four, after the ', suffix: '', line: 10 })
    const last = quoteAt('one\ntwo', 4, 6)
    expect(last).toEqual({ exact: 'tw', prefix: 'one\n', suffix: 'o', line: 2 })
  })

  it('takes the context length it is given', () => {
    expect(quoteAt(PITCH, 11, 14, 4)).toEqual({ exact: 'SDK', prefix: 'nts ', suffix: ' for', line: 1 })
    expect(quoteAt(PITCH, 11, 14, 0)).toEqual({ exact: 'SDK', prefix: '', suffix: '', line: 1 })
  })

  it('throws RangeError for an empty or out-of-range span', () => {
    expect(() => quoteAt(PITCH, 5, 5)).toThrow(RangeError)
    expect(() => quoteAt(PITCH, 6, 5)).toThrow(RangeError)
    expect(() => quoteAt(PITCH, -1, 5)).toThrow(RangeError)
    expect(() => quoteAt(PITCH, 0, PITCH.length + 1)).toThrow(RangeError)
    expect(() => quoteAt('', 0, 0)).toThrow(RangeError)
    expect(() => quoteAt(PITCH, 0.5, 4)).toThrow(RangeError)
    expect(() => quoteAt(PITCH, 0, 4, -1)).toThrow(RangeError)
  })

  it('does not cut an emoji in half at the edge of the context', () => {
    const text = 'Ship 🚀 now'
    // 'Ship ' is 5 code units and the rocket 2 (5 and 6): 2 characters before 'now' would start
    // with the rocket's second half, 2 after 'Ship' end with its first.
    const quote = quoteAt(text, 8, 11, 2)
    expect(quote).toEqual({ exact: 'now', prefix: ' ', suffix: '', line: 1 })
    const before = quoteAt(text, 0, 4, 6)
    expect(before).toEqual({ exact: 'Ship', prefix: '', suffix: ' 🚀 no', line: 1 })
    const cut = quoteAt(text, 0, 4, 2)
    expect(cut).toEqual({ exact: 'Ship', prefix: '', suffix: ' ', line: 1 })
  })
})

describe('locateQuote: exact', () => {
  it('finds an unchanged quote where it was', () => {
    const quote = quoteOf(PITCH, SENTENCE)
    expect(locateQuote(PITCH, quote)).toEqual({ status: 'exact', start: 167, end: 167 + SENTENCE.length, line: 9, endLine: 9, text: SENTENCE })
    expect(PITCH.slice(167, 167 + SENTENCE.length)).toBe(SENTENCE)
  })

  it('follows the quote when text is inserted before it (offsets and line shift)', () => {
    const quote = quoteOf(PITCH, SENTENCE)
    const inserted = 'Draft 2, after the first review round.\n\n'
    const edited = inserted + PITCH
    expect(locateQuote(edited, quote)).toEqual({
      status: 'exact',
      start: 167 + inserted.length,
      end: 167 + inserted.length + SENTENCE.length,
      line: 11,
      endLine: 11,
      text: SENTENCE,
    })
  })

  it('reports the line of the last character for a quote over several lines', () => {
    const exact = 'Milestones\n\n1. The indexer'
    const match = located(PITCH, quoteOf(PITCH, exact))
    expect(match).toEqual({ status: 'exact', start: PITCH.indexOf(exact), end: PITCH.indexOf(exact) + exact.length, line: 7, endLine: 9, text: exact })
  })

  it('picks, of two occurrences, the one whose prefix and suffix match', () => {
    const text = 'Our payments SDK ships first.\n\nLater the payments SDK gets docs.\n'
    const second = text.lastIndexOf('payments SDK')
    const quote = quoteAt(text, second, second + 'payments SDK'.length)
    expect(second).toBe(41)
    expect(locateQuote(text, quote)).toEqual({ status: 'exact', start: 41, end: 53, line: 3, endLine: 3, text: 'payments SDK' })
    // And after an edit above both, still the second one.
    const edited = 'Summary: our payments SDK, twice.\n' + text
    expect(locateQuote(edited, quote)).toEqual({ status: 'exact', start: 41 + 34, end: 53 + 34, line: 4, endLine: 4, text: 'payments SDK' })
  })

  it('picks, of occurrences with the same context, the one nearest the old line', () => {
    const line = '- [ ] Check the budget table\n'
    const text = line.repeat(12)
    const at = (lineNumber: number) => (lineNumber - 1) * line.length + 6
    // Lines 2 to 10 have the same 32 characters either side: only the line number tells them apart.
    const quote = quoteAt(text, at(6), at(6) + 22)
    expect(quote).toEqual({
      exact: 'Check the budget table',
      prefix: ' ] Check the budget table\n- [ ] ',
      suffix: '\n- [ ] Check the budget table\n- ',
      line: 6,
    })
    expect(locateQuote(text, quote)).toEqual({ status: 'exact', start: at(6), end: at(6) + 22, line: 6, endLine: 6, text: 'Check the budget table' })
    // Two lines gone from the top: the copy now on line 6 is the nearest to the old position.
    const edited = text.slice(2 * line.length)
    expect(locateQuote(edited, quote)).toEqual({ status: 'exact', start: at(6), end: at(6) + 22, line: 6, endLine: 6, text: 'Check the budget table' })
    expect(at(6)).toBe(151)
  })

  it('finds a quote in a short field value that was extended', () => {
    const quote = quoteAt('Payments SDK for Arcadia', 0, 24)
    expect(quote).toEqual({ exact: 'Payments SDK for Arcadia', prefix: '', suffix: '', line: 1 })
    expect(locateQuote('Payments SDK for Arcadia and Nova', quote)).toEqual({
      status: 'exact',
      start: 0,
      end: 24,
      line: 1,
      endLine: 1,
      text: 'Payments SDK for Arcadia',
    })
    expect(locateQuote('The Payments SDK for Arcadia', quote)).toEqual({
      status: 'exact',
      start: 4,
      end: 28,
      line: 1,
      endLine: 1,
      text: 'Payments SDK for Arcadia',
    })
  })
})

describe('locateQuote: fuzzy', () => {
  it('finds a quote with words changed inside it, spanning the edited text', () => {
    const quote = quoteOf(PITCH, SENTENCE)
    const edited = PITCH.replace('fast queries', 'quick lookups')
    const now = 'The indexer will cache results for quick lookups across all rollups'
    expect(locateQuote(edited, quote)).toEqual({ status: 'fuzzy', start: 167, end: 167 + now.length, line: 9, endLine: 9, text: now })
  })

  it('takes in words changed at either end of the quote', () => {
    const quote = quoteOf(PITCH, SENTENCE)
    const first = 'Our indexer will cache results for fast queries across all rollups'
    expect(locateQuote(PITCH.replace('The indexer', 'Our indexer'), quote)).toEqual({
      status: 'fuzzy',
      start: 167,
      end: 167 + first.length,
      line: 9,
      endLine: 9,
      text: first,
    })
    const last = 'The indexer will cache results for fast queries across every rollup we support'
    expect(locateQuote(PITCH.replace('all rollups', 'every rollup we support'), quote)).toEqual({
      status: 'fuzzy',
      start: 167,
      end: 167 + last.length,
      line: 9,
      endLine: 9,
      text: last,
    })
  })

  it('finds an edited quote that also moved down, by its surrounding text', () => {
    const quote = quoteOf(PITCH, SENTENCE)
    const intro = 'A long new introduction. '.repeat(60) + '\n\n'
    const edited = intro + PITCH.replace('cache results', 'store blocks')
    const now = 'The indexer will store blocks for fast queries across all rollups'
    expect(locateQuote(edited, quote)).toEqual({
      status: 'fuzzy',
      start: intro.length + 167,
      end: intro.length + 167 + now.length,
      line: 11,
      endLine: 11,
      text: now,
    })
  })

  it('finds an edited quote whose context changed too, near its old line', () => {
    const quote = quoteOf(PITCH, SENTENCE)
    const edited = PITCH.replace('1. The indexer will cache results for fast', '1) The indexer will keep results for fast').replace(
      ', and it ships',
      '; it ships',
    )
    const now = 'The indexer will keep results for fast queries across all rollups'
    expect(locateQuote(edited, quote)).toEqual({ status: 'fuzzy', start: 167, end: 167 + now.length, line: 9, endLine: 9, text: now })
  })

  it('finds a short field value with a letter changed', () => {
    const quote = quoteAt('Payments SDK for Arcadia', 0, 24)
    expect(locateQuote('Payment SDK for Arcadia', quote)).toEqual({ status: 'fuzzy', start: 0, end: 23, line: 1, endLine: 1, text: 'Payment SDK for Arcadia' })
    expect(locateQuote('Payments SDK for Arcadia v2\nThe team', quote)).toEqual({
      status: 'exact',
      start: 0,
      end: 24,
      line: 1,
      endLine: 1,
      text: 'Payments SDK for Arcadia',
    })
    expect(locateQuote('The Payments SDK of Arcadia', quote)).toEqual({
      status: 'fuzzy',
      start: 4,
      end: 27,
      line: 1,
      endLine: 1,
      text: 'Payments SDK of Arcadia',
    })
  })
})

describe('locateQuote: outdated', () => {
  it('reports a deleted quote as outdated', () => {
    const quote = quoteOf(PITCH, SENTENCE)
    expect(locateQuote(PITCH.replace(SENTENCE, ''), quote)).toEqual({ status: 'outdated' })
    expect(locateQuote(PITCH.replace(`1. ${SENTENCE}, and it ships in three months.\n`, ''), quote)).toEqual({ status: 'outdated' })
  })

  it('does not take a similar sentence elsewhere for a deleted quote', () => {
    const quote = quoteOf(PITCH, SENTENCE)
    const similar = 'Later, the indexer will cache blocks for quick lookups on all chains.'
    // Deleted with its context, and a sentence with many of its words nearby.
    const edited = PITCH.replace(`1. ${SENTENCE}, and it ships in three months.\n`, '').replace('## Milestones\n', `## Milestones\n\n${similar}\n`)
    expect(locateQuote(edited, quote)).toEqual({ status: 'outdated' })
    // Deleted with its context, the same words rearranged on its old line.
    const rearranged = PITCH.replace(
      `1. ${SENTENCE}, and it ships in three months.`,
      '1. Across all rollups, results of fast queries are what the indexer will cache.',
    )
    expect(locateQuote(rearranged, quote)).toEqual({ status: 'outdated' })
  })

  it('never fuzzy-matches a quote shorter than 12 characters', () => {
    const quote = quoteOf(PITCH, 'three months')
    expect(quote.exact).toHaveLength(12)
    expect(locateQuote(PITCH.replace('three months', 'three month'), quote)).toEqual({
      status: 'fuzzy',
      start: 251,
      end: 262,
      line: 9,
      endLine: 9,
      text: 'three month',
    })
    const short = quoteOf(PITCH, 'Arcadia')
    expect(locateQuote(PITCH.replaceAll('Arcadia', 'Arkadia'), short)).toEqual({ status: 'outdated' })
  })

  it('does not throw on odd input', () => {
    const quote = quoteOf(PITCH, SENTENCE)
    expect(locateQuote('', quote)).toEqual({ status: 'outdated' })
    expect(locateQuote(PITCH, { ...quote, exact: '' })).toEqual({ status: 'outdated' })
    expect(locateQuote(PITCH, { exact: 'Arcadia', prefix: '', suffix: '', line: -4 })).toEqual({
      status: 'exact',
      start: 19,
      end: 26,
      line: 1,
      endLine: 1,
      text: 'Arcadia',
    })
    expect(locateQuote(PITCH, { ...quote, line: Number.NaN })).toEqual({
      status: 'exact',
      start: 167,
      end: 167 + SENTENCE.length,
      line: 9,
      endLine: 9,
      text: SENTENCE,
    })
    expect(locateQuote(PITCH, { ...quote, line: 1e9 })).toEqual({
      status: 'exact',
      start: 167,
      end: 167 + SENTENCE.length,
      line: 9,
      endLine: 9,
      text: SENTENCE,
    })
    expect(locateQuote('short', quote)).toEqual({ status: 'outdated' })
    const long = 'x'.repeat(5_000)
    expect(locateQuote(long.replace('x', 'y'), { exact: long, prefix: '', suffix: '', line: 1 })).toEqual({
      status: 'fuzzy',
      start: 0,
      end: 5_000,
      line: 1,
      endLine: 1,
      text: 'y' + long.slice(1),
    })
  })

  it('does not throw on random text and quotes', () => {
    let seed = 42
    const random = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32
    const alphabet = 'ab \n\r|-#🚀é'
    const noise = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
    let found = 0
    for (let i = 0; i < 300; i++) {
      let text = noise(Math.floor(random() * 200))
      let quote: TextQuote = {
        exact: noise(Math.floor(random() * 60)),
        prefix: noise(Math.floor(random() * 40)),
        suffix: noise(Math.floor(random() * 40)),
        line: Math.floor(random() * 20) - 5,
      }
      if (i % 2 === 0 && text.length > 1) {
        // Half the quotes come from the text, which then gets a random edit.
        const start = Math.floor(random() * (text.length - 1))
        quote = quoteAt(text, start, start + 1 + Math.floor(random() * (text.length - start - 1)))
        const at = Math.floor(random() * text.length)
        text = text.slice(0, at) + noise(Math.floor(random() * 4)) + text.slice(at + Math.floor(random() * 4))
      }
      const match = locateQuote(text, quote)
      if (match.status !== 'outdated') {
        found++
        expect(match.text).toBe(text.slice(match.start, match.end))
        expect(match.end).toBeGreaterThan(match.start)
        expect(match.line).toBe(text.slice(0, match.start).split('\n').length)
      }
    }
    expect(found).toBeGreaterThan(100)
  })
})

describe('line endings and unicode', () => {
  const CRLF = PITCH.replaceAll('\n', '\r\n')

  it('counts lines in CRLF text and keeps the CR out of the match', () => {
    const quote = quoteOf(CRLF, SENTENCE)
    expect(quote.line).toBe(9)
    expect(quote.suffix).toBe(', and it ships in three months.\r')
    const start = CRLF.indexOf(SENTENCE)
    expect(start).toBe(175)
    const edited = 'New line\r\n' + CRLF
    expect(locateQuote(edited, quote)).toEqual({ status: 'exact', start: 185, end: 185 + SENTENCE.length, line: 10, endLine: 10, text: SENTENCE })
    const line = quoteOf(CRLF, '2. The wallet adapters land in month four, after the audit.')
    const changed = CRLF.replace('month four', 'month five')
    expect(locateQuote(changed, line)).toEqual({
      status: 'fuzzy',
      start: changed.indexOf('2. The'),
      end: changed.indexOf('2. The') + 59,
      line: 10,
      endLine: 10,
      text: '2. The wallet adapters land in month five, after the audit.',
    })
  })

  it('counts offsets in UTF-16 code units around emoji', () => {
    const text = '# Launch 🚀\n\nWe ship 🎉 the payments SDK to Arcadia 🌍 shops this spring.\n'
    const exact = 'the payments SDK to Arcadia 🌍 shops'
    const quote = quoteOf(text, exact)
    expect(text.indexOf(exact)).toBe(24)
    expect(locateQuote('🔥🔥' + text, quote)).toEqual({ status: 'exact', start: 28, end: 28 + exact.length, line: 3, endLine: 3, text: exact })
  })

  it('never cuts an emoji in half in a fuzzy match', () => {
    const text = 'Intro.\n\n🌍 We ship the payments SDK to Arcadia shops 🎉 this spring.\n'
    const exact = '🌍 We ship the payments SDK to Arcadia shops 🎉'
    const quote = quoteOf(text, exact)
    const edited = text.replace('Arcadia shops', 'Nova merchants')
    const now = '🌍 We ship the payments SDK to Nova merchants 🎉'
    const match = located(edited, quote)
    expect(match).toEqual({ status: 'fuzzy', start: 8, end: 8 + now.length, line: 3, endLine: 3, text: now })
    expect(now.length).toBe(48)
    expect(LONE_SURROGATE.test(match.text)).toBe(false)
  })
})

describe('locateQuotes', () => {
  // Enough quotes for the shared substring index to be used, on a text with repeated lines.
  const ROLES = ['relayer', 'indexer', 'wallet', 'oracle', 'explorer']
  const section = (n: number) =>
    `## Part ${n}\n\nThe ${ROLES[n % 5]} ships light client proofs for rollup ${n}. The audit covers the bridge.\n\n` +
    (n === 12 ? 'Part twelve also pays for an outside security review of the relayer.\n\n' : '') +
    `| Item | Amount |\n| --- | --- |\n| Audit | ${n * 500} USDC |\n\n`
  const text = Array.from({ length: 30 }, (_, i) => section(i + 1)).join('')
  const spans = Array.from({ length: 60 }, (_, i) => {
    const start = Math.floor((i * (text.length - 100)) / 60) + (i % 7)
    return [start, start + 12 + ((i * 13) % 70)] as const
  })
  const quotes = [
    ...spans.map(([start, end]) => quoteAt(text, start, end)),
    quoteOf(text, 'The audit covers the bridge.'),
    quoteOf(text, '| Audit | 500 USDC |'),
    { exact: '', prefix: '', suffix: '', line: 1 },
    quoteOf(text, 'The oracle ships light client proofs for rollup 8.'),
    quoteOf(text, 'Part twelve also pays for an outside security review of the relayer.'),
  ]
  const edited = ('Intro added.\n\n' + text)
    .replace('light client proofs for rollup 8.', 'fee estimates for rollup 8.')
    .replace('Part twelve also pays for an outside security review of the relayer.\n\n', '')

  it('gives the same answers as locateQuote, in order', () => {
    const one = quotes.map((quote) => locateQuote(edited, quote))
    expect(locateQuotes(edited, quotes)).toEqual(one)
    expect(locateQuotes(text, quotes)).toEqual(quotes.map((quote) => locateQuote(text, quote)))
    const eight = edited.indexOf('The oracle ships fee estimates for rollup 8.')
    expect(one.slice(60)).toEqual([
      {
        status: 'exact',
        start: 14 + text.indexOf('The audit covers'),
        end: 14 + text.indexOf('The audit covers') + 28,
        line: 5,
        endLine: 5,
        text: 'The audit covers the bridge.',
      },
      {
        status: 'exact',
        start: 14 + text.indexOf('| Audit | 500 USDC |'),
        end: 14 + text.indexOf('| Audit | 500 USDC |') + 20,
        line: 9,
        endLine: 9,
        text: '| Audit | 500 USDC |',
      },
      { status: 'outdated' },
      { status: 'fuzzy', start: eight, end: eight + 44, line: 61, endLine: 61, text: 'The oracle ships fee estimates for rollup 8.' },
      { status: 'outdated' },
    ])
    // The spans that overlap an edit: one across the changed words, one mostly inside the deleted
    // paragraph, one that lost its first words with it (the rest is still there).
    const changed = one.flatMap((match, i) => (i < 60 && match.status !== 'exact' ? [[i, match.status]] : []))
    expect(changed).toEqual([
      [14, 'fuzzy'],
      [23, 'outdated'],
      [24, 'fuzzy'],
    ])
    expect(quotes[14]!.exact).toBe('t 8\n\nThe oracle ships light client proofs for rollup 8')
    expect(one[14]).toEqual({
      status: 'fuzzy',
      start: eight - 5,
      end: eight + 43,
      line: 59,
      endLine: 61,
      text: 't 8\n\nThe oracle ships fee estimates for rollup 8',
    })
  })

  it('finds every unedited quote at its moved offset', () => {
    const matches = locateQuotes('Intro added.\n\n' + text, quotes)
    spans.forEach(([start, end], i) => {
      const newlines = text.slice(start, end - 1).split('\n').length - 1
      expect(matches[i]).toEqual({
        status: 'exact',
        start: start + 14,
        end: end + 14,
        line: quotes[i]!.line + 2,
        endLine: quotes[i]!.line + 2 + newlines,
        text: text.slice(start, end),
      })
    })
    // 'The audit covers the bridge.' is in all 30 sections: its context picks the first one's.
    const audit = 14 + text.indexOf('The audit covers')
    expect(matches[60]).toEqual({ status: 'exact', start: audit, end: audit + 28, line: 5, endLine: 5, text: 'The audit covers the bridge.' })
    expect(matches.slice(61).map((match) => match.status)).toEqual(['exact', 'outdated', 'exact', 'exact'])
  })

  it('handles no quotes and an empty text', () => {
    expect(locateQuotes(text, [])).toEqual([])
    expect(locateQuotes('', quotes.slice(0, 40))).toEqual(Array.from({ length: 40 }, () => ({ status: 'outdated' })))
  })
})
