// @vitest-environment jsdom
/**
 * What a selection becomes: a range of the pitch, from the textarea (whose value has \n line
 * breaks even when the pitch has \r\n) or from the rendered preview, found in the pitch by its
 * words, the occurrence nearest the selection's place.
 */
import { describe, expect, it } from 'vitest'
import {
  NOT_IN_PITCH,
  TOO_LONG,
  controlSelection,
  fieldAnchor,
  previewSelection,
  textareaSelection,
  trimRange,
} from '../../../../src/renderer/src/lib/commentTarget'
import { fromValueOffset, toValueOffset } from '../../../../src/renderer/src/lib/selectLines'

/** A preview pane as the Markdown renderer would draw `html`, with `text` (the n-th text node holding it) selected. */
function previewWith(html: string, pick: (root: HTMLElement) => Range): { root: HTMLElement; selection: Selection } {
  const root = document.createElement('div')
  root.innerHTML = html
  document.body.append(root)
  const selection = window.getSelection()!
  selection.removeAllRanges()
  selection.addRange(pick(root))
  return { root, selection }
}

function rangeOf(node: Node, start: number, end: number): Range {
  const range = document.createRange()
  range.setStart(node, start)
  range.setEnd(node, end)
  return range
}

describe('preview selection', () => {
  const pitch = '# Tools\n\nWe build fast tools.\n\n## Later\n\nStill fast tools, and more **fast tools**.'

  it('finds the selected words in the pitch, taking the occurrence nearest the selection', () => {
    const { root, selection } = previewWith(
      '<h3>Tools</h3><p>We build fast tools.</p><h4>Later</h4><p>Still fast tools, and more <strong>fast tools</strong>.</p>',
      (r) => rangeOf(r.querySelector('strong')!.firstChild!, 0, 10),
    )
    const picked = previewSelection(root, selection, pitch)
    expect(picked).toEqual({ ok: true, start: pitch.lastIndexOf('fast tools'), end: pitch.lastIndexOf('fast tools') + 10 })

    selection.removeAllRanges()
    selection.addRange(rangeOf(root.querySelector('p')!.firstChild!, 9, 19))
    expect(previewSelection(root, selection, pitch)).toEqual({ ok: true, start: pitch.indexOf('fast tools'), end: pitch.indexOf('fast tools') + 10 })
    root.remove()
  })

  it('asks for the editor when the words are not in the pitch as written (across Markdown marks)', () => {
    const { root, selection } = previewWith('<p>Still fast tools, and more <strong>fast tools</strong>.</p>', (r) => {
      const range = document.createRange()
      range.setStart(r.querySelector('p')!.firstChild!, 22)
      range.setEnd(r.querySelector('strong')!.firstChild!, 4)
      return range
    })
    expect(selection.toString()).toBe('more fast')
    expect(previewSelection(root, selection, pitch)).toEqual({ ok: false, reason: NOT_IN_PITCH })
    expect(NOT_IN_PITCH).toMatch(/^Select the text in the editor to comment on it/)
    root.remove()
  })

  it('ignores a selection outside the preview, and refuses one too long to quote', () => {
    const outside = document.createElement('p')
    outside.textContent = 'fast tools'
    const { root, selection } = previewWith('<p>We build fast tools.</p>', () => rangeOf(outside.firstChild!, 0, 4))
    expect(previewSelection(root, selection, pitch)).toBeNull()
    root.remove()

    const long = 'word '.repeat(1_100)
    const big = previewWith(`<p>${long}</p>`, (r) => rangeOf(r.querySelector('p')!.firstChild!, 0, long.length))
    expect(previewSelection(big.root, big.selection, long)).toEqual({ ok: false, reason: TOO_LONG })
    big.root.remove()
  })
})

describe('textarea selection', () => {
  it('maps the textarea’s \\n offsets back onto a pitch with \\r\\n line breaks', () => {
    const pitch = '# Tools\r\n\r\nWe build fast tools.\r\n'
    const textarea = document.createElement('textarea')
    textarea.value = pitch
    expect(textarea.value).toBe('# Tools\n\nWe build fast tools.\n')
    const at = textarea.value.indexOf('fast')
    textarea.setSelectionRange(at, at + 10)
    const picked = textareaSelection(textarea, pitch)
    expect(picked).toEqual({ ok: true, start: pitch.indexOf('fast'), end: pitch.indexOf('fast') + 10 })
    expect(pitch.slice(pitch.indexOf('fast'), pitch.indexOf('fast') + 10)).toBe('fast tools')
    for (let offset = 0; offset <= textarea.value.length; offset++) expect(toValueOffset(pitch, fromValueOffset(pitch, offset))).toBe(offset)
    textarea.setSelectionRange(3, 3)
    expect(textareaSelection(textarea, pitch)).toBeNull()
  })

  it('trims white space off the ends, and a selection of nothing else is none', () => {
    expect(trimRange('a  fast  b', 1, 9)).toEqual({ start: 3, end: 7 })
    expect(trimRange('a   b', 1, 4)).toBeNull()
  })
})

describe('field selection', () => {
  it('quotes the selected words of a text field; a url field (no selection API) is commented on whole', () => {
    const input = document.createElement('input')
    input.value = 'Grant Desk'
    input.setSelectionRange(6, 10)
    expect(controlSelection(input, input.value)).toEqual({ start: 6, end: 10 })
    const url = document.createElement('input')
    url.type = 'url'
    url.value = 'https://example.org'
    expect(controlSelection(url, url.value)).toBeNull()
    expect(fieldAnchor('name', 'Grant Desk', { start: 6, end: 10 })).toEqual({
      target: 'field',
      field: 'name',
      quote: { exact: 'Desk', prefix: 'Grant ', suffix: '', line: 1 },
    })
    expect(fieldAnchor('repo', 'https://example.org', null)).toEqual({ target: 'field', field: 'repo', quote: null })
  })
})
