// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { lineRange } from '../../../../src/renderer/src/lib/selectLines'

const TEXT = 'first\nsecond line\n\nfourth'

function slice(text: string, line: number, endLine?: number): string {
  const [start, end] = lineRange(text, line, endLine)
  return text.slice(start, end)
}

describe('lineRange', () => {
  it('covers whole lines without their line break', () => {
    expect(lineRange(TEXT, 1, 1)).toEqual([0, 5])
    expect(slice(TEXT, 2)).toBe('second line')
    expect(slice(TEXT, 1, 2)).toBe('first\nsecond line')
    expect(slice(TEXT, 3)).toBe('')
  })

  it('reaches the end of the last line', () => {
    expect(lineRange(TEXT, 4, 4)).toEqual([19, 25])
    expect(slice(TEXT, 2, 4)).toBe('second line\n\nfourth')
  })

  it('leaves the \\r of a CRLF line break out', () => {
    const crlf = 'first\r\nsecond\r\nthird\r\n'
    expect(slice(crlf, 1)).toBe('first')
    expect(slice(crlf, 2, 3)).toBe('second\r\nthird')
    expect(lineRange(crlf, 2, 2)).toEqual([7, 13])
  })

  it('clamps lines outside the text', () => {
    expect(slice(TEXT, 9, 12)).toBe('fourth')
    expect(lineRange(TEXT, 0, 0)).toEqual([0, 5])
    expect(slice(TEXT, 3, 1)).toBe('')
    expect(lineRange('', 1, 3)).toEqual([0, 0])
  })
})
