/** Suggesting mode's diff: what a reviewer typed, as one suggestion per changed passage, each of which puts the reviewer's text back when applied. */
import { describe, expect, it } from 'vitest'
import { locateQuote, MAX_QUOTE_CHARS, suggestionsFromEdit } from '../../../../src/shared/review'

const PITCH = ['# Tracekit', '', 'Wallet developers cannot see why a transaction failed.', '', 'We ask for 40,000 USD over six months.', ''].join('\n')

/** Applies the suggestions as the author would, one by one, each found by its quote in the text as it is then. */
function applyAll(original: string, edited: string): string {
  const result = suggestionsFromEdit(original, edited)
  if (!result.ok) throw new Error(result.reason)
  let text = original
  for (const suggestion of result.suggestions) {
    const match = locateQuote(text, suggestion.quote)
    if (match.status === 'outdated') throw new Error(`lost: ${suggestion.quote.exact}`)
    text = text.slice(0, match.start) + suggestion.replacement + text.slice(match.end)
  }
  return text
}

describe('suggestionsFromEdit', () => {
  it('gives nothing for an unchanged text', () => {
    expect(suggestionsFromEdit(PITCH, PITCH)).toEqual({ ok: true, suggestions: [] })
  })

  it('makes one replaced word one suggestion, quoting the file’s word with its context', () => {
    const result = suggestionsFromEdit(PITCH, PITCH.replace('cannot', 'can never'))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.suggestions).toHaveLength(1)
    const [suggestion] = result.suggestions
    expect(suggestion!.quote.exact).toBe('cannot')
    expect(suggestion!.replacement).toBe('can never')
    expect(suggestion!.quote.line).toBe(3)
    expect(suggestion!.quote.prefix.endsWith('Wallet developers ')).toBe(true)
    expect(PITCH.slice(suggestion!.start, suggestion!.end)).toBe('cannot')
  })

  it('joins changes separated only by a space into one passage, and keeps passages in separate paragraphs apart', () => {
    const edited = PITCH.replace('see why a transaction', 'tell why any transfer').replace('six months', 'nine months')
    const result = suggestionsFromEdit(PITCH, edited)
    if (!result.ok) throw new Error(result.reason)
    expect(result.suggestions.map((s) => [s.quote.exact, s.replacement])).toEqual([
      ['see why a transaction', 'tell why any transfer'],
      ['six', 'nine'],
    ])
    expect(applyAll(PITCH, edited)).toBe(edited)
  })

  it('anchors an insertion to the word before it, or after it at the very start', () => {
    const appended = PITCH.replace('over six months.', 'over six months, paid per milestone.')
    let result = suggestionsFromEdit(PITCH, appended)
    if (!result.ok) throw new Error(result.reason)
    expect(result.suggestions).toHaveLength(1)
    expect(result.suggestions[0]!.quote.exact.length).toBeGreaterThan(0)
    expect(applyAll(PITCH, appended)).toBe(appended)

    const prepended = `Draft 2. ${PITCH}`
    result = suggestionsFromEdit(PITCH, prepended)
    if (!result.ok) throw new Error(result.reason)
    expect(result.suggestions[0]!.quote.exact).toMatch(/^#/)
    expect(applyAll(PITCH, prepended)).toBe(prepended)
  })

  it('suggests a deletion as a replacement by nothing, or by the space that remains', () => {
    const edited = PITCH.replace(' over six months', '')
    expect(applyAll(PITCH, edited)).toBe(edited)
  })

  it('keeps to the file’s text where only spacing differs: a sentence added after the last word, a doubled or a removed space', () => {
    // The file's pitch ends without a newline: the edit appends after its last word.
    const original = 'We ask for 10,000 USDC.'
    for (const edited of [`${original} Typed at once.`, 'We ask for  10,000 USDC.', 'We ask for10,000 USDC.', 'We ask for 10,000 USDC.\n\nMore.']) {
      const result = suggestionsFromEdit(original, edited)
      if (!result.ok) throw new Error(result.reason)
      for (const suggestion of result.suggestions) expect(suggestion.end).toBeLessThanOrEqual(original.length)
      expect(applyAll(original, edited)).toBe(edited)
    }
  })

  it('anchors a word that occurs twice to the right occurrence', () => {
    const original = 'The SDK is open. The SDK is tested.\n'
    const edited = 'The SDK is open. The SDK is audited.\n'
    const result = suggestionsFromEdit(original, edited)
    if (!result.ok) throw new Error(result.reason)
    expect(result.suggestions).toHaveLength(1)
    expect(applyAll(original, edited)).toBe(edited)
  })

  it('turns edits in many places of a real-sized pitch into suggestions that rebuild the edited text', () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Milestone ${i + 1}: we ship part ${i + 1} of the tracer, tested on mainnet forks.`)
    const original = paragraphs.join('\n\n')
    const edited = paragraphs.map((p, i) => (i % 7 === 0 ? p.replace('tested on', 'verified against') : p)).join('\n\n')
    const result = suggestionsFromEdit(original, edited)
    if (!result.ok) throw new Error(result.reason)
    expect(result.suggestions).toHaveLength(9)
    expect(applyAll(original, edited)).toBe(edited)
  })

  it('says why when there is nothing to quote or the passage is too long for one suggestion', () => {
    const empty = suggestionsFromEdit('', 'A new pitch')
    expect(empty.ok).toBe(false)
    if (!empty.ok) expect(empty.reason).toMatch(/empty/)
    const long = 'word '.repeat(MAX_QUOTE_CHARS)
    const rewritten = suggestionsFromEdit(long, 'other '.repeat(MAX_QUOTE_CHARS))
    expect(rewritten.ok).toBe(false)
    if (!rewritten.ok) expect(rewritten.reason).toMatch(/longer than|too large/)
  })
})
