import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { describe, expect, it } from 'vitest'
import { PARSE_OPTIONS, parseMarkdown } from '../../../../src/shared/checklist/parse'
import { isParagraphLine, type Lines, plainParagraph, simpleHeading, simpleList, simpleTable } from '../../../../src/shared/checklist/plain-blocks'
import { CORPUS_DIR, corpusPresent } from '../../../support/corpus'
import { seededRandom } from '../../../support/random'

/**
 * The blocks read off their lines (plain-blocks.ts) must be mdast-util-from-markdown's nodes,
 * key for key (compared as JSON), and the parse that uses them the library's tree; a line a
 * block reader is unsure of must go to micromark.
 */
function linesOf(source: string): Lines {
  const lineStart = [0]
  const re = /\r\n|\n|\r/g
  let m: RegExpExecArray | null
  while ((m = re.exec(source))) lineStart.push(m.index + m[0].length)
  return { source, lines: source.split(/\r\n|\n|\r/), lineStart }
}

function libraryChildren(source: string): string {
  return JSON.stringify(fromMarkdown(source, PARSE_OPTIONS).children)
}

function expectLibraryParse(source: string) {
  expect(JSON.stringify(parseMarkdown(source).children), source).toBe(libraryChildren(source))
  expect(JSON.stringify(parseMarkdown(source, { partSize: 0 }).children), source).toBe(libraryChildren(source))
}

