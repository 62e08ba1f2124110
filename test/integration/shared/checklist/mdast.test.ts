import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { parse, postprocess, preprocess } from 'micromark'
import type { Event } from 'micromark-util-types'
import { describe, expect, it } from 'vitest'
import { flattenEvents } from '../../../../src/shared/checklist/flatten-events'
import { markdownToMdast, type ParseOptions } from '../../../../src/shared/checklist/mdast'
import { PARSE_OPTIONS, parseOptions } from '../../../../src/shared/checklist/parse'
import { CORPUS_DIR, corpusPresent } from '../../../support/corpus'
import { seededRandom } from '../../../support/random'

/**
 * The checklist's own compiler of micromark events must build exactly mdast-util-from-markdown's
 * tree (positions, spread, checked, start, align, values) with the checklist's options: the
 * rules were written and judged against that library's trees. Compared as JSON, so key order
 * and absent-versus-undefined count too.
 */
function expectLibraryTree(source: string, options: ParseOptions = PARSE_OPTIONS) {
  expect(JSON.stringify(markdownToMdast(source, options)), source).toBe(JSON.stringify(fromMarkdown(source, options)))
}

const constructs: Record<string, string> = {
  'empty text': '',
  'only blank lines': '\n\n  \n',
  'ATX headings, closed and empty': '# A\n## B ##\n###\n#### D #####   \n',
  'setext headings of both levels, with a lazy second line': 'Title\nmore\n=====\n\nSub\n---\n',
  paragraphs: 'one line\nanother line\n\nsecond paragraph   \n',
  'hard breaks, trailing spaces and a tab': 'line one  \nline two\t\nline three   \nend  ',
  'thematic breaks': '***\n- - -\n___\n',
  'tight and loose lists': '- a\n- b\n\n- c\n\n1. one\n2. two\n\n7) seven\n8) eight\n',
  'ordered list starting at 0 and at 42': '0. zero\n1. one\n\n42. answer\n',
  'nested lists and an item spread by a blank line inside it': '- a\n  - b\n\n    b continued\n- c\n  1. x\n  2. y\n',
  'list item with a blank first line': '-\n  text\n- next\n',
  'task lists: checked, unchecked, not first paragraph, empty after the check':
    '- [ ] todo\n- [x] done\n- [X] DONE\n- [ ]\n- text\n\n  [ ] not a check\n* [x]  two spaces\n',
  'block quotes, nested, lazy and with a list': '> quoted\nlazy line\n> > nested\n>\n> - item\n>   more\n',
  'fenced code with info and meta, tildes, unclosed': '```ts title="x"\nconst a = 1\n\n```\n~~~\ntilde\n~~~\n```\nnot closed\n',
  'fenced code that is empty and one inside a list': '```\n```\n- item\n  ```js\n  code\n  ```\n',
  'indented code with blank lines and trailing blank': '    code\n\n    more code\n\ntext\n',
  'HTML blocks of several kinds': '<div>\n<p>hi</p>\n</div>\n\n<!-- comment\nspans -->\n\n<?php x ?>\n\n<custom-tag>\ntext\n',
  'tables: alignment, escaped pipes, missing and extra cells, in a list':
    '| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 |\n| 1 | 2 | 3 | 4 |\n| \\| | x |\n\n- | h |\n  | - |\n  | v |\n',
  'table without leading pipe and a one-column table': 'a | b\n- | -\n1 | 2\n\n| x |\n| --- |\n',
  'a link reference definition (handed to fromMarkdown)': '[Foo Bar]: https://example.com "Title"\n\ntext [Foo bar]\n',
  // Lines of definitions only (read off the lines, see definitionsOnly in mdast.ts), and near misses.
  'a pasted image: one definition line': '[image1]: <data:image/png;base64,iVBORw0KGgo+/AAA=>',
  'definition lines with a blank line after, a mixed-case label, no space, an empty target': '[Img_1-a]: <data:x y>\n[B]:<>\n',
  'a definition line and text after it': '[a]: <b>\ntext\n',
  'definitions a character away from the simple form':
    '[a]:  <b>\n\n[a b]: <c>\n\n[a]: <b&amp;c>\n\n[a]: <b\\>c>\n\n[a]: <b> "t"\n\n [a]: <b>\n\n[a]: <b> \n\n[a]: <b\tc>\n',
  'inline markup stays text': 'A *b* and **c**, `code`, [link](https://x.y), <https://a.b>, &amp; \\* <span>x</span>\n',
  'tabs inside containers': '-\tone\n\t- two\n>\tquoted\n\tcode?\n',
  'a paragraph continued lazily into a list': '- item\ncontinued lazily\n- next\n',
  // Text that text-tokens.ts hands to micromark's own tokenizer: a NUL, and lines whose text
  // starts with a tab's remainder; the others are the task lists above.
  'a NUL character': 'a\u0000b\n# c\u0000\n',
  'tabs after container markers and in cells': '>\tfoo\n>\tbar\npara\n \tcontinued\n\n| a\tb |\n| - |\n|\tx |\n',
  'trailing spaces and tabs of every length before line endings and at the end': 'a \nb  \nc\t\nd \t \ne   \n    \nf  ',
}

