/** The pure-JS three-way line merge a save uses (node-diff3), cut into the sync's hunk shape. */
import { describe, expect, it } from 'vitest'
import { mergeText } from '../../../../../src/main/core/merge/text-merge'

const BASE = '# Plan\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n'

describe('mergeText', () => {
  it('merges edits of different paragraphs into one text', () => {
    const ours = BASE.replace('First paragraph.', 'First, rewritten here.')
    const theirs = BASE.replace('Third paragraph.', 'Third, rewritten there.')
    expect(mergeText(BASE, ours, theirs)).toEqual({ clean: true, text: '# Plan\n\nFirst, rewritten here.\n\nSecond paragraph.\n\nThird, rewritten there.\n' })
  })

  it('takes a change both sides made alike once, without a conflict', () => {
    const both = BASE.replace('Second paragraph.', 'Second, alike.')
    expect(mergeText(BASE, both, both)).toEqual({ clean: true, text: both })
  })

  it('cuts edits of one paragraph into a conflict hunk between shared runs, which rejoin into each side', () => {
    const ours = BASE.replace('Second paragraph.', 'Second, mine.')
    const theirs = BASE.replace('Second paragraph.', 'Second, theirs.')
    const merged = mergeText(BASE, ours, theirs)
    expect(merged).toEqual({
      clean: false,
      hunks: [
        { kind: 'same', text: '# Plan\n\nFirst paragraph.\n\n' },
        { kind: 'conflict', base: 'Second paragraph.\n', ours: 'Second, mine.\n', theirs: 'Second, theirs.\n' },
        { kind: 'same', text: '\nThird paragraph.\n' },
      ],
    })
    if (merged.clean) return
    expect(merged.hunks.map((hunk) => (hunk.kind === 'same' ? hunk.text : hunk.ours)).join('')).toBe(ours)
    expect(merged.hunks.map((hunk) => (hunk.kind === 'same' ? hunk.text : hunk.theirs)).join('')).toBe(theirs)
  })

  it('keeps a last line without a line ending', () => {
    expect(mergeText('a\n\nb', 'A\n\nb', 'a\n\nb!')).toEqual({ clean: true, text: 'A\n\nb!' })
  })
})