describe('blocks read off their lines', () => {
  it.each([
    ['# Title', 1],
    ['###### Six deep', 6],
    ['## Budget (USD) — **total**', 2],
    ['## a # b', 2],
  ])('reads the heading %j as the library does', (source, depth) => {
    const heading = simpleHeading(linesOf(source), 0)
    expect(heading?.depth).toBe(depth)
    expect(JSON.stringify([heading])).toBe(libraryChildren(source))
  })

  it.each(['#', '# ', '#  Two spaces', '# Closed #', '# C#', '# Trailing ', '#\tTab', '####### seven', '#hashtag', ' # indented'])(
    'leaves the heading %j to micromark',
    (source) => {
      expect(simpleHeading(linesOf(source), 0)).toBeNull()
      expectLibraryParse(source)
    },
  )

  it.each([
    'one line',
    'line one  \nline two \nline three',
    'trailing spaces   \r\nand CRLF  \r\nend  ',
    '**Bold** start\n_emphasis_ start\n*one star* start',
    'Über, “quoted”, … and 中文\n$100 at 5% & more; (really)?\n1.5 million, 2024: year',
  ])('reads the paragraph %j as the library does', (source) => {
    const text = linesOf(source)
    expect(text.lines.every(isParagraphLine)).toBe(true)
    expect(JSON.stringify([plainParagraph(text, 0, text.lines.length)])).toBe(libraryChildren(source))
  })

  it.each(['- item', '* a\n* b\n', '+ a  \n+ b \n+ c', '1. one\n2. two\n\n\n3. three\n\n', '007) seven\n8) eight', '- **Lead**: Jane\n- Über\n\n- last'])(
    'reads the list %j as the library does',
    (source) => {
      const text = linesOf(source)
      const list = simpleList(text, 0, text.lines.length)
      expect(list).not.toBeNull()
      expect(JSON.stringify([list])).toBe(libraryChildren(source))
    },
  )

  it.each([
    ['a list item marker', ['- a', '* a', '+ a', '1. a', '2) a', '123456789. a', '1.', '3)']],
    ['a rule or an underline', ['***', '* * *', '___', '_ _ _', '---', '===']],
    ['another block', ['> quote', '```', '~~~', '<div>', '| a |', ':--', '[a]: b', '    code', '  indented', '\tTab', '#tag']],
    ['a character micromark reads differently', ['a\tb', 'a\u0000b', '\uFEFFbom', '** spaced', '__']],
  ])('leaves a line that may be %s to micromark', (_, lines) => {
    for (const line of lines) expect(isParagraphLine(line), line).toBe(false)
  })

  it.each([
    '- a\n* b',
    '1. a\n2) b',
    '- a\ncontinued',
    '- a\n  continued',
    '- a\n\n  more',
    '-  two spaces',
    '- [ ] task',
    '- # heading',
    '- - nested',
    '1. 2. x',
    '- a\n- ```',
  ])('leaves the list %j to micromark', (source) => {
    const text = linesOf(source)
    expect(simpleList(text, 0, text.lines.length)).toBeNull()
    expectLibraryParse(source)
  })

  it.each([
    '| a | b c |  \n|:--|--:|\n| 1 |  | x |\n|2|\n| |',
    '| Name | Role |\n| --- | :-: |\n| Jane | **Lead** |\n\n',
    '|a|\n|-|',
    '| Item | Cost (USD) |\r\n| - | -: |\r\n| `code|span` | 1,000 |',
  ])('reads the table %j as the library does', (source) => {
    const text = linesOf(source)
    const table = simpleTable(text, 0, text.lines.length)
    expect(table).not.toBeNull()
    expect(JSON.stringify([table])).toBe(libraryChildren(source))
  })

  it.each([
    '| a | b |\n| - |',
    '| a \\| b |\n| - | - |',
    'a | b\n- | -',
    ' | a |\n | - |',
    '| a |\n| - |\n\n| b |',
    '| a |\n| - |\ntext',
    '| a |\n| - |\n| b',
    '| a |\n| --- x |',
    '| a |',
  ])('leaves the table %j to micromark', (source) => {
    const text = linesOf(source)
    expect(simpleTable(text, 0, text.lines.length)).toBeNull()
    expectLibraryParse(source)
  })

  it('gives the library tree for 3,000 random mixes of plain blocks and their near misses', () => {
    const pieces = [
      '# Title',
      '## Sub title',
      '## Closed ##',
      '#',
      'Plain text line',
      'Text with two trailing spaces  ',
      'Text with one trailing space ',
      '**Bold** start',
      '_a_ b',
      'Über line',
      '1.5 million',
      '- item',
      '- item  ',
      '* star item',
      '+ plus item',
      '1. one',
      '2. two',
      '3) three',
      '- **Lead**: x',
      '  - nested',
      '   indented text',
      '    code',
      '-  wide',
      '- [ ] task',
      '* * *',
      '---',
      '===',
      '| a | b |',
      '| - | - |',
      '|:-|-:|',
      '| 1 |',
      '| 1 | 2 | 3 |',
      '| `x|y` | z |',
      '| a \\| b |',
      '| |',
      '| a | b |  ',
      'a | b',
      '> quote',
      '```',
      '<div>',
      '[a]: https://x.example',
      '\tTab',
      'a\tb',
      '',
      '',
      '',
      '  ',
    ]
    const random = seededRandom(5)
    for (let n = 0; n < 3000; n++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 14) }, () => pieces[Math.floor(random() * pieces.length)]!)
      const ending = random() < 0.15 ? '\r\n' : random() < 0.05 ? '\r' : '\n'
      expectLibraryParse(lines.join(ending) + (random() < 0.3 ? ending : ''))
    }
  })

  it.skipIf(!corpusPresent('plain-blocks.test (every real proposal)'))(
    'gives the library tree for every real proposal, most of whose blocks it reads off their lines',
    () => {
      const dir = join(CORPUS_DIR, 'drafts')
      let read = 0
      let blocks = 0
      for (const file of readdirSync(dir).sort()) {
        const source = readFileSync(join(dir, file), 'utf8')
        const children = parseMarkdown(source).children
        expect(JSON.stringify(children), file).toBe(libraryChildren(source))
        // Which top-level blocks are of the shapes readBlocks reads off their lines.
        const text = linesOf(source)
        for (const node of children) {
          blocks++
          const line = node.position!.start.line - 1
          if (node.type === 'heading' && simpleHeading(text, line)) read++
          else if (node.type === 'list' && simpleList(text, line, node.position!.end.line)) read++
          else if (node.type === 'table' && simpleTable(text, line, node.position!.end.line)) read++
          else if (node.type === 'paragraph' && text.lines.slice(line, node.position!.end.line).every(isParagraphLine)) read++
        }
      }
      // Most blocks of real proposals take the path without micromark, so the comparison above covers it.
      expect(read / blocks).toBeGreaterThan(0.5)
    },
    120_000,
  )
})