/** The document's events as micromark's parser gives them, before `postprocess`. */
function documentEvents(source: string, options: ParseOptions): Event[] {
  return parse(options)
    .document()
    .write(preprocess()(source, undefined, true))
}

/** An event as the compiler reads it: kind, token type, span, and the value of a token that holds text. */
function eventLine([kind, token, context]: Event): string {
  // micromark's development build (the one tests load) asserts that a slice lies in one chunk run:
  // container tokens span several, and the compiler reads no value of theirs.
  const value = VALUED.has(token.type) ? JSON.stringify(context.sliceSerialize(token)) : ''
  return `${kind} ${token.type} ${token.start.line}:${token.start.column}@${token.start.offset}-${token.end.line}:${token.end.column}@${token.end.offset} ${value}`
}
const VALUED = new Set(['data', 'lineEnding', 'codeFlowValue', 'htmlFlowData', 'atxHeadingSequence', 'listItemValue', 'setextHeadingLineSequence'])

/**
 * flatten-events.ts must give what micromark's `postprocess` gives, event for event (each parse
 * is its own: both change the events they are given), and never hand the text back.
 */
function expectLibraryEvents(source: string, options: ParseOptions = PARSE_OPTIONS) {
  const flat = flattenEvents(documentEvents(source, options))
  expect(flat, source).not.toBeNull()
  expect(flat!.map(eventLine), source).toEqual(postprocess(documentEvents(source, options)).map(eventLine))
}

describe('the checklist compiler of micromark events into mdast', () => {
  for (const [name, source] of Object.entries(constructs)) {
    it(`builds the library's tree: ${name}`, () => {
      expectLibraryEvents(source)
      expectLibraryEvents(source, parseOptions(source))
      expectLibraryEvents(source.replace(/\n/g, '\r\n'))
      expectLibraryTree(source)
      expectLibraryTree(source, parseOptions(source))
      expectLibraryTree(source.replace(/\n/g, '\r\n'))
      expectLibraryTree(source.replace(/\n/g, '\r'))
    })
  }

  it("builds the library's tree for random mixes of every construct", () => {
    const pieces = [...Object.values(constructs).flatMap((text) => text.split('\n')), '', '', '  ', '- ', '1. ', '> ', '    ', '\t']
    const random = seededRandom(11)
    const seen = new Set<string>()
    for (let n = 0; n < 2000; n++) {
      const lines = Array.from({ length: 2 + Math.floor(random() * 12) }, () => {
        const piece = pieces[Math.floor(random() * pieces.length)]!
        // Some lines nested under a list marker or a quote marker, for containers of every kind.
        return random() < 0.2 ? `${random() < 0.5 ? '- ' : '> '}${piece}` : piece
      })
      const source = lines.join(random() < 0.2 ? '\r\n' : '\n')
      const tree = fromMarkdown(source, PARSE_OPTIONS)
      JSON.stringify(tree, (key, value: unknown) => {
        if (key === 'type' && typeof value === 'string') seen.add(value)
        return value
      })
      expect(JSON.stringify(markdownToMdast(source, PARSE_OPTIONS)), source).toBe(JSON.stringify(tree))
      expectLibraryEvents(source)
    }
    // The mixes held every kind of node the checklist's parse can build.
    for (const type of [
      'heading',
      'paragraph',
      'text',
      'break',
      'list',
      'listItem',
      'blockquote',
      'code',
      'html',
      'thematicBreak',
      'table',
      'tableRow',
      'tableCell',
      'definition',
    ]) {
      expect(seen, type).toContain(type)
    }
  })

  const present = corpusPresent('mdast.test (every real proposal)')
  it.skipIf(!present)(
    "builds the library's tree for every real proposal, and every 10th with CRLF and tabs",
    () => {
      const dir = join(CORPUS_DIR, 'drafts')
      const files = readdirSync(dir).sort()
      expect(files.length).toBeGreaterThan(500)
      files.forEach((file, index) => {
        const text = readFileSync(join(dir, file), 'utf8')
        expectLibraryTree(text, parseOptions(text))
        expectLibraryEvents(text, parseOptions(text))
        // Each definition line alone, as a lint session parses the block it is in.
        for (const line of text.split('\n').filter((l) => l.startsWith('['))) expectLibraryTree(`${line}\n`, parseOptions(line))
        if (index % 10 !== 0) return
        expectLibraryTree(text.replace(/\n/g, '\r\n'))
        expectLibraryTree(text.replace(/ {4}/g, '\t'))
      })
    },
    120_000,
  )
})
