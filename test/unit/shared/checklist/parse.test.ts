import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { PARSE_OPTIONS, parseMarkdown, parsePitch, plainText, splitPoints, stripInline } from '../../../../src/shared/checklist/parse'
import { demoFixture } from '../../../../src/service/demo-data'
import { FIXTURES } from '../../../support/checklist'
import { seededRandom } from '../../../support/random'

/**
 * The section-wise parse must give exactly the tree of a whole-document parse. Part size 0
 * splits at every split point, so the small documents here are really split. The sweeps over
 * thousands of random documents are in test/faults/shared/checklist/parse.test.ts.
 */
function expectSameTree(source: string) {
  expect(parseMarkdown(source, { partSize: 0 }).children).toEqual(fromMarkdown(source, PARSE_OPTIONS).children)
}

const tricky: Record<string, string> = {
  'headings only': '# A\n## B\n### C\n',
  'heading on line 1 and text before the next': '# Title\ntext\n## Next\nmore',
  'fenced code with a heading inside': '# A\n\n```md\n# not a heading\n## nor this\n```\n\n## B\n',
  'tilde fence, longer closing fence': '# A\n~~~\n# inside\n~~~~~\n## B\n',
  'backtick fence not closed by tildes': '# A\n```\n# inside\n~~~\n# still inside\n```\n## B\n',
  'unterminated fence runs to the end': '# A\n```\n# inside\n## inside too\n',
  'comment spanning heading lines': '# A\n<!-- start\n# inside the comment\n-->\n## B\ntext\n',
  'one-line comment then heading': '# A\n<!-- hint -->\n## B\n',
  'div block swallowing a heading line': '# A\n\n<div>\n# inside html\n</div>\n\n## B\n',
  'pre block with blank lines': '# A\n<pre>\n\n# inside\n\n</pre>\n## B\n',
  'list then heading': '# A\n- one\n- two\n  continued\n## B\n- three\n',
  'blockquote then heading': '# A\n> quoted\n> # quoted heading\n## B\n',
  'setext headings': 'Title\n=====\n\ntext\n\nSub\n---\n# ATX\ntext',
  'table then heading': '# A\n| a | b |\n| - | - |\n| 1 | 2 |\n## B\n| c |\n| - |\n| 3 |\n',
  'CRLF line endings': '# A\r\ntext\r\n## B\r\n- item\r\n',
  'CR line endings': '# A\rtext\r## B\rmore\r',
  'hashtags are not headings': '# A\n#hashtag line\n##also not\n## B\n',
  'indented heading is not split': '# A\n   ## indented heading\n## B\n',
  'empty heading and closing hashes': '# A\n#\n## B ##\n###### six\n',
  'lazy paragraph continuation': '# A\n> quote\nlazy line\n# B\n',
  'task list': '# A\n- [ ] todo\n- [x] done\n## B\n',
  'empty document': '',
  'no trailing newline': '# A\ntext',
}

describe('parseMarkdown (section-wise)', () => {
  it.each(Object.entries(tricky))('gives the whole-document tree for: %s', (_, source) => expectSameTree(source))

  it('gives the whole-document tree for every demo template and the good pitch', () => {
    for (const grant of demoFixture(new Date('2026-11-21T00:00:00Z')).grants) expectSameTree(grant.template_md)
    expectSameTree(readFileSync(join(FIXTURES, 'good-pitch.md'), 'utf8'))
  })

  it('merges parts up to about 2 KB and still gives the whole-document tree', () => {
    const source = Array.from({ length: 400 }, (_, i) => `## Section ${i}\n\n- item ${i}\n\n| a |\n| - |\n| ${i} |\n`).join('')
    expect(source.length).toBeGreaterThan(10_000)
    expect(parseMarkdown(source).children).toEqual(fromMarkdown(source, PARSE_OPTIONS).children)
  })

  it('splits at top-level headings only', () => {
    expect(splitPoints(['# A', 'x', '## B', '```', '# c', '```', '### D'])).toEqual([2, 6])
  })
})

describe('parsePitch', () => {
  const source = [
    'Intro line.', // 1
    '', // 2
    '# Title', // 3
    '', // 4
    '## Milestones', // 5
    '<!-- hint -->', // 6
    '### M1 **Core**', // 7
    'Build it.', // 8
    '### M2', // 9
    'Ship it.', // 10
    '## Team', // 11
    'Ada.', // 12
  ].join('\n')
  const doc = parsePitch(source)

  it('indexes the preamble and every heading with its depth, line and plain title', () => {
    expect(doc.sections.map((s) => [s.title, s.depth, s.line])).toEqual([
      ['', 0, 1],
      ['Title', 1, 3],
      ['Milestones', 2, 5],
      ['M1 Core', 3, 7],
      ['M2', 3, 9],
      ['Team', 2, 11],
    ])
  })

  it('gives each section its own blocks and, separately, its blocks with subsections', () => {
    const milestones = doc.sections[2]!
    expect(milestones.ownNodes.map((n) => n.type)).toEqual(['html'])
    expect(milestones.nodes.map((n) => n.type)).toEqual(['html', 'heading', 'paragraph', 'heading', 'paragraph'])
    expect(milestones.endLine).toBe(10)
    expect(milestones.text).toBe('<!-- hint -->\n### M1 **Core**\nBuild it.\n### M2\nShip it.')
    expect(doc.sections[1]!.endLine).toBe(12)
  })

  it('keeps inline Markdown as text for the rules to read', () => {
    const paragraph = parsePitch('See [GitHub](https://github.com/a/b) and `code` **now**.').root.children[0]!
    expect(paragraph.type).toBe('paragraph')
    expect(plainText(paragraph)).toBe('See GitHub and code now.')
    expect(JSON.stringify(paragraph)).toContain('[GitHub](https://github.com/a/b)')
  })
})

describe('stripInline', () => {
  /** What it was before each pattern ran only on text that could match it. */
  const stripAll = (text: string) =>
    text
      .replace(/!?\[([^[\]\n]*)\]\([^()\n]*\)/g, '$1')
      .replace(/[*_~`]+/g, '')
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')

  it('gives what running every pattern gave, on 5,000 random texts', () => {
    const pieces = ['[', ']', '(', ')', '](', '!', '\\', '*', '_', '`', '~', 'a', ' ', '\n', '\\*', '\\\\', '[a](b)', '![i](u)']
    const random = seededRandom(5)
    let changed = 0
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]!).join('')
      const expected = stripAll(text)
      if (expected !== text.replace(/[*_~`]+/g, '')) changed++
      expect(stripInline(text), JSON.stringify(text)).toEqual(expected)
    }
    // Links and escapes came up often, so both guarded patterns were compared.
    expect(changed).toBeGreaterThan(1000)
  })
})
