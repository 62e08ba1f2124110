/**
 * The one-pass application of a delta (`applyDeltaExact`, how versions are rebuilt) against
 * diff-match-patch's own (`applyDelta`): on the version a delta was made from it gives exactly
 * the target, or nothing (then the caller uses diff-match-patch), never another text. Random
 * edits of random texts (words, emoji, accents, line breaks), and the common case of a few words
 * changed in a long pitch, which it must handle itself.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyDelta, applyDeltaExact, makeDelta } from '../../../../../src/main/core/history/delta'

const PIECES = ['alpha ', 'beta ', 'gamma\n', '🎉', 'délai ', '\n\n## ', 'x', '%', '@@ ', '+', '-', ' ']
const text = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 120 }).map((parts) => parts.join(''))
const edit = fc.record({
  at: fc.nat(),
  cut: fc.nat({ max: 12 }),
  insert: fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }).map((parts) => parts.join('')),
})

describe('applying a delta in one pass', () => {
  it('gives exactly the target or nothing, on random edits of random texts', () => {
    fc.assert(
      fc.property(text, fc.array(edit, { minLength: 1, maxLength: 5 }), (base, edits) => {
        let target = base
        for (const { at, cut, insert } of edits) {
          const where = target.length === 0 ? 0 : at % (target.length + 1)
          target = target.slice(0, where) + insert + target.slice(where + cut)
        }
        const patch = makeDelta(base, target)
        if (patch === null) return
        expect(applyDelta(base, patch)).toBe(target)
        const exact = applyDeltaExact(base, patch)
        if (exact !== null) expect(exact).toBe(target)
      }),
      { numRuns: 3000, seed: 20261126 },
    )
  })

  it('applies a few words changed in a long pitch itself', () => {
    let base = 'We build an indexer for the ledger that answers queries in milliseconds, with milestones.\n\n'.repeat(1200)
    for (let n = 0; n < 200; n++) {
      const at = (n * 7919) % (base.length - 20)
      const target = base.slice(0, at) + `word ${n}` + base.slice(at + 3)
      const patch = makeDelta(base, target)!
      expect(applyDeltaExact(base, patch)).toBe(target)
      base = target
    }
  })

  it('refuses a patch that does not read, or whose text is not where it says', () => {
    const base = 'hello world, this is a test of the patch'
    const patch = makeDelta(base, 'hello brave world, this is the best test of a patch!')!
    expect(applyDeltaExact(base, '@@ not a patch')).toBeNull()
    expect(applyDeltaExact(`moved ${base}`, patch)).toBeNull()
    expect(applyDeltaExact(base.replace('this', 'that'), patch)).toBeNull()
  })
})
