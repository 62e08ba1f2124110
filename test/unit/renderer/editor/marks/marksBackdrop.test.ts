// @vitest-environment jsdom
/**
 * The layer behind the textarea, in jsdom: once brought up to date it holds exactly the
 * textarea's text (else the marks would sit under the wrong characters), and its marked spans
 * hold the marks' text, through typing and new marks. While typing goes on it changes nothing
 * but one class: the marks from the edit on are hidden, the ones before it stay.
 */
import { describe, expect, it } from 'vitest'
import type { PitchMark } from '../../../../../src/renderer/src/lib/pitchMarks'
import { MarksBackdrop } from '../../../../../src/renderer/src/features/editor/marks/marksBackdrop'

function mark(id: string, text: string, passage: string, kind: PitchMark['kind'] = 'thread'): PitchMark {
  const from = text.indexOf(passage)
  return { id, kind, from, to: from + passage.length, tag: 'Comment', title: id, detail: '' }
}

const drawnText = (root: HTMLElement) => (root.textContent ?? '').replace(/\u200b$/, '')
const marked = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[data-marks]')].map((span) => [span.dataset['marks'], span.textContent])

describe('MarksBackdrop', () => {
  it('mirrors the text through typing anywhere, and keeps the marks on their words', () => {
    const root = document.createElement('div')
    const layer = new MarksBackdrop(root)
    let text = '# Pitch\n\nWallet developers cannot see why.\n\nWe ask for 40,000 USD.'
    layer.draw(text, { text, marks: [mark('t', text, 'cannot see why'), mark('f', text, '40,000 USD', 'warning')] })
    expect(marked(root)).toEqual([
      ['t', 'cannot see why'],
      ['f', '40,000 USD'],
    ])
    // Typing at the start, inside a mark, at the end, a deletion across a mark's start (the mark
    // keeps what is left of its words).
    const edits: ((t: string) => string)[] = [
      (t) => `Draft ${t}`,
      (t) => t.replace('cannot see', 'cannot ever see'),
      (t) => `${t} Thanks.`,
      (t) => t.replace('developers cannot', 'devs c'),
    ]
    for (const edit of edits) {
      text = edit(text)
      layer.typed(text)
      layer.sync()
      expect(drawnText(root)).toBe(text)
    }
    expect(marked(root)).toEqual([
      ['t', ' ever see why'],
      ['f', '40,000 USD'],
    ])
    expect(layer.current().map((m) => text.slice(m.from, m.to))).toEqual([' ever see why', '40,000 USD'])
  })

  it('leaves the layer alone while typing goes on, hiding only the marks from the edit on', () => {
    const root = document.createElement('div')
    const layer = new MarksBackdrop(root)
    const text = 'alpha beta gamma delta'
    layer.draw(text, { text, marks: [mark('b', text, 'beta'), mark('d', text, 'delta')] })
    const nodes = [...root.childNodes]
    // Typing inside "gamma": "beta" is before the edit and stays; "delta" is hidden.
    layer.typed('alpha beta gaXmma delta')
    expect([...root.childNodes]).toEqual(nodes)
    expect(drawnText(root)).toBe(text)
    expect([...root.querySelectorAll('.pitch-mark-stale')].map((span) => span.textContent)).toEqual(['delta'])
    // Typing further up hides from there (CSS hides every mark after the stale one).
    layer.typed('Xalpha beta gaXmma delta')
    expect([...root.querySelectorAll('.pitch-mark-stale')].map((span) => span.textContent)).toEqual(['beta'])
    // Whatever needs the marks' places brings the layer up to date, every mark shown again.
    expect(layer.current().map((m) => 'Xalpha beta gaXmma delta'.slice(m.from, m.to))).toEqual(['beta', 'delta'])
    expect(drawnText(root)).toBe('Xalpha beta gaXmma delta')
    expect(root.querySelectorAll('.pitch-mark-stale')).toHaveLength(0)
  })

  it('draws marks only over the text they were placed in; others wait, the old ones moved along', () => {
    const root = document.createElement('div')
    const layer = new MarksBackdrop(root)
    const text = 'one two three'
    layer.draw(text, { text, marks: [mark('two', text, 'two')] })
    const typed = 'zero one two three'
    layer.draw(typed, { text, marks: [mark('three', text, 'three')] })
    expect(drawnText(root)).toBe(typed)
    expect(marked(root)).toEqual([['two', 'two']])
  })
})
