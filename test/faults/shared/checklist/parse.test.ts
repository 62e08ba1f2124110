/**
 * The section-wise parse (src/shared/checklist/parse.ts) under thousands of seeded random
 * documents of risky lines: each must give exactly the tree of a whole-document parse. Moved
 * from the pure tier (test/unit/shared/checklist/parse.test.ts keeps the hand-picked cases),
 * where these two sweeps were most of its time: the reference parse of 5,000 documents.
 * Part size 0 splits at every split point, so the small documents here are really split.
 */
import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { PARSE_OPTIONS, parseMarkdown, parseOptions } from '../../../../src/shared/checklist/parse'
import { seededRandom } from '../../../support/random'

describe('parseMarkdown (section-wise) on random documents', () => {
  it('gives the whole-document tree for 2,000 random documents of risky lines', () => {
    const pieces = [
      '# H1',
      '## H2',
      '### H3',
      'text line',
      '',
      '',
      '- item',
      '  - nested',
      '1. one',
      '> quote',
      '```',
      '~~~',
      '```js',
      '<!-- c',
      '-->',
      '<!-- one -->',
      '<div>',
      '</div>',
      '<pre>',
      '</pre>',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
      '    code',
      'Setext',
      '===',
      '---',
      '#tag',
      '- [ ] task',
      '<?php',
      '?>',
      '* * *',
      '[ref]: https://x.example',
      '  ```',
      ' ~~~',
      '  <!--',
      ' <div>',
      '<p>para</p>',
      '  # H1 indented',
      '<script>',
      '</script>',
      '<![CDATA[',
      ']]>',
      '\t```',
      '> ```',
    ]
    const random = seededRandom(42)
    for (let n = 0; n < 2000; n++) {
      const lines = Array.from({ length: 5 + Math.floor(random() * 30) }, () => pieces[Math.floor(random() * pieces.length)]!)
      const source = lines.join('\n')
      expect(parseMarkdown(source, { partSize: 0 }).children, source).toEqual(fromMarkdown(source, PARSE_OPTIONS).children)
    }
  })

  it('parses text without a possible delimiter row without the table extension, to the same tree', () => {
    // Tables as micromark-extension-gfm-table reads them: no pipe at all (`:-` is a delimiter
    // row), in block quotes and list items, indented by tabs; and near misses that are none.
    expect(parseOptions('a\n:-\n')).toBe(PARSE_OPTIONS)
    expect(fromMarkdown('a\n:-\n', PARSE_OPTIONS).children[0]?.type).toBe('table')
    expect(parseOptions('> | a |\n> | - |\n')).toBe(PARSE_OPTIONS)
    expect(parseOptions('- | a |\n\t| - |\n')).toBe(PARSE_OPTIONS)
    expect(parseOptions('a | b\n---\n')).not.toBe(PARSE_OPTIONS)
    const pieces = [
      'a',
      'a | b',
      '| a | b |',
      '| a |',
      ':-',
      '-:',
      ':-:',
      '--',
      '-|-',
      '| - | - |',
      '|-|',
      '| :- |',
      '---',
      '- item',
      '  | - |',
      '\t:--',
      '> | a |',
      '> | - |',
      '>:-',
      '- | a |',
      '1. a | b',
      '',
      '# H',
      '```',
      '    | - |',
      '| - | x',
      '-- | --',
    ]
    const random = seededRandom(7)
    const seen = { tables: 0, guarded: 0 }
    for (let n = 0; n < 3000; n++) {
      const source = Array.from({ length: 2 + Math.floor(random() * 8) }, () => pieces[Math.floor(random() * pieces.length)]!).join(
        random() < 0.2 ? '\r\n' : '\n',
      )
      const whole = fromMarkdown(source, PARSE_OPTIONS)
      if (JSON.stringify(whole).includes('"table"')) seen.tables++
      if (parseOptions(source) !== PARSE_OPTIONS) seen.guarded++
      expect(parseMarkdown(source, { partSize: 0 }).children, source).toEqual(whole.children)
    }
    // Both kinds of text came up, so the comparison above covered each.
    expect(seen.tables).toBeGreaterThan(300)
    expect(seen.guarded).toBeGreaterThan(100)
  })
})
