// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { countText, describeCounts } from '../../../../src/renderer/src/features/editor/textCounts'

describe('countText', () => {
  it('counts words and characters, leaving the template’s hint comments out', () => {
    expect(countText('We build fast tools.')).toEqual({ words: 4, characters: 20 })
    expect(countText('## Problem\n<!-- One sentence: who is blocked. -->\nWallets fail.\n')).toEqual({ words: 3, characters: 25 })
    // Markdown punctuation alone is no word.
    expect(countText('- a\n- b\n---\n').words).toBe(2)
    expect(countText('')).toEqual({ words: 0, characters: 0 })
  })
})

describe('describeCounts', () => {
  it('says the counts, and the limit when one is known', () => {
    expect(describeCounts({ words: 1, characters: 1 })).toBe('1 word · 1 character')
    expect(describeCounts({ words: 412, characters: 2630 })).toBe('412 words · 2,630 characters')
    expect(describeCounts({ words: 412, characters: 2630 }, 3000)).toBe('412 words · 2,630 of 3,000 characters')
    expect(describeCounts({ words: 500, characters: 3120 }, 3000)).toBe('500 words · 3,120 of 3,000 characters (120 too many)')
  })
})
