// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { hiddenCommentCount, removeTemplateHints, templateHintCount } from '../../../../src/renderer/src/features/submit/hiddenComments'

const TEMPLATE = [
  '# Kit',
  '',
  '## Problem',
  '<!-- One sentence. -->',
  'Wallets fail.',
  '',
  '## Budget',
  '<!-- Itemize.',
  'Two lines. -->',
  '',
  '| Item | USD |',
  '| --- | --- |',
  '| Hosting | 100 |',
  '',
].join('\n')

describe('removeTemplateHints', () => {
  it('removes each hint comment with its own lines, leaving the text around as it was', () => {
    expect(templateHintCount(TEMPLATE)).toBe(2)
    const cleaned = removeTemplateHints(TEMPLATE)
    expect(cleaned).toBe(
      ['# Kit', '', '## Problem', 'Wallets fail.', '', '## Budget', '', '| Item | USD |', '| --- | --- |', '| Hosting | 100 |', ''].join('\n'),
    )
    expect(hiddenCommentCount(cleaned)).toBe(0)
  })

  it('removes a comment inside a line but not the line’s text, and keeps CRLF line breaks', () => {
    expect(removeTemplateHints('Wallets fail <!-- say how often --> daily.\n')).toBe('Wallets fail  daily.\n')
    expect(removeTemplateHints('## A\r\n<!-- hint -->\r\nText\r\n')).toBe('## A\r\nText\r\n')
  })

  it('leaves comments shown as code, and the checklist’s own control comments, alone', () => {
    const text = [
      'Use `<!-- x -->` to hide text.',
      '',
      '```html',
      '<!-- kept -->',
      '```',
      '<!-- checklist-disable-next-line blank-section -->',
      '## Later',
      '',
    ].join('\n')
    expect(templateHintCount(text)).toBe(0)
    expect(removeTemplateHints(text)).toBe(text)
  })
})
